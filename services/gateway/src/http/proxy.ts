// Forwards the spec's paths to their owning services (app/forwarding.ts: the routing table from each
// service's declared paths), with the caller's signed identity and the request id; the session cookie never leaves the gateway.
import { PassThrough, Readable } from 'node:stream';
import replyFrom from '@fastify/reply-from';
import {
  type App,
  activeTraceparent,
  type ErrorBody,
  identityHeader,
  noRouteMessage,
  readAwayBody,
  undecodableAddressMessage,
} from '@loadline/platform';
import { Forwarding } from '../app/forwarding.ts';
import type { GatewayDeps } from '../service.ts';
import { callerOfRequest } from './caller.ts';

/** Bodies up to this size are read before they are forwarded (so a refused request can be sent elsewhere). */
const retriableBodyBytes = 1024 * 1024;

/** Answers up to this size come back from one buffer instead of a stream. */
const bufferedAnswerBytes = 64 * 1024;

/** Answer to an address with a `..` segment (decoded), which no service's route has: never forwarded. */
export const dotSegmentMessage = 'The address must not contain a ".." segment.';

/**
 * Why a path is not forwarded, if it is not: the proxy's client decodes what it is given and refuses a `..`
 * segment, and would fail on what it cannot decode (the router refuses most such paths before this).
 */
function pathRefusal(path: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return undecodableAddressMessage;
  }
  return decoded === '..' || decoded.includes('/..') || decoded.includes('../')
    ? dotSegmentMessage
    : undefined;
}

/** The bodies read in full, by request, to be sent again. */
const readInFull = new WeakMap<object, Buffer>();

