// The one progress tracker (000 §4, §7, §9; decision 0051) against the real Redis: a tracker starts at 0,
// reports whole percents never reaching 100 before the job finishes, flags an error while the screen keeps
// polling, and is read only within its broker (a customer only its own).
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ProgressTracker, percentDone } from '../src/progress.ts';
import { dropTestResources, testConfig, testIdentity } from '../src/testing/index.ts';

const config = testConfig('progress');
const redis = new Redis(config.redisUrl);
const tracker = new ProgressTracker(redis, config.queuePrefix, 60);

afterAll(async () => {
  redis.disconnect();
  await dropTestResources(config);
});

describe('the progress tracker', () => {
  it('counts whole percents and keeps 100 for the end', () => {
    expect(percentDone(0, 0)).toBe(0);
    expect(percentDone(1, 3)).toBe(33);
    expect(percentDone(999, 1000)).toBe(99);
    expect(percentDone(1000, 1000)).toBe(99);
  });

  it('follows a job from 0 to finished, flagging an error on the way without ending', async () => {
    const staff = testIdentity({ brokerId: 'org_b', userId: 'usr_a' });
    const created = await tracker.create({ brokerId: 'org_b', userId: 'usr_a' }, 'BulkImport');
    expect(created).toMatchObject({
      progress: 0,
      isFinished: false,
      hasError: false,
      trackerType: 'BulkImport',
    });
    const id = created.traceLogId;
    await tracker.report(id, { done: 250, total: 1000, message: 'Importing Files...' });
    expect(await tracker.readFor(staff, id)).toMatchObject({
      progress: 25,
      done: 250,
      total: 1000,
      message: 'Importing Files...',
    });
    await tracker.fail(id, 'The ledger did not answer. Retrying.');
    expect(await tracker.readFor(staff, id)).toMatchObject({
      hasError: true,
      isFinished: false,
      progress: 25,
    });
    await tracker.clearError(id);
    await tracker.report(id, { done: 1000, total: 1000 });
    expect((await tracker.readFor(staff, id))!.progress).toBe(99);
    await tracker.finish(id, 'Done.');
    expect(await tracker.readFor(staff, id)).toMatchObject({
      progress: 100,
      isFinished: true,
      hasError: false,
      message: 'Done.',
    });
    expect(await redis.ttl(`${config.queuePrefix}:progress:${id}`)).toBeGreaterThan(0);
  });

  it('answers only within its broker, a customer only its own tracker, and by its type when asked', async () => {
    const { traceLogId } = await tracker.create({ brokerId: 'org_b', userId: 'usr_customer' }, 'BulkEmail');
    expect(await tracker.readFor(testIdentity({ brokerId: 'org_b' }), traceLogId)).toBeDefined();
    expect(await tracker.readFor(testIdentity({ brokerId: 'org_other' }), traceLogId)).toBeUndefined();
    const customer = { kind: 'customer' as const, brokerId: 'org_b' };
    expect(
      await tracker.readFor(testIdentity({ ...customer, userId: 'usr_customer' }), traceLogId),
    ).toBeDefined();
    expect(
      await tracker.readFor(testIdentity({ ...customer, userId: 'usr_else' }), traceLogId),
    ).toBeUndefined();
    expect(await tracker.readFor(testIdentity({ brokerId: 'org_b' }), traceLogId, 'bulkemail')).toBeDefined();
    expect(
      await tracker.readFor(testIdentity({ brokerId: 'org_b' }), traceLogId, 'AccountingSync'),
    ).toBeUndefined();
  });
});
