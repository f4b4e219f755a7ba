// The gateway: the one public origin. Sign-in and sessions, the routing of the spec's paths
// to their owning services with a signed identity, the live hub, the shells and /api/docs.
import cookie from '@fastify/cookie';
import { type App, createApp, type ServiceRuntime } from '@loadline/platform';
import { IdentityDirectory } from './auth/identity.ts';
import { endUserSessions } from './auth/sessions.ts';
import type { GatewayContext } from './context.ts';
import type { ServiceName } from './domain/routing.ts';
import { organizationReadModel, userReadModel } from './events/directory-read-model.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerDocs } from './routes/docs.ts';
import { announceSessionsEnded, type LiveHub, registerLiveHub } from './routes/live.ts';
import { registerProxy } from './routes/proxy.ts';
import { registerShells, type ShellsOptions } from './routes/shells.ts';
import type { GatewayTables } from './store/tables.ts';

export { migrations } from './store/migrations.ts';
export { seedDemoData } from './store/seed.ts';
export type { GatewayTables } from './store/tables.ts';

export const serviceName = 'gateway';
export const defaultPort = 8080;

export interface GatewayOptions {
  identityPrivateKey: string;
  services: Partial<Record<ServiceName, string>>;
  shells: ShellsOptions;
  secureCookies: boolean;
  trustProxy?: string[];
  /** who may read /metrics at the public origin (addresses or CIDRs); loopback by default */
  metricsAllow?: string[];
}

export async function buildGateway(
  runtime: ServiceRuntime<GatewayTables>,
  options: GatewayOptions,
): Promise<App & { hub?: LiveHub }> {
  const directory = new IdentityDirectory(runtime.db);
  const keyPrefix = runtime.config.eventNamespace ? `${runtime.config.eventNamespace}:` : '';
  const endSessions = async (userId: string, keep?: string) => {
    const ended = await endUserSessions(runtime.redis, keyPrefix, userId, keep);
    directory.forget(userId);
    if (ended.length > 0) announceSessionsEnded(runtime, ended);
  };
  runtime.consume(userReadModel(() => directory.forgetAll(), endSessions));
  runtime.consume(organizationReadModel(() => directory.forgetAll()));
  const ctx: GatewayContext = {
    runtime,
    directory,
    identityPrivateKey: options.identityPrivateKey,
    services: options.services,
    secureCookies: options.secureCookies,
    keyPrefix,
    endSessions,
  };
  const app = await createApp({
    name: serviceName,
    description: 'The one public origin: sign-in, sessions, routing to services, the live hub, the shells',
    logger: runtime.logger,
    trustProxy: options.trustProxy,
    metricsAllow: options.metricsAllow ?? ['127.0.0.1', '::1'],
    readiness: [
      ...runtime.readiness(),
      // Ready only when every service behind it is ready.
      ...Object.entries(options.services).map(([name, base]) => ({
        name,
        downstream: true,
        check: async () => {
          const answer = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) });
          if (!answer.ok) throw new Error(`answered ${answer.status}`);
        },
      })),
    ],
  });
  await app.register(cookie);
  // The identity header is the gateway's to set; one sent by a client is never trusted.
  app.addHook('onRequest', async (request) => {
    request.identity = null;
  });
  await registerAuthRoutes(app, ctx);
  const hub = await registerLiveHub(app, ctx);
  await registerShells(app, options.shells);
  await registerDocs(app, ctx);
  await registerProxy(app, ctx);
  return Object.assign(app, { hub });
}
