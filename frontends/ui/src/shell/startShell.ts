// What both shells do before the first render: one gateway client, the session, the run-time config and
// the remotes it names. The Module Federation runtime is passed in, so this package needs no build plugin.

import type { GatewayClient } from '../api/ApiContext.tsx';
import { createApiClient } from '../api/client.ts';
import { fetchShellConfig, remotesOf } from '../api/config.ts';
import { createSessionStore, type SessionStore } from '../api/session.ts';
import type { GatewayPaths, ShellConfig } from '../api/types.ts';
import { fetchEarlyOrNow } from './earlyRequests.ts';

/** Where the shells are mounted (tilt.yaml `shells:`; the gateway serves them there). */
export const ShellPaths = Object.freeze({
  backOffice: '/back-office',
  frontOffice: '/front-office',
} as const);

/** The two calls of Module Federation's runtime (`@module-federation/enhanced/runtime`) a shell uses. */
export interface FederationRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
  loadRemote: <T>(id: string) => Promise<T | null>;
}

export interface ShellRuntime {
  client: GatewayClient;
  session: SessionStore;
  /** Undefined when GET /api/config failed: the shell still runs, its remotes show their error panels. */
  config: ShellConfig | undefined;
  /**
   * Loads `<remote>/<module>`. With `fresh`, the remote is registered again first, which drops the
   * runtime's cached failure (a manifest that did not load stays failed otherwise): the retry button.
   */
  loadRemote: <T>(id: string, options?: { fresh?: boolean }) => Promise<T | null>;
}

export async function startShell(federation: FederationRuntime): Promise<ShellRuntime> {
  const session = createSessionStore();
  // The GETs the entry script started (earlyRequests.ts) answer the client's first requests.
  const client = createApiClient<GatewayPaths>({
    onUnauthorized: () => session.expire(),
    fetch: fetchEarlyOrNow,
  });
  const [config] = await Promise.all([fetchShellConfig(client), session.load(client)]);
  const remotes = remotesOf(config);
  try {
    federation.registerRemotes(remotes);
  } catch (error) {
    console.error('Could not register the remotes of /api/config', error);
  }
  return {
    client,
    session,
    config,
    loadRemote: async <T>(id: string, options?: { fresh?: boolean }) => {
      const remote = remotes.find((r) => id === r.name || id.startsWith(`${r.name}/`));
      if (!remote)
        throw new Error(
          `No remote for ${id}: GET /api/config names ${remotes.map((r) => r.name).join(', ') || 'none'}`,
        );
      if (options?.fresh) federation.registerRemotes([remote], { force: true });
      return federation.loadRemote<T>(id);
    },
  };
}
