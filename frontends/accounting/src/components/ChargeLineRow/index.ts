export { ChargeLineRow, type ChargeLineRowProps } from './ChargeLineRow.tsx';
