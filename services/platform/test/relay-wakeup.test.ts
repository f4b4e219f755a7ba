// The outbox relay wakes when a connection of its process that wrote outbox rows goes back to the pool, even
// while a batch is running and the batch's read missed the rows (issue 19 target 3: such a commit waited for
// the next poll, up to a second, before its events reached anyone), and without NOTIFY, whose commit lock
// serialised every writer's commit (decision 0102). Real PostgreSQL and NATS.
import { setTimeout as sleep } from 'node:timers/promises';
import { subjects } from '@loadline/contracts/events';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PlatformTables } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { relayThatNeverPolls, userChanged } from './fixtures.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  // Not started: the runtime's own relay would publish the row itself.
  t = await createTestRuntime<PlatformTables>({ service: 'relaywake', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

it('publishes a commit that ended while an empty batch ran, without waiting for the poll', async () => {
  const relay = relayThatNeverPolls(t);
  const publishBatch = relay.publishBatch.bind(relay);
  let raced = false;
  // The first batch reads nothing; before it ends, another transaction commits an event (its connection
  // goes back to the pool while the batch still runs) and the batch answers that it published nothing.
  relay.publishBatch = async () => {
    const sent = await publishBatch();
    if (raced) return sent;
    raced = true;
    // written after a savepoint, so its connection does not vouch for it and the relay must read the table
    // again (decision 0107): rows it may publish as written never wait for a read
    await t.runtime.db.transaction().execute(async (trx) => {
      await sql`savepoint before_it`.execute(trx);
      await t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ version: 1 }));
    });
    await sleep(300);
    return sent;
  };
  await relay.start();
  try {
    await eventually(async () => (raced ? true : undefined));
    const published = await eventually(async () => {
      const rows = await t.runtime.db.selectFrom('outbox').select(['published_at']).execute();
      return rows.length === 1 && rows[0]!.published_at !== null ? rows : undefined;
    }, 5_000);
    expect(published).toHaveLength(1);
  } finally {
    await relay.stop();
  }
});

it('publishes a commit at once when idle, and no outbox write sends a NOTIFY', async () => {
  const relay = relayThatNeverPolls(t);
  await relay.start();
  try {
    await relay.flush();
    // the loop's first read is done and it waits on its 60 s poll before the commit below
    await sleep(500);
    const before = relay.published;
    const id = await t.runtime.db
      .transaction()
      .execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, userChanged({ version: 2 })));
    await eventually(async () => (relay.published > before ? true : undefined), 5_000);
    const row = await t.runtime.db
      .selectFrom('outbox')
      .select('published_at')
      .where('event_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.published_at).not.toBeNull();
    // the insert trigger that notified at every commit is gone (migration 0006)
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_trigger
      where tgname = 'outbox_notify' and tgrelid = 'outbox'::regclass`.execute(t.runtime.db);
    expect(rows[0]!.n).toBe(0);
  } finally {
    await relay.stop();
  }
});
