export { LazySupportRequestDialog as SupportRequestDialog } from './LazySupportRequestDialog.tsx';
export type { SupportRequestDialogProps } from './SupportRequestDialog.tsx';
