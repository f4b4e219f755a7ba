export { ShipmentActivityLog, ShipmentActivityLogModal } from './ShipmentActivityLog.tsx';
