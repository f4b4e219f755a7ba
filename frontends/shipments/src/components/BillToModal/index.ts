export { BillToModal, type BillToModalProps } from './BillToModal.tsx';
