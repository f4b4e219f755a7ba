// The job helper against the real Redis: retries with backoff, idempotency keys, progress.
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JobQueue, JobWorker } from '../src/jobs.ts';
import { createLogger } from '../src/logger.ts';
import { dropTestResources, eventually, testConfig } from '../src/testing/index.ts';

const config = testConfig('jobs');
const conn = {
  redisUrl: config.redisUrl,
  prefix: config.queuePrefix,
  logger: createLogger('jobs', 'silent'),
};
const closers: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const c of closers) await c.close();
  await dropTestResources(config);
});

describe('job helper', () => {
  let queue: JobQueue<{ n: number }>;
  beforeAll(() => {
    queue = new JobQueue<{ n: number }>('retrying', conn);
    closers.push(queue);
  });

  it('retries a failing job with backoff until it succeeds', async () => {
    const attempts: number[] = [];
    const worker = new JobWorker<{ n: number }>(
      {
        queue: 'retrying',
        process: async (job) => {
          attempts.push(Date.now());
          if (attempts.length < 3) throw new Error('provider down');
          return job.data.n * 2;
        },
      },
      conn,
    );
    closers.push(worker);
    const job = await queue.enqueue({ n: 21 }, { backoff: { type: 'exponential', delay: 50 } });
    // read again once completed: a job read before its last attempt ended keeps that moment's (null) return value
    const done = await eventually(async () =>
      (await queue.queue.getJobState(job.id!)) === 'completed' ? queue.queue.getJob(job.id!) : undefined,
    );
    expect(done?.returnvalue).toBe(42);
    expect(attempts).toHaveLength(3);
    expect(done?.attemptsMade).toBe(3);
    // the helper's defaults: 5 attempts, exponential backoff from 1 s
    const plain = await queue.enqueue({ n: 0 }, { delay: 60_000 });
    expect(plain.opts).toMatchObject({ attempts: 5, backoff: { type: 'exponential', delay: 1000 } });
  });

  it('queues work once per idempotency key', async () => {
    const a = await queue.enqueue({ n: 1 }, { idempotencyKey: 'send-text:shp_1:req_1', delay: 60_000 });
    const b = await queue.enqueue({ n: 2 }, { idempotencyKey: 'send-text:shp_1:req_1', delay: 60_000 });
    expect(b.id).toBe(a.id);
    expect((await queue.queue.getDelayed()).filter((j) => j.id === a.id)).toHaveLength(1);
  });

  it('runs a delayed job when its delay has passed, not before', async () => {
    const delayedQueue = new JobQueue<{ n: number }>('delayed', conn);
    closers.push(delayedQueue);
    const ran: number[] = [];
    const worker = new JobWorker<{ n: number }>(
      {
        queue: 'delayed',
        process: async (job) => {
          ran.push(Date.now());
          return job.data.n;
        },
      },
      conn,
    );
    closers.push(worker);
    const queuedAt = Date.now();
    const job = await delayedQueue.enqueue({ n: 7 }, { delay: 400, idempotencyKey: 'assignment-1-due' });
    expect(await delayedQueue.queue.getJobState(job.id!)).toBe('delayed');
    await eventually(async () => (await delayedQueue.queue.getJobState(job.id!)) === 'completed');
    expect(ran).toHaveLength(1);
    expect(ran[0]! - queuedAt).toBeGreaterThanOrEqual(400);
  });

  it('runs scheduled work on its schedule; upserting the same scheduler again keeps one schedule', async () => {
    const scheduled = new JobQueue<{ what: string }>('scheduled', conn);
    closers.push(scheduled);
    const runs: string[] = [];
    const worker = new JobWorker<{ what: string }>(
      {
        queue: 'scheduled',
        process: async (job) => {
          runs.push(job.data.what);
        },
      },
      conn,
    );
    closers.push(worker);
    await scheduled.schedule('tick', { every: 150 }, { what: 'archive' });
    await scheduled.schedule('tick', { every: 150 }, { what: 'archive' });
    expect(await scheduled.queue.getJobSchedulersCount()).toBe(1);
    await eventually(async () => runs.length >= 3);
    expect(new Set(runs)).toEqual(new Set(['archive']));
    await scheduled.queue.removeJobScheduler('tick');
  });

  it('reports progress as the progress tracker reads it', async () => {
    const progressQueue = new JobQueue<null>('progress', conn);
    closers.push(progressQueue);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const worker = new JobWorker<null>(
      {
        queue: 'progress',
        process: async (job) => {
          await job.updateProgress(40);
          await gate;
          await job.updateProgress(100);
        },
      },
      conn,
    );
    closers.push(worker);
    const job = await progressQueue.enqueue(null, { idempotencyKey: 'sync-1' });
    const midway = await eventually(async () => {
      const p = await progressQueue.progress(job.id!);
      return p && p.progress === 40 ? p : undefined;
    });
    expect(midway).toEqual({ progress: 40, isFinished: false, failed: false });
    release();
    const finished = await eventually(async () => {
      const p = await progressQueue.progress(job.id!);
      return p?.isFinished ? p : undefined;
    });
    expect(finished).toEqual({ progress: 100, isFinished: true, failed: false });
    expect(await progressQueue.progress('no-such-job')).toBeNull();
  });
});

describe('Redis out of reach', () => {
  it('is said once per connection in the log, not on stderr at every reconnect try', async () => {
    const lines: { level: number; msg: string }[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const stderr = vi.spyOn(console, 'error');
    // nothing listens on port 1: every connection and reconnect try is refused
    const down = { redisUrl: 'redis://127.0.0.1:1', prefix: config.queuePrefix, logger };
    const queue = new JobQueue('unreachable', down);
    const worker = new JobWorker({ queue: 'unreachable', process: async () => undefined }, down);
    try {
      await eventually(async () => lines.length >= 2);
      // a few more reconnect tries of each connection (ioredis tries again within 50-200 ms at first)
      await new Promise((r) => setTimeout(r, 1500));
      expect(lines.map((l) => l.msg).sort()).toEqual([
        'queue unreachable: Redis is out of reach; waiting for it',
        'worker unreachable: Redis is out of reach; waiting for it',
      ]);
      expect(lines.every((l) => l.level === 40)).toBe(true);
      expect(stderr).not.toHaveBeenCalled();
    } finally {
      stderr.mockRestore();
      await Promise.race([
        Promise.allSettled([queue.close(), worker.close()]),
        new Promise((r) => setTimeout(r, 2000)),
      ]);
    }
  });
});
