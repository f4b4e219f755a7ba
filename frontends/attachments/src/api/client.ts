import { type ApiClient, type GatewayPaths, useApi } from '@loadline/ui';
import type { RemotePaths } from './types.ts';

/**
 * The shell's one gateway client (useApi), seen with the attachments service's paths too: the same object
 * (same origin, cookies, no-cache headers, 401 handling), only its type knows more paths.
 */
export type AttachmentsClient = ApiClient<GatewayPaths & RemotePaths>;

export function useAttachmentsApi(): AttachmentsClient {
  return useApi() as unknown as AttachmentsClient;
}

/** What a call gave: the body on success, else the HTTP status (0 without an answer) and the error body. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

export async function outcomeOf<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok && error === undefined) return { ok: true, data: data as T };
    return { ok: false, status: response.status, error };
  } catch (error) {
    return { ok: false, status: 0, error };
  }
}
