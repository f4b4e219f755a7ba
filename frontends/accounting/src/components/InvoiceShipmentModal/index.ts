export {
  InvoiceShipmentModal,
  type InvoiceShipmentModalProps,
  invoicesCreatedText,
} from './InvoiceShipmentModal.tsx';
