// The durable consumer's batches against the real PostgreSQL and NATS: events waiting together are
// handled in one transaction, still each exactly once; a failing event does not take the others with it.
import { subjects } from '@loadline/contracts/events';
import type { Generated } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createEnvelope,
  DurableConsumer,
  type Kysely,
  type PlatformTables,
  saveAllIfNewer,
  sql,
} from '../src/index.ts';
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
  user_copy: { user_id: string; first_name: string; version: number };
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
      await db.schema
        .createTable('user_copy')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
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

  it('takes an event whose id is written in capitals as that event: applied once, then not again', async () => {
    const { consumer, calls } = recordingConsumer('capitals', 'usr_cap');
    const event = createEnvelope('platformbatch', subjects.userChanged, user('usr_cap1'));
    const shouted = { ...event, id: event.id.toUpperCase() };
    expect(await consumer.applyAll([shouted, event])).toEqual([true, false]);
    expect(await consumer.applyAll([event])).toEqual([false]);
    expect(calls).toEqual(['usr_cap1']);
    expect((await appliedBy('capitals')).map((r) => r.user_id)).toEqual(['usr_cap1']);
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
  it('handleBatch: a batch’s new events go to the handler together, in order, in one transaction', async () => {
    const batches: string[][] = [];
    const consumer = t.runtime.consume({
      name: 'whole-batches',
      subjects: [subjects.userChanged],
      // every consumer here reads the whole stream: this one keeps its own users' events
      handleBatch: async (all, trx) => {
        const events = all.filter((e) => e.data.userId.startsWith('usr_wb'));
        if (events.length === 0) return;
        batches.push(events.map((e) => e.data.userId));
        for (const event of events)
          await sql`insert into applied_event (consumer, event_id, user_id, txid)
            values ('whole-batches', ${event.id}, ${event.data.userId}, txid_current()::text)`.execute(trx);
      },
    });
    const [a, b, c] = ['usr_wb1', 'usr_wb2', 'usr_wb3'].map((id) =>
      createEnvelope('platformbatch', subjects.userChanged, user(id)),
    );
    expect(await consumer.applyAll([a!])).toEqual([true]);
    // handled before, new, twice in the batch, new
    expect(await consumer.applyAll([a!, b!, b!, c!])).toEqual([false, true, false, true]);
    expect(batches).toEqual([['usr_wb1'], ['usr_wb2', 'usr_wb3']]);
    const rows = await appliedBy('whole-batches');
    expect(rows.map((r) => r.user_id)).toEqual(['usr_wb1', 'usr_wb2', 'usr_wb3']);
    expect(new Set(rows.slice(1).map((r) => r.txid)).size).toBe(1);
    // a batch with nothing new does not call the handler
    expect(await consumer.applyAll([c!])).toEqual([false]);
    expect(batches).toHaveLength(2);
  });

  it('relevant: events a consumer has no use for are acknowledged without a transaction or a mark', async () => {
    const { consumer, calls } = (() => {
      const seen: string[] = [];
      const c = t.runtime.consume({
        name: 'choosy',
        subjects: [subjects.userChanged],
        relevant: (event) => event.data.userId.startsWith('usr_want'),
        handle: async (event, trx) => {
          seen.push(event.data.userId);
          await sql`insert into applied_event (consumer, event_id, user_id, txid)
            values ('choosy', ${event.id}, ${event.data.userId}, txid_current()::text)`.execute(trx);
        },
      });
      return { consumer: c, calls: seen };
    })();
    const wanted = createEnvelope('platformbatch', subjects.userChanged, user('usr_want1'));
    const other = createEnvelope('platformbatch', subjects.userChanged, user('usr_other1'));
    // no database work at all: the same definition over a database that fails on any use
    const noDatabase = new DurableConsumer(
      {
        name: 'choosy',
        subjects: [subjects.userChanged],
        relevant: (e) => e.data.userId.startsWith('usr_want'),
        handle: async () => undefined,
      },
      {
        service: 'platformbatch',
        db: new Proxy(
          {},
          {
            get: () => {
              throw new Error('the database was used');
            },
          },
        ) as never,
        js: {} as never,
        jsm: {} as never,
        namespace: '',
        logger: t.runtime.logger,
      },
    );
    expect(await noDatabase.applyAll([other, other])).toEqual([false, false]);
    await expect(noDatabase.applyAll([wanted])).rejects.toThrow('the database was used');
    expect(await consumer.applyAll([other])).toEqual([false]);
    expect(await consumer.applyAll([other, wanted, other])).toEqual([false, true, false]);
    expect(await consumer.applyAll([wanted])).toEqual([false]);
    expect(calls).toEqual(['usr_want1']);
    expect(noDatabase.ignored).toBe(2);
    const marks = await t.runtime.db
      .selectFrom('handled_event')
      .select('event_id')
      .where('consumer', '=', 'platformbatch:choosy')
      .execute();
    expect(marks.map((m) => m.event_id)).toEqual([wanted.id]);
    // and from the stream: every event acknowledged, only the wanted ones applied
    const ids = await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(trx, [
        { subject: subjects.userChanged, data: user('usr_other2') },
        { subject: subjects.userChanged, data: user('usr_want2') },
      ]),
    );
    const rows = await eventually(async () => {
      const r = await appliedBy('choosy');
      return r.length >= 2 ? r : undefined;
    }, 20_000);
    expect(rows.map((r) => r.user_id)).toEqual(['usr_want1', 'usr_want2']);
    expect(rows.map((r) => r.event_id)).toContain(ids[1]);
  });

  it('idempotent: a version-guarded copy keeps no handled marks, and an event delivered again changes nothing', async () => {
    const copies = (userIds: string[]) =>
      t.runtime.db
        .selectFrom('user_copy')
        .selectAll()
        .where('user_id', 'in', userIds)
        .orderBy('user_id')
        .execute();
    // (each consumer reads the whole stream, the other tests' events too: count the marks of ours)
    const marksOf = async (consumer: string, eventIds: string[]) =>
      Number(
        (
          await t.runtime.db
            .selectFrom('handled_event')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('consumer', '=', `platformbatch:${consumer}`)
            .where('event_id', 'in', eventIds)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const handed: string[] = [];
    const copy = (idempotent: boolean, name: string) =>
      t.runtime.consume({
        name,
        subjects: [subjects.userChanged],
        // a version-guarded copy: what a redelivery would write is never newer than what is stored
        ...(idempotent ? { idempotent: true } : {}),
        handleBatch: async (all, trx) => {
          const events = all.filter((e) => e.data.userId.startsWith('usr_idem'));
          handed.push(...events.map((e) => `${name}:${e.data.userId}@${e.data.version}`));
          await saveAllIfNewer(
            trx,
            'user_copy',
            'user_id',
            events.map((e) => ({
              user_id: `${name}:${e.data.userId}`,
              first_name: e.data.firstName,
              version: e.data.version,
            })),
          );
        },
      });
    const idempotent = copy(true, 'idem-copy');
    const marked = copy(false, 'marked-copy');
    const v1 = createEnvelope('platformbatch', subjects.userChanged, user('usr_idem1'));
    const v2 = createEnvelope(
      'platformbatch',
      subjects.userChanged,
      userChanged({ userId: 'usr_idem1', version: 2, firstName: 'Bea' }),
    );
    for (const consumer of [idempotent, marked]) {
      expect(await consumer.applyAll([v1, v2])).toEqual([true, true]);
    }
    const after = await copies(['idem-copy:usr_idem1', 'marked-copy:usr_idem1']);
    expect(after.map((r) => [r.first_name, r.version])).toEqual([
      ['Bea', 2],
      ['Bea', 2],
    ]);
    // Delivered again (the older one too, and twice in one batch): the idempotent consumer hands it to the
    // handler, which changes nothing; the marked one never calls its handler for it.
    handed.length = 0;
    expect(await idempotent.applyAll([v1, v2, v2])).toEqual([true, true, false]);
    expect(await marked.applyAll([v1, v2, v2])).toEqual([false, false, false]);
    expect(handed).toEqual(['idem-copy:usr_idem1@1', 'idem-copy:usr_idem1@2']);
    expect(await copies(['idem-copy:usr_idem1', 'marked-copy:usr_idem1'])).toEqual(after);
    expect(await marksOf('idem-copy', [v1.id, v2.id])).toBe(0);
    expect(await marksOf('marked-copy', [v1.id, v2.id])).toBe(2);
    // and from the stream: the idempotent consumer's copy follows the events, still with no mark
    const [streamedId] = await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(trx, [
        {
          subject: subjects.userChanged,
          data: userChanged({ userId: 'usr_idem2', version: 3, firstName: 'Cy' }),
        },
      ]),
    );
    const streamed = await eventually(async () => {
      const r = await copies(['idem-copy:usr_idem2', 'marked-copy:usr_idem2']);
      return r.length === 2 ? r : undefined;
    }, 20_000);
    expect(streamed.map((r) => [r.user_id, r.first_name, r.version])).toEqual([
      ['idem-copy:usr_idem2', 'Cy', 3],
      ['marked-copy:usr_idem2', 'Cy', 3],
    ]);
    expect(await marksOf('idem-copy', [streamedId!])).toBe(0);
    expect(await marksOf('marked-copy', [streamedId!])).toBe(1);
  });
});
