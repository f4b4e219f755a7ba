// The one HTTP app factory. Every service (and the gateway) is built by it, so each has
// the same error shape, request ids, logs, OpenAPI document, health, readiness and metrics.
import { randomUUID } from 'node:crypto';
import { BlockList, isIP, isIPv6 } from 'node:net';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import {
  type ErrorBody,
  forbidden,
  HttpError,
  notFound,
  reasonOf,
  staffOnly,
  unauthorized,
} from './errors.ts';
import { hasPermission, type Identity, identityHeader, verifyIdentity } from './identity.ts';
import {
  boundFieldErrors,
  boundMessage,
  forbiddenKeyMessage,
  inputLimits,
  isJson,
  nestsDeeperThan,
  queryEncodingProblems,
  textProblems,
  withInputLimits,
} from './input.ts';
import { finishOpenApi } from './openapi.ts';
import { problemsError } from './problems.ts';
import { Readiness, type ReadinessCheck } from './readiness.ts';
import { createValidator } from './schemas-ajv.ts';
import { DeferredSchemas, schemasOfApp } from './schemas-on-first-use.ts';
import { context, contextOf, SpanKind, startSpan, trace } from './tracing.ts';
import { describeValidation } from './validation.ts';

export type { ReadinessCheck } from './readiness.ts';

/** Ours: the event-loop delay metric's sampling interval. */
export const eventLoopSampleMs = 100;

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

declare module 'fastify' {
  interface FastifyRequest {
    /** the caller, as signed by the gateway; null when the request carries no identity */
    identity: Identity | null;
    /** the request's trace span (tracing.ts) */
    span?: import('@opentelemetry/api').Span;
  }
  interface FastifyContextConfig {
    /**
     * The route passes its input on unread (the gateway's proxy): the platform's checks of parameter and
     * body text are left to the service that reads it, after that service's access check.
     */
    forwardsInput?: boolean;
  }
}

/** The default body limit (1 MB): every app refuses a larger body (not an upload) from its Content-Length. */
export const defaultBodyLimit = 1024 * 1024;

export interface AppOptions {
  name: string;
  version?: string;
  description?: string;
  logger?: FastifyBaseLogger | boolean | { level: string };
  /** Ed25519 public key; requests with an identity header are verified against it */
  identityPublicKey?: string;
  readiness?: ReadinessCheck[];
  bodyLimit?: number;
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDRs), e.g. the Ingress in front of
   * the gateway; without it every user would share the proxy's address.
   */
  trustProxy?: string[];
  /**
   * Who may read `/metrics` (addresses or CIDRs). Unset: anyone who reaches the port, which suits a
   * service inside the cluster; the gateway, the public origin, limits it (METRICS_ALLOW).
   */
  metricsAllow?: string[];
  /** more metrics to show at /metrics: the runtime's (outbox, consumers, queues, business counters) */
  metrics?: Registry[];
}

