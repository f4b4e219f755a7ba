// The gateway's doors: the identity header is the gateway's to set (one sent by a client is never trusted),
// requests another site made a browser send are refused (http/cross-origin.ts);
// sign-in and sessions, the live hub, the shells, the API docs, and the proxy to the services.
import cookie from '@fastify/cookie';
import { type App, forbidden } from '@loadline/platform';
import type { GatewayDeps } from '../service.ts';
import { registerAuthRoutes } from './auth.ts';
import { crossOriginMessage, isRefusedCrossOrigin } from './cross-origin.ts';
import { registerDocs } from './docs.ts';
import { registerLiveHub } from './live.ts';
import { registerProxy } from './proxy.ts';
import { registerShells } from './shells.ts';

export async function registerHttp(app: App, deps: GatewayDeps): Promise<void> {
  await app.register(cookie);
  app.addHook('onRequest', async (request, reply) => {
    request.identity = null;
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const refused = isRefusedCrossOrigin({
      method: request.method,
      path: request.url.split('?')[0] ?? '/',
      secFetchSite: header('sec-fetch-site'),
      origin: header('origin'),
      host: request.host,
      allowedOrigins: deps.settings.allowedOrigins,
    });
    if (!refused) return;
    if (request.headers.upgrade) {
      // A WebSocket handshake: answered on the raw socket, which is then closed (an answer through the
      // reply would leave the upgraded socket open, holding the server's close).
      const body = JSON.stringify({ statusCode: 403, error: 'Forbidden', message: crossOriginMessage });
      reply.hijack();
      request.raw.socket.end(
        `HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      return;
    }
    throw forbidden(crossOriginMessage);
  });
  await registerAuthRoutes(app, deps);
  await registerLiveHub(app, deps);
  await registerShells(app, deps.settings.shells);
  await registerDocs(app, deps);
  await registerProxy(app, deps);
}
