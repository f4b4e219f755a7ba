export {
  CARRIER_LOAD_FAILED_TEXT,
  CarrierPreviewModal,
  type CarrierPreviewModalProps,
  carrierActivityLogModule,
} from './CarrierPreviewModal.tsx';