const requestIdHeader = 'x-request-id';
export async function createApp(options: AppOptions): Promise<App> {
  const logger = options.logger ?? { level: process.env.LOG_LEVEL ?? 'warn' };
  const isInstance = (l: unknown): l is FastifyBaseLogger =>
    typeof l === 'object' && l !== null && 'child' in l;
  const deferred = new DeferredSchemas();
  const app = Fastify({
    // each route's response serializer is built at its first response (schemas-on-first-use.ts)
    schemaController: { compilersFactory: { buildSerializer: deferred.serializers() } },
    ...(isInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: (req) => {
      const given = req.headers[requestIdHeader];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : `req_${randomUUID()}`;
    },
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? defaultBodyLimit,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    // A path parameter longer than the router reads answers 414; up to 500 characters it reaches the
    // route's schema, whose 400 names the parameter.
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 500 },
    schemaErrorFormatter: (errors, part) => {
      const described = describeValidation(errors as never, part);
      return Object.assign(new HttpError(400, described.message, described.errors), { validation: errors });
    },
    // A path the router cannot decode (`%zz`, `%E0%A4%A`, an encoded surrogate) or a parameter too long to
    // route: answered in the one error shape, before any access check (the route it names is unknown).
    frameworkErrors: (error, request, untypedReply) => {
      const reply = untypedReply as unknown as FastifyReply;
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      reply
        .header(requestIdHeader, request.id)
        .status(status)
        .send({
          statusCode: status,
          error: tooLong ? 'URI Too Long' : reasonOf(status),
          message: tooLong
            ? 'A path parameter is too long: at most 500 characters.'
            : undecodableAddressMessage,
          requestId: request.id,
        } satisfies ErrorBody);
    },
    // Requests Node's parser refuses (headers over 16 KB, a long query included): the one error shape too.
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const status =
        error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
      const message =
        status === 431
          ? 'The request headers and address are too large: at most 16 KB.'
          : status === 408
            ? 'The request took too long to arrive.'
            : 'The request is not valid HTTP.';
      const body = JSON.stringify({
        statusCode: status,
        error: reasonOf(status),
        message,
        requestId: `req_${randomUUID()}`,
      } satisfies ErrorBody);
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${status} ${reasonOf(status)}\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(error);
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.decorateRequest('identity', null);

  // Who is calling is checked before what is sent (issue 14): an anonymous or unauthorised call answers
  // 401/403 whatever its input, so a route's access guards, given as preHandler, run before validation,
  // and then the platform's check of the text sent (NUL characters, unpaired surrogates), then the schema.
  // Each request schema gets the default limits where it states none (decision 0011).
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (schema) {
      for (const part of ['body', 'querystring', 'query', 'params']) {
        if (schema[part] && typeof schema[part] === 'object') schema[part] = withInputLimits(schema[part]);
      }
    }
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter(isAccessGuard);
    const checks = route.config?.forwardsInput ? [] : [refuseUnstorableText];
    route.preHandler = handlers.filter((h) => !isAccessGuard(h));
    route.preValidation = [
      ...guards,
      ...checks,
      ...[route.preValidation ?? []].flat(),
    ] as typeof route.preValidation;
  });

  // JSON bodies nested deeper than any document needs are refused before parsing: a parser or validator
  // walking 100,000 levels runs out of stack. Fastify's own parser (prototype poisoning refused) does the rest.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, inputLimits.maxJsonDepth)) {
      done(
        new HttpError(
          400,
          `The request body is nested too deeply: at most ${inputLimits.maxJsonDepth} levels.`,
        ),
        undefined,
      );
      return;
    }
    parseJson(request, body as string, (error, parsed) => {
      // Fastify names every refusal "not valid JSON"; a body that is JSON was refused for its keys.
      if (error && isJson(body as string)) done(new HttpError(400, forbiddenKeyMessage), undefined);
      else done(error, parsed);
    });
  });

  // Two validators: query strings and path parameters arrive as text and are coerced
  // ("8" → 8); bodies are JSON and are not, so a string where a number belongs is a 400.
  const bodyAjv = createValidator({ useDefaults: true, coerceTypes: false });
  const textAjv = createValidator({ useDefaults: true, coerceTypes: 'array' });
  // Each validator compiles at its route's first request (schemas-on-first-use.ts).
  app.setValidatorCompiler(({ schema, httpPart, method, url }) =>
    deferred.validator(`${method} ${url} ${httpPart ?? 'request'}`, () => {
      const ajv = httpPart === 'body' ? bodyAjv : textAjv;
      // Whether a shared schema was added is read off Ajv's registry: `getSchema` would compile each of them
      // at every service's start, where a route's reference compiles only those it uses.
      for (const [id, shared] of Object.entries(app.getSchemas())) {
        if (!ajv.schemas[id] && !ajv.refs[id]) ajv.addSchema(shared as object, id);
      }
      return ajv.compile(schema);
    }),
  );
  schemasOfApp.set(app, deferred);

  // A span per request, under the caller's `traceparent` (the gateway's); active from the handler on, so
  // the events it writes and the calls it makes carry it.
  app.addHook('onRequest', async (request) => {
    request.span = startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      SpanKind.SERVER,
      contextOf(request.headers as Record<string, unknown>),
      {
        'http.request.method': request.method,
        'loadline.request_id': request.id,
        'loadline.service': options.name,
      },
    );
  });
  app.addHook('preHandler', (request, _reply, done) => {
    if (!request.span) return done();
    context.with(trace.setSpan(context.active(), request.span), done);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.span?.setAttribute('http.response.status_code', reply.statusCode);
    request.span?.end();
  });

  app.addHook('onRequest', async (request, reply) => {
    reply.header(requestIdHeader, request.id);
    const header = request.headers[identityHeader];
    if (typeof header !== 'string' || !options.identityPublicKey) return;
    const checked = verifyIdentity(header, options.identityPublicKey);
    if (!checked.ok)
      throw unauthorized(`Your session could not be verified (${checked.reason}). Please log in again.`);
    request.identity = checked.identity;
  });

  // A body over the limit is refused from its Content-Length, before it is read, and without closing the
  // connection: Node reads the rest of the body off the wire and the client reads the answer (Fastify's own
  // 413 closes the socket, and a client still sending then sees a broken pipe instead of the answer). A
  // body too large even to read away closes the connection. An upload (multipart) is limited as it streams.
  const bodyLimit = options.bodyLimit ?? defaultBodyLimit;
  app.addHook('onRequest', async (request, reply) => {
    const length = Number(request.headers['content-length'] ?? 0);
    if (!(length > bodyLimit) || request.headers['content-type']?.startsWith('multipart/form-data')) return;
    if (length > bodyLimit * 32) reply.header('connection', 'close');
    else readAwayBody(request);
    throw new HttpError(413, tooLargeMessage(bodyLimit));
  });

  // A query string that cannot be decoded is refused naming the parameter (Fastify's parser would pass
  // `%zz` on as it is). Like JSON that does not parse, it is refused before the access check.
  app.addHook('onRequest', async (request) => {
    const at = request.url.indexOf('?');
    if (at < 0) return;
    const problems = queryEncodingProblems(request.url.slice(at + 1));
    if (problems.length > 0) throw problemsError(problems);
  });

  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown; errors?: unknown }, request, reply) => {
      let status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
      if (status < 400 || status > 599) status = 500;
      // The last line of defence: a value the database refused as data (too long, out of range, not
      // storable) is the sender's, not a failure of ours. The schemas should have refused it, naming the
      // field; the log says which value got through.
      const refusedValue = status === 500 && isRefusedValue(error as { code?: unknown; severity?: unknown });
      if (refusedValue) status = 400;
      // A server this one needs is out of reach for a moment (PostgreSQL or Redis restarting): the caller may
      // try again, as it is told (decision 0088).
      const unavailable = status === 500 && isServerUnavailable(error);
      if (unavailable) {
        status = 503;
        reply.header('retry-after', '5');
      }
      const body: ErrorBody = {
        statusCode: status,
        error: reasonOf(status),
        message: refusedValue
          ? 'A value in the request cannot be stored: it is too long, out of range or not valid text.'
          : unavailable
            ? serverUnavailableMessage
            : status >= 500
              ? 'Something went wrong on our side. Please try again.'
              : boundMessage(error.message),
        requestId: request.id,
      };
      if (error instanceof HttpError && error.errors) body.errors = boundFieldErrors(error.errors);
      if (refusedValue) request.log.warn({ err: error }, 'the database refused a value of the request');
      else if (unavailable) request.log.warn({ err: error }, 'a server this service needs is out of reach');
      else if (status >= 500) request.log.error({ err: error }, 'request failed');
      // Fastify's own body limit; a route's own 413 (an upload's file limit) keeps its message.
      else if (status === 413 && !(error instanceof HttpError)) body.message = tooLargeMessage(bodyLimit);
      else if (error.name === 'FastifyError' && /JSON/.test(error.message))
        body.message = 'The request body is not valid JSON.';
      reply.status(status).send(body);
    },
  );

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: noRouteMessage(request.method, request.url.split('?')[0] ?? '/'),
      requestId: request.id,
    } satisfies ErrorBody);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: options.name,
        version: options.version ?? '0.1.0',
        description: options.description ?? '',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'loadline_session' },
        },
      },
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Each operation's security: the session cookie where an access guard protects the route (it runs
    // first, in preValidation), none where the route is public.
    transform: ({ schema, url, route }) => {
      if (!schema || (schema as { hide?: boolean }).hide) return { schema, url };
      const guarded = [route.preValidation ?? []].flat().some(isAccessGuard);
      return { schema: { ...schema, security: guarded ? [{ session: [] }] : [] } as typeof schema, url };
    },
    transformObject: (documentObject) =>
      finishOpenApi(
        (documentObject as unknown as { openapiObject: Record<string, unknown> }).openapiObject,
      ) as never,
  });

  // Metrics: one registry per app, so several apps in one test process never collide.
  const registry = new Registry();
  registry.setDefaultLabels({ service: options.name });
  // The event-loop delay histogram samples every 100 ms instead of prom-client's 10 ms: a 10 ms timer
  // alone kept each idle process at about 1 % of a core (measured: infra/load/README.md).
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: eventLoopSampleMs });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    duration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: reply.statusCode,
      },
      reply.elapsedTime / 1000,
    );
  });

  // The runtime's metrics beside the app's, under the same `service` label.
  const shown = options.metrics?.length ? Registry.merge([registry, ...options.metrics]) : registry;
  shown.setDefaultLabels({ service: options.name });

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok', service: options.name }));
  // Answered from the checks' last results, kept up to date in the background (readiness.ts): at once,
  // whatever the process is doing and however long a server takes to answer.
  const readiness = new Readiness(options.readiness ?? []);
  app.addHook('onReady', async () => readiness.start());
  app.addHook('onClose', async () => readiness.stop());
  app.get('/readyz', hidden, async (request, reply) => {
    const selfOnly = (request.query as { self?: string }).self === 'true';
    const { ready, checks } = await readiness.answer(selfOnly);
    reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', service: options.name, checks });
  });
  // The service's own OpenAPI document; the gateway gathers them for /api/docs.
  app.get('/openapi.json', hidden, async () => app.swagger());
  const metricsClients = options.metricsAllow ? addressList(options.metricsAllow) : null;
  app.get('/metrics', hidden, async (request, reply) => {
    // Not found rather than forbidden: the public origin does not tell it has metrics.
    // The peer of the socket, never request.ip: with trusted proxies that is read from X-Forwarded-For,
    // which a client writes. And a request that came through a proxy at all is public traffic: scrapers
    // call the process directly. So the check holds whatever the proxy setup (issue 20).
    const peer = request.raw.socket?.remoteAddress ?? '';
    const proxied =
      request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
    if (metricsClients && (proxied || !listed(metricsClients, peer))) throw notFound('Not found.');
    reply.header('content-type', shown.contentType).send(await shown.metrics());
  });

  return app;
}

