import { useEffect, useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { getLastLocation } from '../api/shipments.ts';
import type { LastLocation } from '../api/types.ts';

export type LastLocationState = { state: 'loading' } | { state: 'loaded'; location: LastLocation | null };

/** GET /api/Lastlocation/{id}; a failed call (e.g. the tracking service not deployed) counts as no location. */
export function useLastLocation(shipmentId: number): LastLocationState {
  const client = useShipmentsApi();
  const [load, setLoad] = useState<LastLocationState>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    void getLastLocation(client, shipmentId).then((answer) => {
      if (live) setLoad({ state: 'loaded', location: answer.ok ? answer.data : null });
    });
    return () => {
      live = false;
    };
  }, [client, shipmentId]);
  return load;
}
