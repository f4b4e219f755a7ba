// A service declared once (issue 15, decision 0027): its name, port, settings, outside parties, routes,
// consumers, workers, schedules, migrations and demo data. The same declaration is
// - built into an HTTP app with no server reachable (`buildHttp` over an offline runtime): the contract
//   and every HTTP-shape test need nothing running;
// - run as a process (`runService` in server.ts): HTTP, background work, or both, by `SERVICE_ROLE`;
// - built by tests on the real servers (`buildService` in testing/).
import type { Subject } from '@loadline/contracts/events';
import type { Migration } from 'kysely/migration';
import { type App, createApp } from './app.ts';
import type { ServiceConfig } from './config.ts';
import type { ConsumerDefinition } from './events/consumer.ts';
import type { WorkerDefinition } from './jobs.ts';
import type { ServiceRuntime } from './runtime.ts';
import type { PlatformTables } from './store/migrations.ts';

export type Env = Record<string, string | undefined>;

/** What the doors (http/, consumers/, jobs/) and the use cases (app/) of a service work with. */
export interface ServiceDeps<
  DB extends PlatformTables = PlatformTables,
  Settings = unknown,
  Adapters = unknown,
> {
  /** the database, the outbox (appendEvent), queues, Redis and NATS of the process */
  runtime: ServiceRuntime<DB>;
  /** the service's own settings (its config.ts), read once */
  settings: Settings;
  /** the service's outside parties (SMTP, storage, carrier dispatch…), by one name each */
  adapters: Adapters;
}

/** Work on a schedule: kept in Redis under `id`, so every replica may declare it and one schedule runs. */
export interface Schedule<T = unknown> {
  queue: string;
  id: string;
  repeat: { every: number } | { pattern: string; tz?: string };
  data: T;
}

type Each<DB extends PlatformTables, Settings, Adapters, T> = (
  deps: ServiceDeps<DB, Settings, Adapters>,
) => T;

export interface ServiceDefinition<
  DB extends PlatformTables = PlatformTables,
  Settings = unknown,
  Adapters = unknown,
> {
  name: string;
  /** the local port (`<NAME>_PORT` overrides it) */
  port: number;
  /** one line for the OpenAPI document: what the service owns */
  description: string;
  /**
   * The public path prefixes the gateway forwards to this service (matched case-insensitively, the longest
   * prefix winning). `npm run contracts` writes them with the name and port into contracts/services, the
   * gateway's routing table; a test holds every documented route to its own service's prefixes.
   */
  paths: readonly string[];
  migrations: Record<string, Migration>;
  /** the service's settings from the environment (its config.ts), read once at start */
  settings: (env: Env) => Settings;
  /** its outside parties, made from its settings; tests may replace any of them */
  adapters?: (settings: Settings, runtime: ServiceRuntime<DB>) => Adapters;
  /** the HTTP doors: register routes on the app (parse → app → present) */
  routes: (app: App, deps: ServiceDeps<DB, Settings, Adapters>) => Promise<void> | void;
  // biome-ignore lint/suspicious/noExplicitAny: each consumer is typed by its own subjects
  consumers?: Each<DB, Settings, Adapters, ConsumerDefinition<any, DB>[]>;
  // biome-ignore lint/suspicious/noExplicitAny: each worker is typed by its own job data
  workers?: Each<DB, Settings, Adapters, WorkerDefinition<any>[]>;
  schedules?: Each<DB, Settings, Adapters, Schedule[]>;
  /**
   * Work each start of the background does once, after its workers and schedules are registered and
   * before the consumers start: making good what a crash lost (a delayed job enqueued after a commit that
   * was never enqueued). Safe to run at every start, by every replica.
   */
  atStart?: (deps: ServiceDeps<DB, Settings, Adapters>) => Promise<void>;
  /** loads the shared demo data; seeding twice changes nothing */
  seed?: (deps: ServiceDeps<DB, Settings, Adapters>) => Promise<void>;
  /** largest request body in bytes (default 1 MB) */
  bodyLimit?: number;
  /**
   * Options of the app factory the service sets itself (the gateway: trusted proxies, who reads
   * metrics, readiness of the services behind it).
   */
  app?: (deps: ServiceDeps<DB, Settings, Adapters>) => Partial<Parameters<typeof createApp>[0]>;
  /** called when the process closes, after the app and before the runtime (adapters holding connections) */
  close?: (deps: ServiceDeps<DB, Settings, Adapters>) => Promise<void>;
}

