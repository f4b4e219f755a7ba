import {
  BrokerOrganizationSetting,
  type DensityScaleId,
  FeatureFlag,
  selectDensityScale,
} from '@loadline/contracts';
import { useEffect, useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';

/**
 * The class calculator's density scale for the signed-in user's broker (000 §6, 002 §6.4): the broker
 * setting UseAlternateClassEstimatorDensityScale, else the FreightClassScaleUpdate feature flag, else the
 * standard scale. Reads GET /api/organizations/{brokerId} and GET /api/featureFlags; 'standard' until then.
 */
export function useDensityScale(brokerId: string | null | undefined): DensityScaleId {
  const client = useApi();
  const [scale, setScale] = useState<DensityScaleId>('standard');
  useEffect(() => {
    if (!brokerId) return;
    let live = true;
    void Promise.all([
      client
        .GET('/api/organizations/{organizationId}', { params: { path: { organizationId: brokerId } } })
        .catch(() => undefined),
      client.GET('/api/featureFlags').catch(() => undefined),
    ]).then(([broker, flags]) => {
      if (!live) return;
      const settings = broker?.data?.brokerSettings ?? 0;
      setScale(
        selectDensityScale({
          useAlternateClassEstimatorDensityScale: BrokerOrganizationSetting.has(
            settings,
            'UseAlternateClassEstimatorDensityScale',
          ),
          freightClassScaleUpdate: (flags?.data?.flags ?? []).includes(
            FeatureFlag.byCode.FreightClassScaleUpdate.code,
          ),
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [client, brokerId]);
  return scale;
}
