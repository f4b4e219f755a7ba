import { type ApiClient, type GatewayPaths, useRemoteApi } from '@loadline/ui';
import type { RemotePaths } from './types.ts';

/**
 * The shell's one gateway client (useApi), seen with the attachments service's paths too: the same object
 * (same origin, cookies, no-cache headers, 401 handling), only its type knows more paths.
 */
export type AttachmentsClient = ApiClient<GatewayPaths & RemotePaths>;

export function useAttachmentsApi(): AttachmentsClient {
  return useRemoteApi<RemotePaths>();
}
