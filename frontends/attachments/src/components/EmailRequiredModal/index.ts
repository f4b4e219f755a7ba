export { EmailRequiredModal, type EmailRequiredModalProps } from './EmailRequiredModal.tsx';