export async function registerProxy(app: App, deps: GatewayDeps): Promise<void> {
  const { runtime, settings } = deps;
  // Each service's replicas, taken in turn, and the signer of identities (app/forwarding.ts).
  const forwarding = new Forwarding(settings);
  await app.register(async (proxy) => {
    await proxy.register(replyFrom, {
      undici: { connections: 64, pipelining: 1, keepAliveTimeout: 60_000 },
    });
    // Bodies stream through untouched (JSON, multipart uploads alike); each service parses and limits its
    // own. A body over the platform's limit never gets here: createApp refuses it from its Content-Length
    // (the service would answer 413 before it had read it all, and the gateway could only answer 502).
    // The body goes on through a stream of its own: when the service answers before it has read it all
    // (a 401 to an upload), the proxy's client drops that stream, not the caller's socket, and what is left
    // of the body is read away once the answer is sent (a broken pipe otherwise, the answer unread).
    proxy.removeAllContentTypeParsers();
    // A small body with a declared length (every JSON call) is read first instead, so that a request refused
    // by a replica that is gone can be sent to another one whatever its method (nothing reached the first).
    proxy.addContentTypeParser('*', (request, payload, done) => {
      const length = Number(request.headers['content-length']);
      if (Number.isInteger(length) && length <= retriableBodyBytes && !request.headers['transfer-encoding']) {
        const chunks: Buffer[] = [];
        payload.on('data', (chunk: Buffer) => chunks.push(chunk));
        payload.once('end', () => {
          const whole = Buffer.concat(chunks);
          readInFull.set(request, whole);
          done(null, Readable.from(whole));
        });
        payload.once('error', (error) => done(error, undefined));
        return;
      }
      const body = new PassThrough();
      payload.pipe(body);
      done(null, body);
    });
    proxy.addHook('onResponse', async (request) => readAwayBody(request));

    const forward = async (
      request: import('fastify').FastifyRequest,
      reply: import('fastify').FastifyReply,
    ) => {
      const path = request.url.split('?')[0] ?? '/';
      const destination = forwarding.destination(path);
      const fail = (statusCode: number, error: string, message: string) =>
        reply
          .status(statusCode)
          .send({ statusCode, error, message, requestId: request.id } satisfies ErrorBody);
      if (destination.kind === 'unrouted')
        return fail(404, 'Not Found', noRouteMessage(request.method, path));
      const refusal = pathRefusal(path);
      if (refusal) return fail(400, 'Bad Request', refusal);
      if (destination.kind === 'unavailable')
        return fail(
          503,
          'Service Unavailable',
          `The ${destination.owner} service is not available right now. Please try again later.`,
        );
      const { owner, replicas: set } = destination;
      const caller = await callerOfRequest(runtime, request);
      // Only the path is given to the proxy's client, which refuses a `..` anywhere in what it is given: the
      // query goes on as it came (reply-from takes it from the request), where a value may hold "/.." (a
      // search for "PO/..7" is the service's to answer).
      const send = (base: string, retried: boolean): unknown =>
        reply.from(`${base}${path}`, {
          rewriteRequestHeaders: (_raw, headers) => {
            const forwarded: Record<string, string | string[] | undefined> = { ...headers };
            delete forwarded.cookie;
            delete forwarded[identityHeader];
            forwarded['x-request-id'] = request.id;
            // this request's trace goes on to the service (W3C trace context; a client's own is replaced)
            delete forwarded.traceparent;
            delete forwarded.tracestate;
            const traceparent = activeTraceparent();
            if (traceparent) forwarded.traceparent = traceparent;
            if (caller) forwarded[identityHeader] = forwarding.signedIdentity(caller);
            return forwarded as never;
          },
          // reply-from closes the caller's connection when the service answers before the body has all been
          // read (a 401 to an upload): a caller still sending then sees a broken pipe, not the answer. The
          // connection stays, and the rest of the body is read away once the answer is sent.
          onResponse: (_request, answer, res) => {
            set.answered(base);
            answer.removeHeader('connection');
            const { stream, headers } = res as unknown as {
              stream: NodeJS.ReadableStream;
              headers: Record<string, string | string[] | undefined>;
            };
            // A small answer of a declared length goes back from one buffer: its headers and body in one
            // write, where a stream takes one for the headers, one a chunk and one for the end (decision 0045).
            const length = Number(headers['content-length']);
            if (
              request.method !== 'HEAD' &&
              Number.isInteger(length) &&
              length > 0 &&
              length <= bufferedAnswerBytes
            ) {
              const chunks: Buffer[] = [];
              stream.on('data', (chunk: Buffer) => chunks.push(chunk));
              stream.once('end', () => answer.send(Buffer.concat(chunks)));
              // as a stream that fails half-way does: the caller's connection ends, no answer
              stream.once('error', (error) => answer.raw.destroy(error));
              return;
            }
            answer.send(stream);
          },
          onError: (_reply, { error }) => {
            set.failed(base);
            // Refused before anything was sent (the replica is gone): a request without a body or with one read
            // in full goes to another replica, once, whatever its method. Anything else may have reached the
            // service (a reset, a timeout), or its streamed body is partly gone: it is not sent twice.
            const refused = /ECONNREFUSED/.test(`${(error as { code?: string }).code} ${error.message}`);
            const whole = readInFull.get(request);
            const resendable = request.body === undefined || request.body === null || whole !== undefined;
            if (refused && !retried && set.bases.length > 1 && resendable) {
              // the same bytes again, from a stream of their own (the first one may have been read)
              if (whole) request.body = Readable.from(whole);
              return send(set.next(base), true);
            }
            request.log.warn({ err: error, owner, replica: base }, 'proxy: service did not answer');
            // Part of the body may have gone to the service and the rest not been read: the client's socket
            // is closed after the answer, so what is left of the body is never read as its next request.
            reply.header('connection', 'close');
            fail(502, 'Bad Gateway', `The ${owner} service did not answer. Please try again.`);
          },
        });
      return send(set.next(), false);
    };

    // The services check the parameters and body they read, after their own access check.
    const hidden = { schema: { hide: true }, config: { forwardsInput: true } };
    // Every root the services' paths start with (/api, /files, /order, /driver-location: the tracking
    // service's public page for a driver's one-time link, forwarded without an identity when there is no
    // session); a path no service owns answers 404 from `forward`.
    for (const root of forwarding.roots) {
      proxy.all(root, hidden, forward);
      proxy.all(`${root}/*`, hidden, forward);
    }
  });
}
