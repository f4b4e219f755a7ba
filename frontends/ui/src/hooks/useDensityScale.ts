import type { DensityScaleId } from '@loadline/contracts';
import { useApi } from '../api/ApiContext.tsx';
import { useLoad } from './useLoad.ts';

/**
 * The class calculator's density scale for the signed-in user's broker (000 §6, 002 §6.4): the server decides it
 * from the broker's settings and feature flags (GET /api/featureFlags), since a customer may not read its
 * broker's organization; 'standard' until then. `brokerId` keys the load, so another user's broker loads anew.
 */
export function useDensityScale(brokerId: string | null | undefined): DensityScaleId {
  const client = useApi();
  const read = useLoad(brokerId ? ['densityScale', brokerId] : null, async () => {
    const answer = await client.GET('/api/featureFlags').catch(() => undefined);
    return { ok: true as const, data: answer?.data?.densityScale ?? 'standard' };
  });
  const scale: DensityScaleId = read.last ?? 'standard';
  return scale;
}
