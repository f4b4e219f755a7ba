import { useEffect, useState } from 'react';
import { useShipmentsApi } from '../api/client.ts';
import { getFeatureFlags } from '../api/shipments.ts';

/** GET /api/featureFlags: the flags on for the caller's broker (none until they have loaded or if it fails). */
export function useFeatureFlags(enabled = true): readonly string[] {
  const client = useShipmentsApi();
  const [flags, setFlags] = useState<readonly string[]>([]);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void getFeatureFlags(client).then((f) => live && setFlags(f));
    return () => {
      live = false;
    };
  }, [client, enabled]);
  return flags;
}
