// The outbox relay's batch (two round trips: BEGIN with the read, the publish mark with COMMIT): what it
// publishes is marked in the same transaction, a refused publish is counted and kept for the next round,
// and a second relay skips the rows a batch holds. Real PostgreSQL and NATS; the failure and the slow
// publish are the real JetStream client's, wrapped.
import { subjects } from '@loadline/contracts/events';
import type { JetStreamClient } from '@nats-io/jetstream';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { OutboxRelay, type PlatformTables, sql } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  // Not started: the runtime's own relay would publish the rows itself.
  t = await createTestRuntime<PlatformTables>({ service: 'relaybatch', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

beforeEach(async () => {
  await t.runtime.db.deleteFrom('outbox').execute();
});

const relayWith = (js: JetStreamClient) =>
  new OutboxRelay({
    db: t.runtime.db,
    pool: t.runtime.database.pool,
    js,
    namespace: t.runtime.config.eventNamespace,
    logger: t.runtime.logger,
  });

const appendThree = () =>
  t.runtime.db.transaction().execute((trx) =>
    t.runtime.appendEvents(trx, [
      { subject: subjects.userChanged, data: userChanged({ version: 1 }) },
      { subject: subjects.userChanged, data: userChanged({ version: 2 }) },
      { subject: subjects.userChanged, data: userChanged({ version: 3 }) },
    ]),
  );

const outbox = () =>
  t.runtime.db
    .selectFrom('outbox')
    .select(['position', 'published_at', 'attempts', 'last_error'])
    .orderBy('position')
    .execute();

it('publishes a batch and marks it published in its transaction; the next batch finds nothing', async () => {
  await appendThree();
  const relay = relayWith(t.runtime.js);
  expect(await relay.publishBatch()).toBe(3);
  expect((await outbox()).every((r) => r.published_at !== null)).toBe(true);
  expect(await relay.publishBatch()).toBe(0);
  // the connection went back to the pool (the one taken next) outside any transaction: its statement is a
  // transaction of its own
  const { rows } = await sql<{ alone: boolean }>`select now() = statement_timestamp() as alone`.execute(
    t.runtime.db,
  );
  expect(rows[0]?.alone).toBe(true);
});

it('keeps a refused event and those after it for the next round, counting the attempt', async () => {
  await appendThree();
  let sent = 0;
  const refusing = {
    ...t.runtime.js,
    publish: (...args: Parameters<JetStreamClient['publish']>) =>
      sent++ === 1 ? Promise.reject(new Error('stream unavailable')) : t.runtime.js.publish(...args),
  } as JetStreamClient;
  expect(await relayWith(refusing).publishBatch()).toBe(1);
  const [first, second, third] = await outbox();
  expect(first?.published_at).not.toBeNull();
  expect(second).toMatchObject({ published_at: null, attempts: 1 });
  expect(second?.last_error).toContain('stream unavailable');
  expect(third).toMatchObject({ published_at: null, attempts: 0 });
  // the next round publishes what was kept
  expect(await relayWith(t.runtime.js).publishBatch()).toBe(2);
});

it('lets a second relay skip the rows a batch holds until it commits', async () => {
  await appendThree();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let reading: () => void = () => undefined;
  const read = new Promise<void>((resolve) => {
    reading = resolve;
  });
  const slow = {
    ...t.runtime.js,
    publish: async (...args: Parameters<JetStreamClient['publish']>) => {
      reading();
      await held;
      return t.runtime.js.publish(...args);
    },
  } as JetStreamClient;
  const first = relayWith(slow).publishBatch();
  await read;
  expect(await relayWith(t.runtime.js).publishBatch()).toBe(0);
  release();
  expect(await first).toBe(3);
  expect((await outbox()).every((r) => r.published_at !== null)).toBe(true);
});
