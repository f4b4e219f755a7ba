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
import { type ErrorBody, forbidden, HttpError, notFound, reasonOf, unauthorized } from './errors.ts';
import { hasPermission, type Identity, identityHeader, verifyIdentity } from './identity.ts';
import { createValidator } from './schemas-ajv.ts';
import { describeValidation } from './validation.ts';

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
  }
}

export interface ReadinessCheck {
  name: string;
  check: () => Promise<void>;
  /** a service this one calls; `/readyz?self=true` leaves these out */
  downstream?: boolean;
}

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
}

const requestIdHeader = 'x-request-id';
export async function createApp(options: AppOptions): Promise<App> {
  const logger = options.logger ?? { level: process.env.LOG_LEVEL ?? 'warn' };
  const isInstance = (l: unknown): l is FastifyBaseLogger =>
    typeof l === 'object' && l !== null && 'child' in l;
  const app = Fastify({
    ...(isInstance(logger) ? { loggerInstance: logger } : { logger }),
    genReqId: (req) => {
      const given = req.headers[requestIdHeader];
      return typeof given === 'string' && /^[\w.-]{1,128}$/.test(given) ? given : `req_${randomUUID()}`;
    },
    requestIdHeader: false,
    bodyLimit: options.bodyLimit ?? 1024 * 1024,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    schemaErrorFormatter: (errors, part) => {
      const described = describeValidation(errors as never, part);
      return Object.assign(new HttpError(400, described.message, described.errors), { validation: errors });
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.decorateRequest('identity', null);

  // Who is calling is checked before what is sent (issue 14): an anonymous or unauthorised call answers
  // 401/403 whatever its input, so a route's access guards, given as preHandler, run before validation.
  app.addHook('onRoute', (route) => {
    const handlers = [route.preHandler ?? []].flat();
    const guards = handlers.filter(isAccessGuard);
    if (guards.length === 0) return;
    route.preHandler = handlers.filter((h) => !isAccessGuard(h));
    route.preValidation = [...guards, ...[route.preValidation ?? []].flat()] as typeof route.preValidation;
  });

  // Two validators: query strings and path parameters arrive as text and are coerced
  // ("8" → 8); bodies are JSON and are not, so a string where a number belongs is a 400.
  const bodyAjv = createValidator({ useDefaults: true, coerceTypes: false });
  const textAjv = createValidator({ useDefaults: true, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    for (const [id, shared] of Object.entries(app.getSchemas())) {
      if (!ajv.getSchema(id)) ajv.addSchema(shared as object, id);
    }
    return ajv.compile(schema);
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

  app.setErrorHandler(
    (error: Error & { statusCode?: number; validation?: unknown; errors?: unknown }, request, reply) => {
      let status = error instanceof HttpError ? error.statusCode : (error.statusCode ?? 500);
      if (status < 400 || status > 599) status = 500;
      const body: ErrorBody = {
        statusCode: status,
        error: reasonOf(status),
        message: status >= 500 ? 'Something went wrong on our side. Please try again.' : error.message,
        requestId: request.id,
      };
      if (error instanceof HttpError && error.errors) body.errors = error.errors;
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // Fastify's own body limit; a route's own 413 (an upload's file limit) keeps its message.
      else if (status === 413 && !(error instanceof HttpError))
        body.message = `The request is too large: the limit is ${Math.round((options.bodyLimit ?? 1048576) / 1024)} KB.`;
      else if (error.name === 'FastifyError' && /JSON/.test(error.message))
        body.message = 'The request body is not valid JSON.';
      reply.status(status).send(body);
    },
  );

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      statusCode: 404,
      error: 'Not Found',
      message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
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

  const hidden = { schema: { hide: true } };
  app.get('/healthz', hidden, async () => ({ status: 'ok', service: options.name }));
  app.get('/readyz', hidden, async (request, reply) => {
    const selfOnly = (request.query as { self?: string }).self === 'true';
    const checks = (options.readiness ?? []).filter((r) => !(selfOnly && r.downstream));
    const results = await Promise.all(
      checks.map(async (r) => {
        try {
          await r.check();
          return [r.name, 'ok'] as const;
        } catch (error) {
          return [r.name, String((error as Error).message ?? error)] as const;
        }
      }),
    );
    const ready = results.every(([, state]) => state === 'ok');
    reply.status(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not ready',
      service: options.name,
      checks: Object.fromEntries(results),
    });
  });
  // The service's own OpenAPI document; the gateway gathers them for /api/docs.
  app.get('/openapi.json', hidden, async () => app.swagger());
  const metricsClients = options.metricsAllow ? addressList(options.metricsAllow) : null;
  app.get('/metrics', hidden, async (request, reply) => {
    // Not found rather than forbidden: the public origin does not tell it has metrics.
    if (metricsClients && !listed(metricsClients, request.ip)) throw notFound('Not found.');
    reply.header('content-type', registry.contentType).send(await registry.metrics());
  });

  return app;
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
const guard = (check: (request: FastifyRequest) => Promise<void>): AccessGuard =>
  Object.assign(check, { [accessGuard]: true as const });
const isAccessGuard = (handler: unknown): boolean =>
  typeof handler === 'function' && (handler as Partial<AccessGuard>)[accessGuard] === true;

/** Access guard (runs before validation): any signed-in user. */
export const requireUser = guard(async (request) => {
  if (!request.identity) throw unauthorized();
});

/** Access guard (runs before validation): broker staff only (customers get 403). */
export const requireStaff = guard(async (request) => {
  if (!request.identity) throw unauthorized();
  if (request.identity.kind !== 'staff') throw forbidden('Only broker staff can do this.');
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
