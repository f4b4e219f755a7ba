// Once woken, the outbox relay and a consumer wait a few milliseconds for more events before they read
// (decision 0103): writes that end close together are published in one batch, and events that arrive close
// together are handled in one transaction. Real PostgreSQL and NATS; the linger is long here (300 ms) so the
// second write surely lands inside it. Without the linger each of these tests sees two batches.
import { setTimeout as sleep } from 'node:timers/promises';
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventLingerOf, loadConfig } from '../src/config.ts';
import { createEnvelope, DurableConsumer, type PlatformTables, wireSubject } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { relayThatNeverPolls, userChanged } from './fixtures.ts';

const lingerMs = 300;
let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  // Not started: the runtime's own relay would publish the rows itself.
  t = await createTestRuntime<PlatformTables>({ service: 'eventlinger', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

describe('EVENT_LINGER_MS', () => {
  it('is 10 ms unless set (decision 0108), and a whole number of milliseconds from 0 to 1000', () => {
    expect(loadConfig('x', 0, {}).eventLingerMs).toBe(10);
    expect(loadConfig('x', 0, { EVENT_LINGER_MS: '0' }).eventLingerMs).toBe(0);
    expect(loadConfig('x', 0, { EVENT_LINGER_MS: '20' }).eventLingerMs).toBe(20);
    expect(eventLingerOf('')).toBe(10);
    for (const bad of ['-1', '1001', '2.5', 'soon'])
      expect(() => eventLingerOf(bad)).toThrow(
        `EVENT_LINGER_MS must be a whole number of milliseconds from 0 to 1000, got "${bad}"`,
      );
  });

  it('EVENT_UNWATCHED_LINGER_MS is 100 ms unless set (decision 0111), in the same range', () => {
    expect(loadConfig('x', 0, {}).eventUnwatchedLingerMs).toBe(100);
    expect(loadConfig('x', 0, { EVENT_UNWATCHED_LINGER_MS: '0' }).eventUnwatchedLingerMs).toBe(0);
    expect(loadConfig('x', 0, { EVENT_UNWATCHED_LINGER_MS: '250' }).eventUnwatchedLingerMs).toBe(250);
    for (const bad of ['-1', '1001', 'later'])
      expect(() => loadConfig('x', 0, { EVENT_UNWATCHED_LINGER_MS: bad })).toThrow(
        `EVENT_UNWATCHED_LINGER_MS must be a whole number of milliseconds from 0 to 1000, got "${bad}"`,
      );
  });
});

describe('the relay lingers once woken', () => {
  it('publishes two writes that ended 50 ms apart in one batch', async () => {
    // only a released write wakes it here
    const relay = relayThatNeverPolls(t, { lingerMs });
    const batches: number[] = [];
    // this process's commits go out as written (decision 0107), not through a read of the table
    const publishAsWritten = relay.publishAsWritten.bind(relay);
    relay.publishAsWritten = async () => {
      const sent = await publishAsWritten();
      if (sent > 0) batches.push(sent);
      return sent;
    };
    await relay.start();
    try {
      await relay.flush();
      batches.length = 0;
      // the loop's first read is done and it waits for a write
      await sleep(300);
      const write = (version: number) =>
        t.runtime.db
          .transaction()
          .execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ version })));
      await write(1);
      await sleep(50);
      await write(2);
      await eventually(async () => (relay.published >= 2 ? true : undefined), 5_000);
      expect(batches).toEqual([2]);
    } finally {
      await relay.stop();
    }
  });
});

