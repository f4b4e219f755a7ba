import { type ApiClient, type GatewayPaths, useRemoteApi } from '@loadline/ui';
import type { CarriersPaths } from './types.ts';

/**
 * The shell's one gateway client (useApi), seen with the carriers service's paths too: the same object
 * (same origin, cookies, no-cache headers, 401 handling), only its type knows more paths.
 */
export type CarriersClient = ApiClient<GatewayPaths & CarriersPaths>;

export function useCarriersApi(): CarriersClient {
  return useRemoteApi<CarriersPaths>();
}