/** Answer to a path that cannot be percent-decoded (`%zz`, `%E0%A4%A`). */
export const undecodableAddressMessage = 'The address is not correctly percent-encoded.';

/** The 404 of a path no route serves, the path cut to a readable length (it is the client's text). */
export const noRouteMessage = (method: string, path: string): string =>
  `No route for ${method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path}.`;

/**
 * Reads the rest of a body no one will read off the wire (a refused one, or one a service answered before it
 * had read it all), so the connection can serve the next request; a client that stops sending it (some do
 * once they have the answer) has its connection closed after 5 s.
 */
export function readAwayBody(request: FastifyRequest): void {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  // An injected request (tests, the gateway's in-process calls) has a stand-in socket without destroy.
  const timer = setTimeout(() => {
    const socket = raw.socket as { destroy?: unknown } | undefined;
    if (typeof socket?.destroy === 'function') raw.socket.destroy();
  }, 5000).unref();
  const done = () => clearTimeout(timer);
  raw.once('end', done);
  raw.once('close', done);
  raw.resume();
}

const tooLargeMessage = (limit: number) =>
  `The request is too large: the limit is ${Math.round(limit / 1024)} KB.`;

/** Refuses a request whose parameters or JSON body hold text no column could store (after the access check). */
async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  const problems = [
    ...textProblems(request.params, ''),
    ...textProblems(request.query, ''),
    ...textProblems(request.body, typeof request.body === 'string' ? 'body' : ''),
  ];
  if (problems.length > 0) throw problemsError(problems);
}

