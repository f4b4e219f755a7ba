import { useEffect, useState } from 'react';
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
  const [load, setLoad] = useState<ShipmentListState>({ state: 'loading' });
  const key = JSON.stringify([query, round]);
  useEffect(() => {
    const controller = new AbortController();
    setLoad((previous) =>
      previous.state === 'loaded' ? { state: 'loading', list: previous.list } : { state: 'loading' },
    );
    const [asked] = JSON.parse(key) as [ShipmentListQuery, number];
    void listShipments(client, asked, controller.signal).then((answer) => {
      if (controller.signal.aborted) return;
      setLoad(answer.ok ? { state: 'loaded', list: answer.data } : { state: 'failed' });
    });
    return () => controller.abort();
  }, [client, key]);
  return load;
}
