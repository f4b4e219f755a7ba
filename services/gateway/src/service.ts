// The gateway, declared once: the one public origin. Sign-in and sessions, the routing of the spec's paths
// to their owning services with a signed identity, the live hub, the shells and /api/docs.
import { defineService, type ServiceDeps } from '@loadline/platform';
import { seedDemoData } from './app/seed.ts';
import { type GatewaySettings, loadGatewaySettings } from './config.ts';
import { directoryReadModel } from './consumers/directory-read-model.ts';
import { replicasOf } from './domain/replicas.ts';
import { registerHttp } from './http/index.ts';
import { migrations } from './store/migrations.ts';
import type { GatewayTables } from './store/tables.ts';

export type GatewayDeps = ServiceDeps<GatewayTables, GatewaySettings, Record<string, never>>;

export const gatewayService = defineService<GatewayTables, GatewaySettings, Record<string, never>>({
  name: 'gateway',
  port: 8080,
  description: 'The one public origin: sign-in, sessions, routing to services, the live hub, the shells',
  // The gateway serves its own routes; what it forwards is the other services' paths.
  paths: [],
  migrations,
  settings: loadGatewaySettings,
  routes: registerHttp,
  consumers: directoryReadModel,
  seed: seedDemoData,
  app: ({ runtime, settings }) => ({
    // The identity header is the gateway's to sign, never to read: one sent by a client is ignored.
    identityPublicKey: undefined,
    trustProxy: settings.trustProxy,
    metricsAllow: settings.metricsAllow,
    readiness: [
      ...runtime.readiness(),
      // Ready only when every service behind it is ready.
      // A service with several replicas is ready when one of them is (the proxy leaves the others out).
      ...Object.entries(settings.services).map(([name, setting]) => ({
        name,
        downstream: true,
        check: async () => {
          const answers = await Promise.all(
            replicasOf(setting ?? '').map((base) =>
              fetch(`${base}/readyz`, { signal: AbortSignal.timeout(2000) }).then(
                (a) => a.status,
                () => 0,
              ),
            ),
          );
          if (!answers.some((status) => status >= 200 && status < 300))
            throw new Error(`answered ${answers.join(', ')}`);
        },
      })),
    ],
  }),
});

export type { GatewayTables } from './store/tables.ts';
