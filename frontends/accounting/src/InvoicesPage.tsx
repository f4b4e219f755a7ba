// Exposed as `accounting/InvoicesPage` (props: InvoicesPageProps in @loadline/ui's remotes.ts): a customer's open
// invoices with Pay (card or bank account); the front office's /front-office/invoices.
import { InvoicesPage } from './components/InvoicesPage/index.ts';

export type { InvoicesPageProps } from '@loadline/ui';
export { InvoicesPage };
export default InvoicesPage;
