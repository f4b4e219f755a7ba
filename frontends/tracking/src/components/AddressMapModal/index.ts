export { AddressMapModal, type AddressMapModalProps } from './AddressMapModal.tsx';
