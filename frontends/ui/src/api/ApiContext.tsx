import { createContext, type ReactNode, useContext } from 'react';
import type { ApiClient } from './client.ts';
import type { GatewayPaths } from './types.ts';

export type GatewayClient = ApiClient<GatewayPaths>;

const ApiContext = createContext<GatewayClient | null>(null);

/** Gives every component below the shell's one gateway client (made with `createApiClient`). */
export function ApiProvider({ client, children }: { client: GatewayClient; children: ReactNode }) {
  return <ApiContext.Provider value={client}>{children}</ApiContext.Provider>;
}

export function useApi(): GatewayClient {
  const client = useContext(ApiContext);
  if (!client) throw new Error('useApi: no ApiProvider above this component');
  return client;
}

/**
 * The same one client, seen with a remote's own service paths too (its generated contract types): same
 * origin, cookies, no-cache headers and 401 handling; only the type knows more paths.
 */
export function useRemoteApi<RemotePaths extends {}>(): ApiClient<GatewayPaths & RemotePaths> {
  return useApi() as unknown as ApiClient<GatewayPaths & RemotePaths>;
}
