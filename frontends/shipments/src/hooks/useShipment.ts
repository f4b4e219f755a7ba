import { useCallback, useEffect, useMemo, useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { getShipment } from '../api/shipments.ts';
import type { Shipment } from '../api/types.ts';

export type ShipmentState =
  | { state: 'loading' }
  | { state: 'loaded'; shipment: Shipment }
  | { state: 'missing' }
  | { state: 'failed' };

/** GET /api/shipments/{id}, with `reload` after a change. A 404 (not there, or not the caller's) is 'missing'. */
export function useShipment(shipmentId: number): ShipmentState & { reload: () => void } {
  const client = useShipmentsApi();
  const [load, setLoad] = useState<ShipmentState>({ state: 'loading' });
  const [round, setRound] = useState(0);
  // A new request per shipment and per reload.
  const request = useMemo(() => ({ shipmentId, round }), [shipmentId, round]);
  useEffect(() => {
    let live = true;
    void getShipment(client, request.shipmentId).then((answer) => {
      if (!live) return;
      if (answer.ok) setLoad({ state: 'loaded', shipment: answer.data });
      else setLoad({ state: answer.status === 404 ? 'missing' : 'failed' });
    });
    return () => {
      live = false;
    };
  }, [client, request]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { ...load, reload };
}
