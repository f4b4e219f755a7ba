export { InvoicesPage, invoicesLoadFailed } from './InvoicesPage.tsx';
