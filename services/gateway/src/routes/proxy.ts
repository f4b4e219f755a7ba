// Forwards the spec's paths to their owning services (domain/routing.ts), with the caller's
// signed identity and the request id; the session cookie never leaves the gateway.
import replyFrom from '@fastify/reply-from';
import { type App, type ErrorBody, IdentitySigner, identityHeader } from '@loadline/platform';
import { identityOf } from '../auth/identity.ts';
import type { GatewayContext } from '../context.ts';
import { ownerOf } from '../domain/routing.ts';
import { callerOfRequest } from './auth.ts';

export async function registerProxy(app: App, ctx: GatewayContext): Promise<void> {
  const signer = new IdentitySigner(ctx.identityPrivateKey);
  await app.register(async (proxy) => {
    await proxy.register(replyFrom, {
      undici: { connections: 64, pipelining: 1, keepAliveTimeout: 60_000 },
    });
    // Bodies stream through untouched (JSON, multipart uploads alike); each service parses
    // and limits its own.
    proxy.removeAllContentTypeParsers();
    proxy.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    const forward = async (
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
    ) => {
      const path = request.url.split('?')[0] ?? '/';
      const owner = ownerOf(path);
      const fail = (statusCode: number, error: string, message: string) =>
        reply
          .status(statusCode)
          .send({ statusCode, error, message, requestId: request.id } satisfies ErrorBody);
      if (!owner) return fail(404, 'Not Found', `No route for ${request.method} ${path}.`);
      const base = ctx.services[owner];
      if (!base)
        return fail(
          503,
          'Service Unavailable',
          `The ${owner} service is not available right now. Please try again later.`,
        );
      const caller = await callerOfRequest(ctx, request);
      return reply.from(`${base}${request.url}`, {
        rewriteRequestHeaders: (_raw, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = { ...headers };
          delete forwarded.cookie;
          delete forwarded[identityHeader];
          forwarded['x-request-id'] = request.id;
          if (caller) forwarded[identityHeader] = signer.sign(identityOf(caller.me, caller.sessionId));
          return forwarded as never;
        },
        onError: (_reply, { error }) => {
          request.log.warn({ err: error, owner }, 'proxy: service did not answer');
          fail(502, 'Bad Gateway', `The ${owner} service did not answer. Please try again.`);
        },
      });
    };

    const hidden = { schema: { hide: true } };
    // /driver-location/*: the tracking service's public page for a driver's one-time link (issue 4);
    // forwarded like the rest, without an identity when there is no session.
    for (const prefix of ['/api/*', '/files/*', '/order/*', '/order', '/driver-location/*']) {
      proxy.all(prefix, hidden, forward);
    }
  });
}
