import { type ApiClient, type GatewayPaths, useRemoteApi } from '@loadline/ui';
import type { RemotePaths } from './types.ts';

/**
 * The shell's one gateway client (useApi), seen with the shipments service's paths too. @loadline/ui's
 * GatewayPaths does not list the shipments service yet (ui/src/api/types.ts); the client is the same object
 * (same origin, cookies, no-cache headers, 401 handling), only its type knows more paths.
 */
export type ShipmentsClient = ApiClient<GatewayPaths & RemotePaths>;

export function useShipmentsApi(): ShipmentsClient {
  return useRemoteApi<RemotePaths>();
}
