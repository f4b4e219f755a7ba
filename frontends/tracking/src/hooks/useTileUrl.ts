import { useEffect, useState } from 'react';
import { trackingCalls, useTrackingApi } from '../api/client.ts';

let cached: Promise<string | null> | undefined;

/** The map tile server the gateway names (GET /api/config `mapTileUrl`), once per page; null: none. */
export function useTileUrl(): string | null | undefined {
  const client = useTrackingApi();
  const [url, setUrl] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    cached ??= trackingCalls(client)
      .config()
      .then((answer) => (answer.ok ? (answer.data.mapTileUrl ?? null) : null));
    void cached.then((value) => {
      if (live) setUrl(value);
    });
    return () => {
      live = false;
    };
  }, [client]);
  return url;
}
