import { useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { getLastLocation } from '../api/shipments.ts';
import type { LastLocation } from '../api/types.ts';

export type LastLocationState = { state: 'loading' } | { state: 'loaded'; location: LastLocation | null };

/** GET /api/Lastlocation/{id}; a failed call (e.g. the tracking service not deployed) counts as no location. */
export function useLastLocation(shipmentId: number): LastLocationState {
  const client = useShipmentsApi();
  const load = useLoad(['lastLocation', shipmentId], () => getLastLocation(client, shipmentId));
  if (load.state === 'loaded') return { state: 'loaded', location: load.data };
  if (load.state === 'failed') return { state: 'loaded', location: null };
  return { state: 'loading' };
}
