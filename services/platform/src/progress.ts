// The one progress tracker of the product (000 §4, §7, §9; 001 §7; decision 0051): every long job (the
// accounting sync, bulk imports, bulk emails) reports through it, and the screens poll
// `GET /api/progressTracker/GetProgress/?traceLogId=&trackerType=` every 500 ms (the first poll after 1 s)
// until `isFinished`, flagging `hasError` and polling on. A tracker is a Redis hash under the deployment's
// queue prefix (the same Redis every service uses), so a job in one service reports to a tracker that the
// service answering the routes reads. Trackers expire a day after their last report.
import type { Redis } from 'ioredis';
import Type from 'typebox';
import { type App, callerOf, requireUser } from './app.ts';
import { notFound } from './errors.ts';
import type { Identity } from './identity.ts';
import { newId } from './ids.ts';
import type { ServiceRuntime } from './runtime.ts';
import { ErrorBodySchema } from './schemas.ts';

/** Ours (the spec shows no tracker types): what kind of job a tracker follows. */
export const progressTrackerTypes = ['AccountingSync', 'BulkImport', 'BulkEmail', 'Generic'] as const;
export type ProgressTrackerType = (typeof progressTrackerTypes)[number];

/** Ours: how long a tracker is kept after its last report. */
export const PROGRESS_TRACKER_TTL_SECONDS = 24 * 3600;

export interface ProgressSnapshot {
  traceLogId: string;
  trackerType: ProgressTrackerType;
  /** 0–100; 100 only once finished */
  progress: number;
  isFinished: boolean;
  hasError: boolean;
  error: string | null;
  message: string | null;
  done: number;
  total: number;
  createdDate: string;
  updatedDate: string;
}

export interface TrackerOwner {
  brokerId: string;
  userId: string;
}

/** Whole percent done, never 100 before the job says it finished. */
export function percentDone(done: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(99, Math.max(0, Math.floor((done * 100) / total)));
}

export class ProgressTracker {
  private readonly redis: Redis;
  private readonly prefix: string;
  private readonly ttlSeconds: number;

  constructor(redis: Redis, prefix: string, ttlSeconds = PROGRESS_TRACKER_TTL_SECONDS) {
    this.redis = redis;
    this.prefix = prefix;
    this.ttlSeconds = ttlSeconds;
  }

  private key(traceLogId: string): string {
    return `${this.prefix}:progress:${traceLogId}`;
  }

  /** A new tracker at 0 %, owned by a broker and a user. */
  async create(
    owner: TrackerOwner,
    trackerType: ProgressTrackerType = 'Generic',
    message: string | null = null,
  ): Promise<ProgressSnapshot> {
    const traceLogId = newId('trc');
    const now = new Date().toISOString();
    await this.write(traceLogId, {
      trackerType,
      brokerId: owner.brokerId,
      userId: owner.userId,
      progress: '0',
      isFinished: '0',
      hasError: '0',
      error: '',
      message: message ?? '',
      done: '0',
      total: '0',
      createdDate: now,
      updatedDate: now,
    });
    return (await this.get(traceLogId))!;
  }

  /** How far the job is: `done` of `total` items. */
  async report(traceLogId: string, step: { done: number; total: number; message?: string }): Promise<void> {
    await this.write(traceLogId, {
      done: String(step.done),
      total: String(step.total),
      progress: String(percentDone(step.done, step.total)),
      ...(step.message !== undefined ? { message: step.message } : {}),
      updatedDate: new Date().toISOString(),
    });
  }

  /** The job ended: 100 %, finished (an error flagged earlier stays shown). */
  async finish(traceLogId: string, message?: string): Promise<void> {
    await this.write(traceLogId, {
      progress: '100',
      isFinished: '1',
      ...(message !== undefined ? { message } : {}),
      updatedDate: new Date().toISOString(),
    });
  }

  /**
   * Something went wrong: the error is flagged; the screen keeps polling (000 §4). `final` when the job
   * gave up (it is then finished, with its error).
   */
  async fail(traceLogId: string, error: string, options: { final?: boolean } = {}): Promise<void> {
    await this.write(traceLogId, {
      hasError: '1',
      error,
      ...(options.final ? { isFinished: '1' } : {}),
      updatedDate: new Date().toISOString(),
    });
  }

  /** The error is over (a retry went through). */
  async clearError(traceLogId: string): Promise<void> {
    await this.write(traceLogId, { hasError: '0', error: '', updatedDate: new Date().toISOString() });
  }

