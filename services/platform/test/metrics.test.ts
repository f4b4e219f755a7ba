// What /metrics shows beyond HTTP, read from the real PostgreSQL, NATS and Redis: the outbox backlog and
// its oldest age, what the relay published, each consumer's lag and handled events with the handling time,
// dead letters, BullMQ jobs by state, and a business counter.
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.ts';
import type { PlatformTables } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'metricstest', migrations: {} });
  t.runtime.consume({
    name: 'users',
    subjects: [subjects.userChanged],
    // one event never applies: set aside after its first delivery
    maxDeliveries: 1,
    handle: async (event) => {
      if (event.data.email === 'broken@b.test') throw new Error('cannot apply');
    },
  });
});
afterAll(async () => {
  await t?.cleanup();
});

async function scrape(): Promise<Map<string, number>> {
  const app = await createApp({ name: 'metricstest', metrics: [t.runtime.metrics] });
  const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
  await app.close();
  const values = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^(loadline_[a-z_]+(?:_bucket|_count|_sum)?)(\{[^}]*\})? (\S+)$/.exec(line);
    if (!m) continue;
    // the labels but `service`, in the order written
    const labels = (m[2] ?? '')
      .slice(1, -1)
      .split(',')
      .filter((l) => l && !l.startsWith('service='));
    values.set(`${m[1]}${labels.length ? `{${labels.join(',')}}` : ''}`, Number(m[3]));
  }
  return values;
}

describe('/metrics of a service runtime', () => {
  it('shows the outbox backlog until the relay publishes it, then the consumer, its dead letter and its queue', async () => {
    await t.runtime.db.transaction().execute(async (trx) => {
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'u1' }));
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ userId: 'u2' }));
      await t.runtime.appendEvent(
        trx,
        subjects.userChanged,
        userChanged({ userId: 'u3', email: 'broken@b.test' }),
      );
    });
    await new Promise((r) => setTimeout(r, 1100));
    const before = await scrape();
    expect(before.get('loadline_outbox_backlog_rows')).toBe(3);
    expect(before.get('loadline_outbox_oldest_age_seconds')).toBeGreaterThanOrEqual(1);
    expect(before.get('loadline_outbox_published_total')).toBe(0);

    const queue = t.runtime.queue<{ n: number }>('metrics-test');
    await queue.enqueue({ n: 1 }, { delay: 60_000 });
    await queue.enqueue({ n: 2 });

    await t.runtime.start();
    // The acknowledgements go to NATS after the commit: the server counts them a moment after the handling.
    const after = await eventually(async () => {
      const m = await scrape();
      return m.get('loadline_consumer_handled_total{consumer="metricstest_users"}') === 2 &&
        m.get('loadline_dead_letters{consumer="metricstest:users"}') === 1 &&
        m.get('loadline_consumer_ack_pending_events{consumer="metricstest_users"}') === 0
        ? m
        : undefined;
    }, 15_000);
    expect(after.get('loadline_outbox_backlog_rows')).toBe(0);
    expect(after.get('loadline_outbox_oldest_age_seconds')).toBe(0);
    expect(after.get('loadline_outbox_published_total')).toBe(3);
    expect(after.get('loadline_consumer_pending_events{consumer="metricstest_users"}')).toBe(0);
    expect(after.get('loadline_consumer_ack_pending_events{consumer="metricstest_users"}')).toBe(0);
    expect(
      after.get('loadline_consumer_handling_seconds_count{consumer="metricstest_users"}'),
    ).toBeGreaterThanOrEqual(1);
    expect(after.get('loadline_queue_jobs{queue="metrics-test",state="delayed"}')).toBe(1);
    expect(after.get('loadline_queue_jobs{queue="metrics-test",state="waiting"}')).toBe(1);
    expect(after.get('loadline_queue_jobs{queue="metrics-test",state="failed"}')).toBe(0);
  });

  it('shows a business counter a service registers, once however often it is asked for', async () => {
    const changes = t.runtime.counter('loadline_test_changes_total', 'changes', ['kind']);
    expect(t.runtime.counter('loadline_test_changes_total', 'changes', ['kind'])).toBe(changes);
    changes.inc({ kind: 'a' }, 2);
    expect((await scrape()).get('loadline_test_changes_total{kind="a"}')).toBe(2);
  });
});
