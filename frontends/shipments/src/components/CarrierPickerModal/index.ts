export {
  CarrierPickerModal,
  type CarrierPickerModalProps,
  carrierPickerTexts,
} from './CarrierPickerModal.tsx';
