// Exposed as carriers/CarrierDetailsPage (RemoteModuleIds.carrierDetailsPage): a broker carrier's details as a
// page, where the universal search's carrier result goes (decision 0017). The same view as the preview.
import type { CarrierDetailsPageProps } from '@loadline/ui';
import { CarrierPreviewModal } from './components/CarrierPreviewModal/index.ts';

export default function CarrierDetailsPage({ carrierMasterId }: CarrierDetailsPageProps) {
  return <CarrierPreviewModal carrierMasterId={carrierMasterId} opened onClose={() => undefined} asPage />;
}
