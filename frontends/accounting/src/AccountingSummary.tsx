// Exposed as `accounting/AccountingSummary` (props: AccountingSummaryProps in @loadline/ui's remotes.ts): a
// shipment's accounting summary with the inline editor and the invoice shipment modal; the back office's
// shipment page mounts it for staff.
import { AccountingSummary } from './components/AccountingSummary/index.ts';

export type { AccountingSummaryProps } from '@loadline/ui';
export { AccountingSummary };
export default AccountingSummary;
