export { AttachmentsModal, type AttachmentsModalProps } from './AttachmentsModal.tsx';
