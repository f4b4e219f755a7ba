// The durable consumer's batches against the real PostgreSQL and NATS: events waiting together are
// handled in one transaction, still each exactly once; a failing event does not take the others with it.
import { subjects } from '@loadline/contracts/events';
import type { Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEnvelope, type Kysely, type PlatformTables, sql } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

interface Db extends PlatformTables {
  applied_event: {
    seq: Generated<string>;
    consumer: string;
    event_id: string;
    user_id: string;
    txid: string;
  };
}

const migrations = {
  '0001_applied_event': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('applied_event')
        .addColumn('seq', 'bigint', (c) => c.generatedAlwaysAsIdentity().primaryKey())
        .addColumn('consumer', 'text', (c) => c.notNull())
        .addColumn('event_id', 'uuid', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('txid', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

const user = (userId: string) => userChanged({ userId });

let t: TestRuntime<Db>;

beforeAll(async () => {
  t = await createTestRuntime<Db>({ service: 'platformbatch', migrations });
  await t.runtime.start();
});

afterAll(async () => {
  await t?.cleanup();
});

/**
 * A consumer that writes down every event of its users (ids starting with `prefix`; every consumer here
 * reads the whole stream) with the transaction it was applied in.
 */
function recordingConsumer(
  name: string,
  prefix: string,
  options: { poison?: string; maxDeliveries?: number } = {},
) {
  const calls: string[] = [];
  const consumer = t.runtime.consume({
    name,
    subjects: [subjects.userChanged],
    ...(options.maxDeliveries ? { maxDeliveries: options.maxDeliveries } : {}),
    handle: async (event, trx) => {
      if (!event.data.userId.startsWith(prefix)) return;
      calls.push(event.data.userId);
      await sql`insert into applied_event (consumer, event_id, user_id, txid)
        values (${name}, ${event.id}, ${event.data.userId}, txid_current()::text)`.execute(trx);
      if (event.data.userId === options.poison) throw new Error('this event cannot be applied');
    },
  });
  return { consumer, calls };
}

const appliedBy = (name: string) =>
  t.runtime.db.selectFrom('applied_event').selectAll().where('consumer', '=', name).orderBy('seq').execute();

describe('durable consumer batches', () => {
  it('handles events that wait together in one transaction, each exactly once and in order', async () => {
    // 300 events in the stream before the consumer starts: its pulls bring them in at once.
    const ids = await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(
        trx,
        Array.from({ length: 300 }, (_, i) => ({ subject: subjects.userChanged, data: user(`usr_b${i}`) })),
      ),
    );
    // Published by the runtime's own relay loop alone: a flush from here would run beside it and the two
    // would take different batches (SKIP LOCKED) and interleave them in the stream.
    await eventually(async () => {
      const waiting = await t.runtime.db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('published_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(waiting.n) === 0 ? true : undefined;
    }, 20_000);
    const { consumer } = recordingConsumer('batched', 'usr_b');
    const rows = await eventually(async () => {
      const r = await appliedBy('batched');
      return r.length >= 300 ? r : undefined;
    }, 20_000);
    expect(rows).toHaveLength(300);
    expect(new Set(rows.map((r) => r.event_id))).toEqual(new Set(ids));
    expect(rows.map((r) => r.user_id)).toEqual(Array.from({ length: 300 }, (_, i) => `usr_b${i}`));
    // Fewer commits than events, none larger than a pull.
    const perTransaction = new Map<string, number>();
    for (const r of rows) perTransaction.set(r.txid, (perTransaction.get(r.txid) ?? 0) + 1);
    expect(perTransaction.size).toBeLessThan(300);
    expect(Math.max(...perTransaction.values())).toBeLessThanOrEqual(64);
    expect(consumer.handled).toBe(300);
    const marks = await t.runtime.db
      .selectFrom('handled_event')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('consumer', '=', 'platformbatch:batched')
      .executeTakeFirstOrThrow();
    expect(Number(marks.n)).toBe(300);
  });

  it('applies an event that comes twice in one batch once, and one handled before not at all', async () => {
    const { consumer, calls } = recordingConsumer('duplicates', 'usr_dup');
    const first = createEnvelope('platformbatch', subjects.userChanged, user('usr_dup1'));
    const second = createEnvelope('platformbatch', subjects.userChanged, user('usr_dup2'));
    expect(await consumer.applyAll([first])).toEqual([true]);
    expect(await consumer.applyAll([first, second, second])).toEqual([false, true, false]);
    expect(calls).toEqual(['usr_dup1', 'usr_dup2']);
    const rows = await appliedBy('duplicates');
    expect(rows.map((r) => r.user_id).sort()).toEqual(['usr_dup1', 'usr_dup2']);
  });

  it('rolls a failing batch back and applies its other events one by one; the bad one is set aside', async () => {
    const { calls } = recordingConsumer('poisoned', 'usr_p', { poison: 'usr_p3', maxDeliveries: 1 });
    const ids = await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(
        trx,
        Array.from({ length: 8 }, (_, i) => ({ subject: subjects.userChanged, data: user(`usr_p${i}`) })),
      ),
    );
    const letter = await eventually(
      () =>
        t.runtime.db
          .selectFrom('dead_letter')
          .selectAll()
          .where('consumer', '=', 'platformbatch:poisoned')
          .executeTakeFirst(),
      15_000,
    );
    expect(letter?.event_id).toBe(ids[3]);
    const rows = await eventually(async () => {
      const r = await appliedBy('poisoned');
      return r.length >= 7 ? r : undefined;
    });
    // Each good event's work is there once, whatever attempts were rolled back.
    expect(rows.map((r) => r.user_id).sort()).toEqual(
      ['usr_p0', 'usr_p1', 'usr_p2', 'usr_p4', 'usr_p5', 'usr_p6', 'usr_p7'].sort(),
    );
    expect(calls).toContain('usr_p3');
    const marks = await t.runtime.db
      .selectFrom('handled_event')
      .select('event_id')
      .where('consumer', '=', 'platformbatch:poisoned')
      .where('event_id', 'in', ids)
      .execute();
    expect(new Set(marks.map((m) => m.event_id))).toEqual(new Set(ids.filter((_, i) => i !== 3)));
  });
});
