export { AddChargeLine, type AddChargeLineProps } from './AddChargeLine.tsx';
