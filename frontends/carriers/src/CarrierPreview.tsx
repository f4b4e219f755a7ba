// Exposed as carriers/CarrierPreview (RemoteModuleIds.carrierPreview): the carrier details preview
// (000 §2 item 11, 001 §2) as a modal.
import type { CarrierPreviewProps } from '@loadline/ui';
import { CarrierPreviewModal } from './components/CarrierPreviewModal/index.ts';

export default function CarrierPreview(props: CarrierPreviewProps) {
  return <CarrierPreviewModal {...props} />;
}
