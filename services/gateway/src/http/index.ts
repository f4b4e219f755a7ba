// The gateway's doors: the identity header is the gateway's to set (one sent by a client is never trusted);
// sign-in and sessions, the live hub, the shells, the API docs, and the proxy to the services.
import cookie from '@fastify/cookie';
import type { App } from '@loadline/platform';
import type { GatewayDeps } from '../service.ts';
import { registerAuthRoutes } from './auth.ts';
import { registerDocs } from './docs.ts';
import { registerLiveHub } from './live.ts';
import { registerProxy } from './proxy.ts';
import { registerShells } from './shells.ts';

export async function registerHttp(app: App, deps: GatewayDeps): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request) => {
    request.identity = null;
  });
  await registerAuthRoutes(app, deps);
  await registerLiveHub(app, deps);
  await registerShells(app, deps.settings.shells);
  await registerDocs(app, deps);
  await registerProxy(app, deps);
}
