export { CarrierCard, type CarrierCardProps } from './CarrierCard.tsx';
