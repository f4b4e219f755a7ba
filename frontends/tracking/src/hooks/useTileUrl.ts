import { useLoad } from '@loadline/ui';
import { trackingCalls, useTrackingApi } from '../api/client.ts';

let cached: Promise<string | null> | undefined;

/** The map tile server the gateway names (GET /api/config `mapTileUrl`), once per page; null: none. */
export function useTileUrl(): string | null | undefined {
  const client = useTrackingApi();
  const load = useLoad('mapTileUrl', async () => {
    cached ??= trackingCalls(client)
      .config()
      .then((answer) => (answer.ok ? (answer.data.mapTileUrl ?? null) : null));
    return { ok: true, data: await cached };
  });
  return load.state === 'loaded' ? load.data : undefined;
}
