// Exposed as `accounting/AccountingSyncPage` (props: AccountingSyncPageProps in @loadline/ui's remotes.ts): the
// accounting sync page of the back office (/back-office/accounting/sync).
import { AccountingSyncPage } from './components/AccountingSyncPage/index.ts';

export type { AccountingSyncPageProps } from '@loadline/ui';
export { AccountingSyncPage };
export default AccountingSyncPage;
