import { type ApiClient, type GatewayPaths, useApi } from '@loadline/ui';
import type { CarriersPaths } from './types.ts';

/**
 * The shell's one gateway client (useApi), seen with the carriers service's paths too: the same object
 * (same origin, cookies, no-cache headers, 401 handling), only its type knows more paths.
 */
export type CarriersClient = ApiClient<GatewayPaths & CarriersPaths>;

export function useCarriersApi(): CarriersClient {
  return useApi() as unknown as CarriersClient;
}

/** What a call gave: the body on success, else the HTTP status (0 without an answer) and the error body. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

/** Runs an openapi-fetch call and folds its answer, a refusal or a network failure into an Outcome. */
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
