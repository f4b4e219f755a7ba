export { PaymentModal, type PaymentModalProps, paidText, profileLabel } from './PaymentModal.tsx';
