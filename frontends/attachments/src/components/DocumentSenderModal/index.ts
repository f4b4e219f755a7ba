export { DocumentSenderModal, type DocumentSenderModalProps, QUEUED_TEXT } from './DocumentSenderModal.tsx';