/**
 * PostgreSQL's data exceptions a request's value causes (class 22: too long, out of range, invalid text, NUL)
 * and a check constraint it breaks (23514).
 */
const isRefusedValue = (error: { code?: unknown; severity?: unknown }): boolean =>
  typeof error.code === 'string' &&
  typeof error.severity === 'string' &&
  (/^22[0-9A-Z]{3}$/.test(error.code) || error.code === '23514');

export const serverUnavailableMessage = 'This is not available right now. Please try again in a moment.';

/**
 * A failure to reach a server the service needs, not a fault of the request or of our code: PostgreSQL's
 * connection exceptions (class 08) and shutdowns (57P01–57P03), a connection refused, reset or ended under
 * a query, and Redis's client giving up on a command while it reconnects.
 */
export function isServerUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (/^08[0-9A-Z]{3}$/.test(code) || ['57P01', '57P02', '57P03'].includes(code)) return true;
  if (['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(code)) return true;
  if (e.name === 'MaxRetriesPerRequestError') return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return /^(Connection terminated|Client has encountered a connection error|Connection is closed\.|timeout exceeded when trying to connect)/.test(
    message,
  );
}

/** Addresses and CIDRs ('10.0.0.0/8', '::1') as a list to check a client address against. */
function addressList(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split('/') as [string, string?];
    const family = isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`Not an address or CIDR: "${entry}"`);
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(prefix), family);
  }
  return list;
}

