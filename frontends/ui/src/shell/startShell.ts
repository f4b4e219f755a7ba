// What both shells do before the first render: one gateway client, the session, the run-time config and
// the remotes it names. The Module Federation runtime is passed in, so this package needs no build plugin.

import { createApiClient } from '../api/client.ts';
import type { GatewayClient } from '../api/ApiContext.tsx';
import { fetchShellConfig, remotesOf } from '../api/config.ts';
import { createSessionStore, type SessionStore } from '../api/session.ts';
import type { GatewayPaths, ShellConfig } from '../api/types.ts';

/** Where the shells are mounted (tilt.yaml `shells:`; the gateway serves them there). */
export const ShellPaths = Object.freeze({ backOffice: '/back-office', frontOffice: '/front-office' } as const);

export interface ShellRuntime {
  client: GatewayClient;
  session: SessionStore;
  /** Undefined when GET /api/config failed: the shell still runs, its remotes show their error panels. */
  config: ShellConfig | undefined;
}

export interface FederationRuntime {
  registerRemotes: (remotes: { name: string; entry: string }[], options?: { force?: boolean }) => void;
}

export async function startShell(federation: FederationRuntime): Promise<ShellRuntime> {
  const session = createSessionStore();
  const client = createApiClient<GatewayPaths>({ onUnauthorized: () => session.expire() });
  const [config] = await Promise.all([fetchShellConfig(client), session.load(client)]);
  try {
    federation.registerRemotes(remotesOf(config));
  } catch (error) {
    console.error('Could not register the remotes of /api/config', error);
  }
  return { client, session, config };
}
