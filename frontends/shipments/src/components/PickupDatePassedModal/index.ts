export { PickupDatePassedModal, type PickupDatePassedModalProps } from './PickupDatePassedModal.tsx';
