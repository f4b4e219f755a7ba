export { CreditHoldModal, type CreditHoldModalProps } from './CreditHoldModal.tsx';
