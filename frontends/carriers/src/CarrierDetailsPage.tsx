// Exposed as carriers/CarrierDetailsPage (RemoteModuleIds.carrierDetailsPage): a broker carrier's details as a
// page, where the universal search's carrier result goes (decision 0017). The same view as the preview, under
// a "‹ Carriers" link back to the list (decision 0118): opened from the list, to the list's search, filters
// and page (its query comes in the router state); opened otherwise, to the plain list.
import { BackLink, type CarrierDetailsPageProps, Stack, useLocation } from '@loadline/ui';
import { CARRIERS_LIST_PATH, type CarrierListRouterState } from './CarriersPage.tsx';
import { CarrierPreviewModal } from './components/CarrierPreviewModal/index.ts';

/** The list's query the page was opened with ('' when it was not opened from the list). */
function listSearchOf(state: unknown): string {
  const search = (state as Partial<CarrierListRouterState> | null)?.carrierListSearch;
  return typeof search === 'string' && search.startsWith('?') ? search : '';
}

export default function CarrierDetailsPage({ carrierMasterId }: CarrierDetailsPageProps) {
  const listPath = `${CARRIERS_LIST_PATH}${listSearchOf(useLocation().state)}`;
  return (
    <Stack gap="sm">
      <BackLink to={listPath}>‹ Carriers</BackLink>
      <CarrierPreviewModal carrierMasterId={carrierMasterId} opened onClose={() => undefined} asPage />
    </Stack>
  );
}
