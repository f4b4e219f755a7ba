// Exposed as `activity/ShipmentActivityLogModal` (props: ShipmentActivityLogModalProps in @loadline/ui's
// remotes.ts): the shipment activity log modal (000 §2 item 9).
import { ShipmentActivityLogModal } from './components/ShipmentActivityLog/index.ts';

export type { ShipmentActivityLogModalProps } from '@loadline/ui';
export { ShipmentActivityLogModal };
export default ShipmentActivityLogModal;
