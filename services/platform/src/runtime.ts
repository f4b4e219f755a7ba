// A service's connections to the real servers (PostgreSQL, NATS JetStream, Redis) and
// the background parts that run beside its HTTP routes: the outbox relay, durable
// consumers and job workers. Tests build the same runtime on the same servers.
import type { EventData, Subject } from '@loadline/contracts/events';
import { type JetStreamClient, type JetStreamManager, jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/nats-core';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { Counter, Gauge, Registry } from 'prom-client';
import type { ReadinessCheck } from './app.ts';
import { natsServers, type ServiceConfig } from './config.ts';
import { type Database, migrate, openDatabase, ping } from './db.ts';
import { type ConsumerDefinition, DurableConsumer } from './events/consumer.ts';
// Side effect: answered NATS requests stop building a rejection nobody sees (see the file).
import './events/nats-requests.ts';
import { appendEvent, appendEvents, type OutboxEvent } from './events/outbox.ts';
import { OutboxRelay } from './events/relay.ts';
import { ensureStream } from './events/stream.ts';
import { JobQueue, JobWorker, reportRedisOutages, type WorkerDefinition } from './jobs.ts';
import { createLogger, type Logger } from './logger.ts';
import { consumerHandlingHistogram, registerRuntimeMetrics } from './metrics.ts';
import type { PlatformTables } from './store/migrations.ts';
import { installTracing } from './tracing.ts';

export interface RuntimeOptions {
  config: ServiceConfig;
  migrations: Record<string, Migration>;
  logger?: Logger;
}

export class ServiceRuntime<DB extends PlatformTables = PlatformTables> {
  readonly config: ServiceConfig;
  readonly logger: Logger;
  readonly database: Database<DB>;
  readonly nats: NatsConnection;
  readonly js: JetStreamClient;
  readonly jsm: JetStreamManager;
  readonly redis: Redis;
  readonly relay: OutboxRelay;
  readonly consumers: DurableConsumer[] = [];
  readonly workers: JobWorker[] = [];
  private readonly queues = new Map<string, JobQueue>();
  private readonly workedQueues = new Set<string>();
  /**
   * The runtime's own metrics (outbox, consumers, queues, and the counters a service registers with
   * `counter`): every app built over this runtime shows them at /metrics beside its HTTP metrics.
   */
  readonly metrics = new Registry();
  private readonly handling = consumerHandlingHistogram(this.metrics);
  private started = false;
  /** built by `offline()`: nothing is connected, and starting is refused */
  readonly offline: boolean;

  private constructor(parts: {
    config: ServiceConfig;
    logger: Logger;
    database: Database<DB>;
    nats: NatsConnection;
    js: JetStreamClient;
    jsm: JetStreamManager;
    redis: Redis;
    offline?: boolean;
  }) {
    this.offline = parts.offline === true;
    this.config = parts.config;
    this.logger = parts.logger;
    this.database = parts.database;
    this.nats = parts.nats;
    this.js = parts.js;
    this.jsm = parts.jsm;
    this.redis = parts.redis;
    this.relay = new OutboxRelay({
      db: this.database.db,
      pool: this.database.pool,
      js: this.js,
      namespace: this.config.eventNamespace,
      logger: this.logger,
      lingerMs: this.config.eventLingerMs,
    });
    // Offline, nothing could be read at a scrape: only the counters a service registers are shown.
    if (!this.offline) registerRuntimeMetrics(this, this.metrics);
  }

  /** Connects to every server, applies migrations and makes sure the event stream exists. */
  static async connect<DB extends PlatformTables>(options: RuntimeOptions): Promise<ServiceRuntime<DB>> {
    const { config } = options;
    installTracing();
    const logger = options.logger ?? createLogger(config.service, config.logLevel);
    const database = await openDatabase<DB>({
      url: config.databaseUrl,
      schema: config.databaseSchema,
      onIdleError: (error) =>
        logger.warn({ err: error }, 'database: an idle connection was lost; it will be replaced'),
    });
    try {
      await migrate(database.db as Kysely<unknown>, config.databaseSchema, options.migrations);
      const nats = await connect({
        // NATS_URL may name every node of a cluster, comma-separated: the client moves to another when one goes
        servers: natsServers(config.natsUrl),
        name: config.service,
        maxReconnectAttempts: -1,
        reconnectTimeWait: 1000,
        // Otherwise every request (each publish the relay awaits an ack for) builds two errors with
        // stack traces up front, in case it fails; a failure is still reported, with its message.
        noAsyncTraces: true,
      });
      const jsm = await jetstreamManager(nats);
      await ensureStream(jsm, config.eventNamespace, config.streamReplicas);
      const js = jetstream(nats);
      const redis = reportRedisOutages(
        new Redis(config.redisUrl, {
          maxRetriesPerRequest: 3,
          lazyConnect: false,
          // Reconnect every half second at most: while Redis is down a command fails after three tries (about
          // 1.5 s, answered 503) instead of waiting up to 2 s per try as the default's growing delay does.
          retryStrategy: (times) => Math.min(times * 100, 500),
        }),
        logger,
        'client',
      );
      return new ServiceRuntime<DB>({ config, logger, database, nats, js, jsm, redis });
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  /**
   * A runtime that connects to nothing: its database connects at the first query (none is made to build
   * routes), Redis at the first command, and NATS not at all (using it throws). Enough to build a
   * service's HTTP app, for its contract and for HTTP-shape tests, with every server stopped.
   */
  static async offline<DB extends PlatformTables>(options: {
    config: ServiceConfig;
    logger?: Logger;
  }): Promise<ServiceRuntime<DB>> {
    const { config } = options;
    const logger = options.logger ?? createLogger(config.service, config.logLevel);
    const database = await openDatabase<DB>({
      url: config.databaseUrl,
      schema: config.databaseSchema,
      createSchema: false,
    });
    const unconnected = notConnected(config.service);
    const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
    return new ServiceRuntime<DB>({
      config,
      logger,
      database,
      nats: unconnected as NatsConnection,
      js: unconnected as JetStreamClient,
      jsm: unconnected as JetStreamManager,
      redis,
      offline: true,
    });
  }

  get db(): Kysely<DB> {
    return this.database.db;
  }

  /** Writes an event in the caller's transaction (transactional outbox). */
  appendEvent<S extends Subject>(trx: Kysely<DB>, subject: S, data: EventData<S>): Promise<string> {
    return appendEvent(trx, this.config.service, subject, data);
  }

  /** Writes several events of one change in the caller's transaction, in one statement. */
  appendEvents(trx: Kysely<DB>, events: readonly OutboxEvent[]): Promise<string[]> {
    return appendEvents(trx, this.config.service, events);
  }

  /** Registers a durable consumer; it starts with the runtime. */
  consume<S extends Subject>(definition: ConsumerDefinition<S, DB>): DurableConsumer<S> {
    const consumer = new DurableConsumer<S>(definition as ConsumerDefinition<S>, {
      service: this.config.service,
      db: this.db,
      js: this.js,
      jsm: this.jsm,
      namespace: this.config.eventNamespace,
      logger: this.logger,
      lingerMs: definition.unwatched ? this.config.eventUnwatchedLingerMs : this.config.eventLingerMs,
      observeHandling: (seconds) => this.handling.observe({ consumer: consumer.durableName }, seconds),
    });
    this.consumers.push(consumer as unknown as DurableConsumer);
    if (this.started) {
      consumer
        .start()
        .catch((error) => this.logger.error({ err: error }, `consumer ${definition.name} did not start`));
    }
    return consumer;
  }

  queue<T>(name: string): JobQueue<T> {
    let q = this.queues.get(name);
    if (!q) {
      q = new JobQueue<T>(name, this.jobsConnection) as JobQueue;
      this.queues.set(name, q);
    }
    return q as JobQueue<T>;
  }

  /** Every queue this process enqueues to or works. */
  queueNames(): string[] {
    return [...new Set([...this.queues.keys(), ...this.workedQueues])].sort();
  }

  /**
   * A business counter (status changes, check calls, emails by send status) on the runtime's metrics,
   * the same one however often it is asked for.
   */
  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    const existing = this.metrics.getSingleMetric(name);
    if (existing) return existing as Counter<L>;
    return new Counter<L>({ name, help, labelNames: [...labelNames], registers: [this.metrics] });
  }

  /** A figure read when /metrics is scraped (the live connections of a replica...); the latest read wins. */
  gauge(name: string, help: string, read: () => number): void {
    this.metrics.removeSingleMetric(name);
    new Gauge({
      name,
      help,
      registers: [this.metrics],
      collect() {
        this.set(read());
      },
    });
  }

  work<T>(definition: WorkerDefinition<T>): JobWorker<T> {
    this.workedQueues.add(definition.queue);
    const worker = new JobWorker<T>(definition, this.jobsConnection);
    this.workers.push(worker as unknown as JobWorker);
    return worker;
  }

  private get jobsConnection() {
    return { redisUrl: this.config.redisUrl, prefix: this.config.queuePrefix, logger: this.logger };
  }

  /** Starts the relay and the consumers (workers start when they are created). */
  async start(): Promise<void> {
    if (this.offline)
      throw new Error(`${this.config.service}: a runtime built offline cannot start background work`);
    if (this.started) return;
    this.started = true;
    await this.relay.start();
    for (const consumer of this.consumers) await consumer.start();
  }

  readiness(): ReadinessCheck[] {
    return [
      { name: 'postgresql', check: () => ping(this.db as Kysely<unknown>) },
      // NATS and Redis down stop only part of the work (the outbox and jobs wait): shown, not unready (decision 0088)
      {
        name: 'nats',
        degradesOnly: true,
        check: async () => {
          if (this.nats.isClosed()) throw new Error('closed');
          await this.nats.flush();
        },
      },
      {
        name: 'redis',
        degradesOnly: true,
        check: async () => {
          await this.redis.ping();
        },
      },
    ];
  }

  async close(): Promise<void> {
    if (this.offline) {
      this.redis.disconnect();
      await this.database.close();
      return;
    }
    await Promise.allSettled(this.workers.map((w) => w.close()));
    await Promise.allSettled(this.consumers.map((c) => c.stop()));
    await this.relay.stop();
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await this.nats.drain().catch(() => undefined);
    this.redis.disconnect();
    await this.database.close();
  }
}

/** Stands in for NATS in a runtime built offline: any use says so, plainly. */
function notConnected(service: string): unknown {
  return new Proxy(
    {},
    {
      get(_target, property) {
        if (property === 'then') return undefined; // not a promise
        throw new Error(
          `${service}: NATS is not connected (the runtime was built offline); "${String(property)}" needs the running service`,
        );
      },
    },
  );
}

/** What a store needs of the runtime to write a change's events in its transaction (the outbox). */
export type EventWriter<DB extends PlatformTables = PlatformTables> = Pick<
  ServiceRuntime<DB>,
  'appendEvent' | 'appendEvents'
>;
