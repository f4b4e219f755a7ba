export {
  type EmailActivityModalProps,
  EmailDismissModal,
  EmailReassignModal,
} from './EmailActivityModals.tsx';
