export { DUPLICATE_PRO_NUMBER_TEXT, EditStatusModal, type EditStatusModalProps } from './EditStatusModal.tsx';
