// Once woken, the outbox relay and a consumer wait a few milliseconds for more events before they read
// (decision 0103): writes that end close together are published in one batch, and events that arrive close
// together are handled in one transaction. Real PostgreSQL and NATS; the linger is long here (300 ms) so the
// second write surely lands inside it. Without the linger each of these tests sees two batches.
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLingerOf, loadConfig } from '../src/config.ts';
import {
  createEnvelope,
  DurableConsumer,
  OutboxRelay,
  type PlatformTables,
  wireSubject,
} from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

const lingerMs = 300;
let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  // Not started: the runtime's own relay would publish the rows itself.
  t = await createTestRuntime<PlatformTables>({ service: 'eventlinger', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('EVENT_LINGER_MS', () => {
  it('is 5 ms unless set, and a whole number of milliseconds from 0 to 1000', () => {
    expect(loadConfig('x', 0, {}).eventLingerMs).toBe(5);
    expect(loadConfig('x', 0, { EVENT_LINGER_MS: '0' }).eventLingerMs).toBe(0);
    expect(loadConfig('x', 0, { EVENT_LINGER_MS: '20' }).eventLingerMs).toBe(20);
    expect(eventLingerOf('')).toBe(5);
    for (const bad of ['-1', '1001', '2.5', 'soon'])
      expect(() => eventLingerOf(bad)).toThrow(
        `EVENT_LINGER_MS must be a whole number of milliseconds from 0 to 1000, got "${bad}"`,
      );
  });
});

describe('the relay lingers once woken', () => {
  it('publishes two writes that ended 50 ms apart in one batch', async () => {
    const relay = new OutboxRelay({
      db: t.runtime.db,
      pool: t.runtime.database.pool,
      js: t.runtime.js,
      namespace: t.runtime.config.eventNamespace,
      logger: t.runtime.logger,
      // only a released write wakes it here
      pollIntervalMs: 60_000,
      lingerMs,
    });
    const batches: number[] = [];
    const publishBatch = relay.publishBatch.bind(relay);
    relay.publishBatch = async () => {
      const sent = await publishBatch();
      if (sent > 0) batches.push(sent);
      return sent;
    };
    await relay.start();
    try {
      await relay.flush();
      batches.length = 0;
      // the loop's first read is done and it waits for a write
      await pause(300);
      const write = (version: number) =>
        t.runtime.db
          .transaction()
          .execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ version })));
      await write(1);
      await pause(50);
      await write(2);
      await eventually(async () => (relay.published >= 2 ? true : undefined), 5_000);
      expect(batches).toEqual([2]);
    } finally {
      await relay.stop();
    }
  });
});

describe('a consumer lingers once an event arrives', () => {
  it('handles two events that arrived 50 ms apart in one transaction', async () => {
    const batches: string[][] = [];
    const consumer = new DurableConsumer(
      {
        name: 'lingering',
        subjects: [subjects.userChanged],
        idempotent: true,
        // the stream holds the relay test's events too: this test's own are kept
        handleBatch: async (events) => {
          const ours = events.map((e) => e.data.userId).filter((id) => id.startsWith('usr_linger'));
          if (ours.length > 0) batches.push(ours);
        },
      },
      {
        service: 'eventlinger',
        db: t.runtime.db,
        js: t.runtime.js,
        jsm: t.runtime.jsm,
        namespace: t.runtime.config.eventNamespace,
        logger: t.runtime.logger,
        lingerMs,
      },
    );
    await consumer.start();
    try {
      // whatever the stream held before is handled first
      await pause(1000);
      // published straight to the stream, 50 ms apart, as a relay would
      const publish = (userId: string) =>
        t.runtime.js.publish(
          wireSubject(t.runtime.config.eventNamespace, subjects.userChanged),
          JSON.stringify(createEnvelope('eventlinger', subjects.userChanged, userChanged({ userId }))),
        );
      await publish('usr_linger1');
      await pause(50);
      await publish('usr_linger2');
      await eventually(async () => (batches.flat().length >= 2 ? true : undefined), 5_000);
      expect(batches).toEqual([['usr_linger1', 'usr_linger2']]);
    } finally {
      await consumer.stop();
    }
  });

  it('begins at once when the waiting events fill a batch, however long the linger', async () => {
    const handledAt: number[] = [];
    const consumer = new DurableConsumer(
      {
        name: 'full-batches',
        subjects: [subjects.userChanged],
        idempotent: true,
        maxBatch: 2,
        handleBatch: async (events) => {
          if (events.some((e) => e.data.userId.startsWith('usr_full'))) handledAt.push(performance.now());
        },
      },
      {
        service: 'eventlinger',
        db: t.runtime.db,
        js: t.runtime.js,
        jsm: t.runtime.jsm,
        namespace: t.runtime.config.eventNamespace,
        logger: t.runtime.logger,
        lingerMs: 10_000,
      },
    );
    await consumer.start();
    try {
      // whatever the stream held before goes first, in full batches too
      const sent = performance.now();
      for (const userId of ['usr_full1', 'usr_full2'])
        await t.runtime.js.publish(
          wireSubject(t.runtime.config.eventNamespace, subjects.userChanged),
          JSON.stringify(createEnvelope('eventlinger', subjects.userChanged, userChanged({ userId }))),
        );
      await eventually(async () => (handledAt.length > 0 ? true : undefined), 5_000);
      expect(handledAt[0]! - sent).toBeLessThan(5_000);
    } finally {
      await consumer.stop();
    }
  });
});
