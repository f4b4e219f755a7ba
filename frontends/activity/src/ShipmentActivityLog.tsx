// Exposed as `activity/ShipmentActivityLog` (props: ShipmentActivityLogProps in @loadline/ui's remotes.ts): a
// shipment's activity log inline, e.g. the edit-status modal's operation notes (000 §2 item 2) or the
// shipment page's log, in either office.
import { ShipmentActivityLog } from './components/ShipmentActivityLog/index.ts';

export type { ShipmentActivityLogProps } from '@loadline/ui';
export { ShipmentActivityLog };
export default ShipmentActivityLog;
