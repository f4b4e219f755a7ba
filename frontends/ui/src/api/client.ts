import { NO_CACHE_HEADERS } from '@loadline/contracts';
import createClient, { type Client, type Middleware } from 'openapi-fetch';

export interface ApiClientOptions {
  /**
   * Everything goes through the gateway on the page's own origin, so the default is the same origin
   * (`''` resolved against `location.origin`, which also lets the client run where relative URLs cannot be
   * parsed, such as jsdom). Tests and tools may point elsewhere.
   */
  baseUrl?: string;
  /** Called on every 401 answer: the shell sends the user to the login page. */
  onUnauthorized?: (response: Response) => void;
  fetch?: (input: Request) => Promise<Response>;
}

export type ApiClient<Paths extends {}> = Client<Paths>;

function sameOriginBaseUrl(): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? origin : '';
}

/**
 * A typed client over openapi-fetch for one OpenAPI document (`paths` generated into
 * `@loadline/contracts/types/*`). Cookies ride along (`credentials: 'include'`): the gateway's session.
 * Every request carries the no-cache header (spec 000 §7, 001 §9).
 */
export function createApiClient<Paths extends {}>(options: ApiClientOptions = {}): ApiClient<Paths> {
  const client = createClient<Paths>({
    baseUrl: options.baseUrl ?? sameOriginBaseUrl(),
    credentials: 'include',
    headers: { ...NO_CACHE_HEADERS },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const { onUnauthorized } = options;
  if (onUnauthorized) {
    const unauthorized: Middleware = {
      onResponse({ response }) {
        if (response.status === 401) onUnauthorized(response);
        return undefined;
      },
    };
    client.use(unauthorized);
  }
  return client;
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
