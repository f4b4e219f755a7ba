import { type LoadState, useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { getShipment } from '../api/shipments.ts';
import type { Shipment } from '../api/types.ts';

export type ShipmentState =
  | { state: 'loading' }
  | { state: 'loaded'; shipment: Shipment }
  | { state: 'missing' }
  | { state: 'failed' };

/**
 * GET /api/shipments/{id}, with `reload` after a change. A 404 (not there, or not the caller's) is 'missing';
 * `read` is the read itself, for the platform's LoadView to show a failure.
 */
export function useShipment(
  shipmentId: number,
): ShipmentState & { reload: () => void; read: LoadState<Shipment> } {
  const client = useShipmentsApi();
  const load = useLoad(['shipment', shipmentId], () => getShipment(client, shipmentId));
  const { reload } = load;
  if (load.state === 'loaded') return { state: 'loaded', shipment: load.data, reload, read: load };
  if (load.state === 'failed')
    return { state: load.status === 404 ? 'missing' : 'failed', reload, read: load };
  return { state: 'loading', reload, read: load };
}
