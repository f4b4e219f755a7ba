import {
  BrokerOrganizationSetting,
  type DensityScaleId,
  FeatureFlag,
  selectDensityScale,
} from '@loadline/contracts';
import { useApi } from '../api/ApiContext.tsx';
import { useLoad } from './useLoad.ts';

/**
 * The class calculator's density scale for the signed-in user's broker (000 §6, 002 §6.4): the broker
 * setting UseAlternateClassEstimatorDensityScale, else the FreightClassScaleUpdate feature flag, else the
 * standard scale. Reads GET /api/organizations/{brokerId} and GET /api/featureFlags; 'standard' until then.
 */
export function useDensityScale(brokerId: string | null | undefined): DensityScaleId {
  const client = useApi();
  const read = useLoad(brokerId ? ['densityScale', brokerId] : null, async () => {
    const [broker, flags] = await Promise.all([
      client
        .GET('/api/organizations/{organizationId}', { params: { path: { organizationId: brokerId! } } })
        .catch(() => undefined),
      client.GET('/api/featureFlags').catch(() => undefined),
    ]);
    const settings = broker?.data?.brokerSettings ?? 0;
    const scale = selectDensityScale({
      useAlternateClassEstimatorDensityScale: BrokerOrganizationSetting.has(
        settings,
        'UseAlternateClassEstimatorDensityScale',
      ),
      freightClassScaleUpdate: (flags?.data?.flags ?? []).includes(
        FeatureFlag.byCode.FreightClassScaleUpdate.code,
      ),
    });
    return { ok: true as const, data: scale };
  });
  const scale: DensityScaleId = read.last ?? 'standard';
  return scale;
}