const listed = (list: BlockList, ip: string): boolean => {
  // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(ip)?.[1];
  return v4 ? list.check(v4, 'ipv4') : list.check(ip, isIPv6(ip) ? 'ipv6' : 'ipv4');
};

const accessGuard = Symbol('loadline.accessGuard');
type AccessGuard = ((request: FastifyRequest) => Promise<void>) & { [accessGuard]: true };
/**
 * Marks a check of who is calling as an access guard: given as a route's preHandler, it runs before the
 * input is validated (`requireUser` and the others are made by it; the gateway makes its session guards).
 */
export const asAccessGuard = (check: (request: FastifyRequest) => Promise<void>): AccessGuard =>
  Object.assign(check, { [accessGuard]: true as const });
const guard = asAccessGuard;
const isAccessGuard = (handler: unknown): boolean =>
  typeof handler === 'function' && (handler as Partial<AccessGuard>)[accessGuard] === true;

/** Access guard (runs before validation): any signed-in user. */
export const requireUser = guard(async (request) => {
  if (!request.identity) throw unauthorized();
});

/** Access guard (runs before validation): broker staff only (customers get 403). */
export const requireStaff = guard(async (request) => {
  if (!request.identity) throw unauthorized();
  if (request.identity.kind !== 'staff') throw staffOnly();
});

/** Access guard factory (runs before validation): staff holding a permission bit (spec 002 §6.2). */
export const requirePermission = (permission: number, what: string): AccessGuard =>
  guard(async (request) => {
    if (!request.identity) throw unauthorized();
    if (!hasPermission(request.identity, permission))
      throw forbidden(`You do not have permission to ${what}.`);
  });

/** The signed-in caller; routes behind requireUser use it. */
export function callerOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}

export type { FastifyReply, FastifyRequest };
