export {
  BulkEmailSenderModal,
  type BulkEmailSenderModalProps,
  bulkAttachmentTypes,
  bulkDocumentCodes,
  CHOOSE_DOCUMENTS,
  ENTER_INVOICES,
  ENTER_ORGANIZATION,
  ENTER_SHIPMENTS,
} from './BulkEmailSenderModal.tsx';
