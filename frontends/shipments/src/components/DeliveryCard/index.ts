export { DeliveryCard, type DeliveryCardProps } from './DeliveryCard.tsx';
