import { useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { listShipments } from '../api/shipments.ts';
import type { ShipmentList, ShipmentListQuery } from '../api/types.ts';

export type ShipmentListState =
  | { state: 'loading'; list?: ShipmentList }
  | { state: 'loaded'; list: ShipmentList }
  | { state: 'failed' };

/**
 * GET /api/shipments with the grid's query; the previous page stays shown while the next one loads. A new
 * `round` asks again (after the user saved other columns).
 */
export function useShipmentList(query: ShipmentListQuery, round = 0): ShipmentListState {
  const client = useShipmentsApi();
  const load = useLoad(['shipments', query, round], (signal) => listShipments(client, query, signal));
  if (load.state === 'loaded') return { state: 'loaded', list: load.data };
  if (load.state === 'failed') return { state: 'failed' };
  // The last page shown stays on screen while the next one loads.
  return load.last ? { state: 'loading', list: load.last } : { state: 'loading' };
}
