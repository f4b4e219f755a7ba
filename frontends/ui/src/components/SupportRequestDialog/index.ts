export { SupportRequestDialog, type SupportRequestDialogProps } from './SupportRequestDialog.tsx';
