// The one job helper: BullMQ queues and workers with retries, exponential backoff,
// idempotency keys (the job id) and progress the spec's progress tracker can read.
import { createRequire } from 'node:module';
import type { Job, JobsOptions, Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { activeTraceparent, contextOf, inSpan, SpanKind } from './tracing.ts';

export type { Job } from 'bullmq';

/**
 * BullMQ is loaded by the first queue or worker a service makes, so a service without jobs (the
 * gateway) never holds its code in memory (about 5 MB of heap).
 */
let bullmqModule: typeof import('bullmq') | undefined;
const bullmq = (): typeof import('bullmq') => {
  bullmqModule ??= createRequire(import.meta.url)('bullmq') as typeof import('bullmq');
  return bullmqModule;
};

export const defaultJobOptions: JobsOptions = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 1000 },
  removeOnComplete: { age: 24 * 3600, count: 1000 },
  removeOnFail: { age: 7 * 24 * 3600 },
};

export interface JobsConnection {
  redisUrl: string;
  prefix: string;
  logger: Logger;
}

/** Workers block on Redis and need `maxRetriesPerRequest: null` (BullMQ's rule). */
export const redisForBullmq = (url: string, logger: Logger, what: string) =>
  reportRedisOutages(new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false }), logger, what);

/**
 * One log line when Redis goes out of reach and one when it is back, instead of the client's "Unhandled error
 * event" on stderr at every reconnect try (hundreds in the 2 s of a chaos run's Redis restart).
 */
export function reportRedisOutages(redis: Redis, logger: Logger, what: string): Redis {
  let down = false;
  redis.on('error', (err) => {
    if (down) return;
    down = true;
    logger.warn({ err }, `${what}: Redis is out of reach; waiting for it`);
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info(`${what}: Redis is back`);
  });
  return redis;
}

/**
 * A queue's or worker's errors: those of its connections while Redis is out of reach are said once, by the
 * connection (above); any other is logged. Without a listener BullMQ writes each to stderr.
 */
function logErrors(emitter: Queue | Worker | QueueEvents, connection: Redis, logger: Logger, what: string) {
  (emitter as unknown as import('node:events').EventEmitter).on('error', (err: Error) => {
    if (connection.status !== 'ready') return;
    logger.warn({ err }, `${what}: ${err.message}`);
  });
}

export class JobQueue<T = unknown> {
  readonly queue: Queue;
  private readonly connection: Redis;
  readonly name: string;
  constructor(name: string, conn: JobsConnection) {
    this.name = name;
    this.connection = redisForBullmq(conn.redisUrl, conn.logger, `queue ${name}`);
    this.queue = new (bullmq().Queue)(name, {
      connection: this.connection,
      prefix: conn.prefix,
      defaultJobOptions,
    });
    logErrors(this.queue, this.connection, conn.logger, `queue ${name}`);
  }

  /**
   * Adds a job. `idempotencyKey` becomes the job id: adding the same key again while the
   * job is kept is a no-op, so a retried request never queues the work twice.
   */
  async enqueue(data: T, options: JobsOptions & { idempotencyKey?: string } = {}): Promise<Job<T>> {
    const { idempotencyKey, ...rest } = options;
    return this.queue.add(this.name, withTrace(data), {
      ...rest,
      ...(idempotencyKey ? { jobId: idempotencyKey } : {}),
    });
  }

  /**
   * Runs `data` on a schedule (`every` milliseconds, or a cron `pattern` in `tz`), e.g. a nightly
   * archive. Kept in Redis under `schedulerId`: every replica may call this at start, and calling it
   * again replaces the schedule instead of adding a second one.
   */
  async schedule(
    schedulerId: string,
    repeat: { every: number } | { pattern: string; tz?: string },
    data: T,
  ): Promise<void> {
    await this.queue.upsertJobScheduler(schedulerId, repeat, { name: this.name, data });
  }

  /** Stops a schedule made by `schedule` (nothing happens when there is none). */
  async unschedule(schedulerId: string): Promise<void> {
    await this.queue.removeJobScheduler(schedulerId);
  }

  /** Progress as the spec's tracker shows it: progress 0–100 and whether it finished. */
  async progress(jobId: string): Promise<{ progress: number; isFinished: boolean; failed: boolean } | null> {
    // The state first: a job read before it is finished may still show its last progress.
    const state = await this.queue.getJobState(jobId);
    if (state === 'unknown') return null;
    const job = await this.queue.getJob(jobId);
    if (!job) return null;
    // Finished work is all done, whatever the job last reported.
    const progress = state === 'completed' ? 100 : typeof job.progress === 'number' ? job.progress : 0;
    return { progress, isFinished: state === 'completed' || state === 'failed', failed: state === 'failed' };
  }

  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}

/** Where a job's data carries the trace of the work that queued it (tracing.ts); the worker takes it out. */
const traceKey = '_traceparent';
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function withTrace<T>(data: T): T {
  const traceparent = activeTraceparent();
  return traceparent && isRecord(data) ? ({ ...data, [traceKey]: traceparent } as T) : data;
}

/** Runs a job in a span under the trace that queued it, its data as it was queued. */
function inTrace<T>(
  queue: string,
  job: Job<T>,
  process: (job: Job<T>) => Promise<unknown>,
): Promise<unknown> {
  let traceparent: string | undefined;
  if (isRecord(job.data) && typeof job.data[traceKey] === 'string') {
    const { [traceKey]: carried, ...data } = job.data;
    traceparent = carried as string;
    job.data = data as T;
  }
  return inSpan(
    `job ${queue}`,
    SpanKind.CONSUMER,
    contextOf(traceparent),
    { 'loadline.queue': queue, 'loadline.job_id': String(job.id) },
    () => process(job),
  );
}

export interface WorkerDefinition<T> {
  queue: string;
  concurrency?: number;
  process: (job: Job<T>) => Promise<unknown>;
  /**
   * How long a running job's lock lasts without renewal, and how often stalled jobs are looked for (BullMQ's
   * default 30 s): after a worker is killed, its job runs again within about twice this.
   */
  lockDurationMs?: number;
}

export class JobWorker<T = unknown> {
  readonly worker: Worker;
  private readonly connection: Redis;
  constructor(definition: WorkerDefinition<T>, conn: JobsConnection) {
    this.connection = redisForBullmq(conn.redisUrl, conn.logger, `worker ${definition.queue}`);
    this.worker = new (bullmq().Worker)(
      definition.queue,
      (job: Job<T>) => inTrace(definition.queue, job, definition.process),
      {
        connection: this.connection,
        prefix: conn.prefix,
        concurrency: definition.concurrency ?? 4,
        ...(definition.lockDurationMs
          ? { lockDuration: definition.lockDurationMs, stalledInterval: definition.lockDurationMs }
          : {}),
      },
    );
    logErrors(this.worker, this.connection, conn.logger, `worker ${definition.queue}`);
    this.worker.on('failed', (job, err) =>
      conn.logger.warn(
        { err, jobId: job?.id, attempts: job?.attemptsMade },
        `job ${definition.queue} failed`,
      ),
    );
  }
  async close(): Promise<void> {
    await this.worker.close();
    this.connection.disconnect();
  }
}

export function queueEvents(name: string, conn: JobsConnection): QueueEvents {
  const connection = redisForBullmq(conn.redisUrl, conn.logger, `queue events ${name}`);
  const events = new (bullmq().QueueEvents)(name, { connection, prefix: conn.prefix });
  logErrors(events, connection, conn.logger, `queue events ${name}`);
  return events;
}
