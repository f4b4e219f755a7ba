// GET /api/universalSearch/{shipments|organizations|staff|carriers}?query=… (spec 001 §7; carriers,
// decision 0017), one call per kind.

import type { UniversalSearchKind } from '@loadline/contracts';
import type { paths as CarriersPaths } from '@loadline/contracts/types/carriers';
import type { GatewayClient } from './ApiContext.tsx';
import type { ApiClient } from './client.ts';
import type { GatewayPaths, UniversalSearchResult } from './types.ts';

/**
 * The shipments service has not committed its OpenAPI types yet. Its universal search answers the same
 * contract as the directory's (001 §3 search result), so it is typed as that operation until
 * contracts/types/shipments.ts exists and joins GatewayPaths.
 */
type ShipmentSearchPaths = {
  '/api/universalSearch/shipments': GatewayPaths['/api/universalSearch/organizations'];
};
type CarrierSearchPaths = Pick<CarriersPaths, '/api/universalSearch/carriers'>;

export type SearchOutcome = { ok: true; results: UniversalSearchResult[] } | { ok: false; aborted: boolean };

export async function searchKind(
  client: GatewayClient,
  kind: UniversalSearchKind,
  query: string,
  signal?: AbortSignal,
): Promise<SearchOutcome> {
  const init = { params: { query: { query } }, ...(signal ? { signal } : {}) };
  try {
    const { data, response } =
      kind === 'shipments'
        ? await (client as unknown as ApiClient<ShipmentSearchPaths>).GET(
            '/api/universalSearch/shipments',
            init,
          )
        : kind === 'carriers'
          ? await (client as unknown as ApiClient<CarrierSearchPaths>).GET(
              '/api/universalSearch/carriers',
              init,
            )
          : kind === 'organizations'
            ? await client.GET('/api/universalSearch/organizations', init)
            : await client.GET('/api/universalSearch/staff', init);
    if (data) return { ok: true, results: [...data] };
    // A kind whose service is not deployed answers 404: that kind has nothing to offer, say nothing.
    if (response.status === 404) return { ok: true, results: [] };
    return { ok: false, aborted: false };
  } catch {
    return { ok: false, aborted: signal?.aborted ?? false };
  }
}
