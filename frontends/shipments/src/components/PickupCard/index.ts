export { PickupCard, type PickupCardProps, placeLine, type StopPlace } from './PickupCard.tsx';
