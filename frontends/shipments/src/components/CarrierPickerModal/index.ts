export {
  CarrierPickerModal,
  type CarrierPickerModalProps,
  carrierPickerTexts,
  legHasCarrier,
} from './CarrierPickerModal.tsx';
