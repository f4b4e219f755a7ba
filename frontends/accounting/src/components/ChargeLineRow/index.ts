export { ChargeLineRow, type ChargeLineRowProps, type LineChoices } from './ChargeLineRow.tsx';