  async get(traceLogId: string): Promise<(ProgressSnapshot & TrackerOwner) | null> {
    const raw = await this.redis.hgetall(this.key(traceLogId));
    if (!raw.trackerType) return null;
    return {
      traceLogId,
      trackerType: raw.trackerType as ProgressTrackerType,
      brokerId: raw.brokerId ?? '',
      userId: raw.userId ?? '',
      progress: Number(raw.progress ?? 0),
      isFinished: raw.isFinished === '1',
      hasError: raw.hasError === '1',
      error: raw.error ? raw.error : null,
      message: raw.message ? raw.message : null,
      done: Number(raw.done ?? 0),
      total: Number(raw.total ?? 0),
      createdDate: raw.createdDate ?? '',
      updatedDate: raw.updatedDate ?? '',
    };
  }

  /**
   * A tracker as the caller may read it: its broker's staff, or the user who started it. Any other
   * (another broker's, another customer's, a wrong type, an expired one) is not found alike.
   */
  async readFor(
    caller: Identity,
    traceLogId: string,
    trackerType?: string,
  ): Promise<ProgressSnapshot | undefined> {
    const tracker = await this.get(traceLogId);
    if (!tracker || tracker.brokerId !== caller.brokerId) return undefined;
    if (caller.kind !== 'staff' && tracker.userId !== caller.userId) return undefined;
    if (trackerType && tracker.trackerType.toLowerCase() !== trackerType.toLowerCase()) return undefined;
    const { brokerId: _b, userId: _u, ...snapshot } = tracker;
    return snapshot;
  }

  private async write(traceLogId: string, fields: Record<string, string>): Promise<void> {
    const key = this.key(traceLogId);
    await this.redis.multi().hset(key, fields).expire(key, this.ttlSeconds).exec();
  }
}

/** The tracker of a process: its Redis, under the deployment's queue prefix (one per test file in tests). */
export const progressTrackerOf = (runtime: Pick<ServiceRuntime, 'redis' | 'config'>): ProgressTracker =>
  new ProgressTracker(runtime.redis, runtime.config.queuePrefix);

export const ProgressSnapshotSchema = Type.Object(
  {
    traceLogId: Type.String(),
    trackerType: Type.Enum([...progressTrackerTypes]),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    isFinished: Type.Boolean(),
    hasError: Type.Boolean(),
    error: Type.Union([Type.String(), Type.Null()]),
    message: Type.Union([Type.String(), Type.Null()]),
    done: Type.Integer({ minimum: 0 }),
    total: Type.Integer({ minimum: 0 }),
    createdDate: Type.String(),
    updatedDate: Type.String(),
  },
  { $id: 'ProgressSnapshot' },
);

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema };

/**
 * The two routes of 000 §7, answered once for the whole product (decision 0051): the accounting service
 * registers them (the gateway routes `/api/progressTracker` there); any service's job reports through
 * `progressTrackerOf(runtime)`.
 */
export function progressTrackerRoutes(app: App, tracker: ProgressTracker): void {
  if (!app.getSchema('ProgressSnapshot')) app.addSchema(ProgressSnapshotSchema);
  app.get(
    '/api/progressTracker/CreateTracker',
    {
      preHandler: requireUser,
      schema: {
        tags: ['progress tracker'],
        summary: 'A new progress tracker for a long job the caller is about to start (000 §7)',
        querystring: Type.Object({
          trackerType: Type.Optional(Type.Enum([...progressTrackerTypes])),
        }),
        response: { 200: Type.Ref('ProgressSnapshot'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const created = await tracker.create(
        { brokerId: caller.brokerId, userId: caller.userId },
        request.query.trackerType ?? 'Generic',
      );
      const { brokerId: _b, userId: _u, ...snapshot } = created as ProgressSnapshot & Partial<TrackerOwner>;
      return snapshot;
    },
  );
  app.get(
    '/api/progressTracker/GetProgress',
    {
      preHandler: requireUser,
      schema: {
        tags: ['progress tracker'],
        summary:
          'How far a long job is: progress 0–100, isFinished, hasError (000 §4: the screen polls every 500 ms, the first poll after 1 s, and keeps polling on an error)',
        querystring: Type.Object({
          traceLogId: Type.String({ minLength: 1, maxLength: 64 }),
          trackerType: Type.Optional(Type.String({ maxLength: 40 })),
        }),
        response: { 200: Type.Ref('ProgressSnapshot'), ...errors },
      },
    },
    async (request) => {
      const { traceLogId, trackerType } = request.query;
      const snapshot = await tracker.readFor(callerOf(request), traceLogId, trackerType);
      if (!snapshot) throw notFound(`Progress tracker ${traceLogId} was not found.`);
      return snapshot;
    },
  );
}