/** Declares a service; the identity function that lets TypeScript check the declaration as one piece. */
export function defineService<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
): ServiceDefinition<DB, Settings, Adapters> {
  return definition;
}

/** The deps of a service over a runtime: its settings read and its adapters made. */
export function depsOf<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  runtime: ServiceRuntime<DB>,
  overrides: { env?: Env; settings?: Partial<Settings>; adapters?: Partial<Adapters> } = {},
): ServiceDeps<DB, Settings, Adapters> {
  const base = definition.settings(overrides.env ?? process.env);
  const settings = (
    overrides.settings && typeof base === 'object' && base !== null
      ? { ...base, ...overrides.settings }
      : base
  ) as Settings;
  const made = (definition.adapters?.(settings, runtime) ?? {}) as Adapters;
  const adapters = (overrides.adapters ? { ...made, ...overrides.adapters } : made) as Adapters;
  return { runtime, settings, adapters };
}

/** The service's HTTP app. Builds nothing in the background and needs no server to build. */
export async function buildHttp<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  deps: ServiceDeps<DB, Settings, Adapters>,
): Promise<App> {
  const { runtime } = deps;
  const app = await createApp({
    name: definition.name,
    description: definition.description,
    logger: runtime.logger,
    identityPublicKey: runtime.config.identityPublicKey,
    readiness: runtime.readiness(),
    metrics: [runtime.metrics],
    ...(definition.bodyLimit ? { bodyLimit: definition.bodyLimit } : {}),
    ...definition.app?.(deps),
  });
  await definition.routes(app, deps);
  return app;
}

/** A process that serves no routes (background work only) still answers health, readiness and metrics. */
export function buildProbes<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  deps: ServiceDeps<DB, Settings, Adapters>,
): Promise<App> {
  return createApp({
    name: definition.name,
    description: `${definition.description} (background work)`,
    logger: deps.runtime.logger,
    readiness: deps.runtime.readiness(),
    metrics: [deps.runtime.metrics],
  });
}

/**
 * Registers the service's consumers, workers and schedules on a connected runtime, runs its `atStart`,
 * and starts them with the outbox relay.
 */
export async function startBackground<DB extends PlatformTables, Settings, Adapters>(
  definition: ServiceDefinition<DB, Settings, Adapters>,
  deps: ServiceDeps<DB, Settings, Adapters>,
): Promise<void> {
  const { runtime } = deps;
  for (const consumer of definition.consumers?.(deps) ?? [])
    runtime.consume(consumer as ConsumerDefinition<Subject, DB>);
  for (const worker of definition.workers?.(deps) ?? []) runtime.work(worker);
  for (const schedule of definition.schedules?.(deps) ?? []) {
    const queue = runtime.queue(schedule.queue);
    await queue.schedule(schedule.id, schedule.repeat, schedule.data);
  }
  await definition.atStart?.(deps);
  await runtime.start();
}

/** Which parts of a service a process runs (`SERVICE_ROLE`): the API can scale apart from the workers. */
export type ServiceRole = 'all' | 'http' | 'background';

export function serviceRoleOf(env: Env): ServiceRole {
  const role = env.SERVICE_ROLE ?? 'all';
  if (role === 'all' || role === 'http' || role === 'background') return role;
  throw new Error(`SERVICE_ROLE must be all, http or background, got "${role}"`);
}

/** The config every definition's process reads (name and port from the definition). */
export type { ServiceConfig };
