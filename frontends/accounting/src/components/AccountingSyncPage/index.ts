export { AccountingSyncPage } from './AccountingSyncPage.tsx';
