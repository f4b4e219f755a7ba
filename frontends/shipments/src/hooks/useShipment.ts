import { serverMessages, useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { getShipment } from '../api/shipments.ts';
import type { Shipment } from '../api/types.ts';

export type ShipmentState =
  | { state: 'loading' }
  | { state: 'loaded'; shipment: Shipment }
  /** the service's words, such as "Shipment 12345 was not found." */
  | { state: 'missing'; message: string | undefined }
  | { state: 'failed' };

/** GET /api/shipments/{id}, with `reload` after a change. A 404 (not there, or not the caller's) is 'missing'. */
export function useShipment(shipmentId: number): ShipmentState & { reload: () => void } {
  const client = useShipmentsApi();
  const load = useLoad(['shipment', shipmentId], () => getShipment(client, shipmentId));
  const reload = load.reload;
  if (load.state === 'loaded') return { state: 'loaded', shipment: load.data, reload };
  if (load.state === 'failed' && load.status === 404)
    return { state: 'missing', message: serverMessages(load.error)[0], reload };
  if (load.state === 'failed') return { state: 'failed', reload };
  return { state: 'loading', reload };
}
