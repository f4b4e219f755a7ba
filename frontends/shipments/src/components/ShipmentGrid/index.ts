export { ShipmentGrid, type ShipmentGridProps, type ShipmentSort } from './ShipmentGrid.tsx';