describe('a consumer lingers once an event arrives', () => {
  /**
   * A consumer of user.changed on a stream of its own (a runtime of its own: nothing published before), and
   * a publish straight to that stream, as a relay would.
   */
  async function lingeringConsumer(
    name: string,
    options: { lingerMs: number; maxBatch?: number },
    handleBatch: (userIds: string[]) => void,
  ) {
    const own = await createTestRuntime<PlatformTables>({ service: 'eventlinger', migrations: {} });
    const consumer = new DurableConsumer(
      {
        name,
        subjects: [subjects.userChanged],
        idempotent: true,
        ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
        handleBatch: async (events) => handleBatch(events.map((e) => e.data.userId)),
      },
      {
        service: 'eventlinger',
        db: own.runtime.db,
        js: own.runtime.js,
        jsm: own.runtime.jsm,
        namespace: own.runtime.config.eventNamespace,
        logger: own.runtime.logger,
        lingerMs: options.lingerMs,
      },
    );
    await consumer.start();
    const publish = (userId: string) =>
      own.runtime.js.publish(
        wireSubject(own.runtime.config.eventNamespace, subjects.userChanged),
        JSON.stringify(createEnvelope('eventlinger', subjects.userChanged, userChanged({ userId }))),
      );
    return {
      consumer,
      publish,
      close: async () => {
        await consumer.stop();
        await own.cleanup();
      },
    };
  }

  it('handles two events that arrived 50 ms apart in one transaction', async () => {
    const batches: string[][] = [];
    const { publish, close } = await lingeringConsumer('lingering', { lingerMs }, (ids) => batches.push(ids));
    try {
      await publish('usr_linger1');
      await sleep(50);
      await publish('usr_linger2');
      await eventually(async () => (batches.flat().length >= 2 ? true : undefined), 5_000);
      expect(batches).toEqual([['usr_linger1', 'usr_linger2']]);
    } finally {
      await close();
    }
  });

  it('begins at once when the waiting events fill a batch, however long the linger', async () => {
    const handledAt: number[] = [];
    const { publish, close } = await lingeringConsumer(
      'full-batches',
      { lingerMs: 10_000, maxBatch: 2 },
      () => handledAt.push(performance.now()),
    );
    try {
      const sent = performance.now();
      await publish('usr_full1');
      await publish('usr_full2');
      await eventually(async () => (handledAt.length > 0 ? true : undefined), 5_000);
      // not after the 10 s linger
      expect(handledAt[0]! - sent).toBeLessThan(2_000);
    } finally {
      await close();
    }
  });

  it('stops without waiting out its linger, and handles what waited first', async () => {
    const batches: string[][] = [];
    const { consumer, publish, close } = await lingeringConsumer('stopping', { lingerMs: 10_000 }, (ids) =>
      batches.push(ids),
    );
    try {
      await publish('usr_stop1');
      // delivered by now, the event waits in its 10 s linger
      await sleep(300);
      expect(consumer.handled).toBe(0);
      const started = performance.now();
      await consumer.stop();
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(batches).toEqual([['usr_stop1']]);
    } finally {
      // stopping again is harmless
      await close();
    }
  });
});

describe('an unwatched consumer lingers longer (decision 0111)', () => {
  it('takes events 50 ms apart in one transaction where another consumer of the runtime takes them apart', async () => {
    // the short linger off, the unwatched one long enough that the second event surely lands in it
    const own = await createTestRuntime<PlatformTables>({
      service: 'eventlinger',
      migrations: {},
      config: { eventLingerMs: 0, eventUnwatchedLingerMs: lingerMs },
    });
    const batches: Record<'watched' | 'unwatched', string[][]> = { watched: [], unwatched: [] };
    for (const kind of ['watched', 'unwatched'] as const)
      own.runtime.consume({
        name: `${kind}-users`,
        subjects: [subjects.userChanged],
        idempotent: true,
        ...(kind === 'unwatched' ? { unwatched: true } : {}),
        handleBatch: async (events) => {
          batches[kind].push(events.map((e) => e.data.userId));
        },
      });
    await own.runtime.start();
    try {
      const publish = (userId: string) =>
        own.runtime.js.publish(
          wireSubject(own.runtime.config.eventNamespace, subjects.userChanged),
          JSON.stringify(createEnvelope('eventlinger', subjects.userChanged, userChanged({ userId }))),
        );
      await publish('usr_unwatched1');
      await sleep(50);
      await publish('usr_unwatched2');
      await eventually(
        async () =>
          batches.watched.flat().length >= 2 && batches.unwatched.flat().length >= 2 ? true : undefined,
        5_000,
      );
      expect(batches.watched).toEqual([['usr_unwatched1'], ['usr_unwatched2']]);
      expect(batches.unwatched).toEqual([['usr_unwatched1', 'usr_unwatched2']]);
    } finally {
      await own.cleanup();
    }
  });
});
