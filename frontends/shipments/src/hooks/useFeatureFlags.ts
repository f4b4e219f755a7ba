import { outcomeOfCall, useLoad } from '@loadline/ui';
import { useShipmentsApi } from '../api/client.ts';
import { getFeatureFlags } from '../api/shipments.ts';

const none: readonly string[] = [];

/** GET /api/featureFlags: the flags on for the caller's broker (none until they have loaded or if it fails). */
export function useFeatureFlags(enabled = true): readonly string[] {
  const client = useShipmentsApi();
  const load = useLoad(enabled ? 'featureFlags' : null, () => outcomeOfCall(getFeatureFlags(client)));
  return load.state === 'loaded' ? load.data : none;
}
