export { Commissions, rateText } from './Commissions.tsx';
