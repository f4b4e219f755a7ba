// The outbox, the relay and the durable consumer against the real PostgreSQL and NATS.
import { subjects } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxRecordset, outboxRowsPerStatement } from '../src/events/outbox.ts';
import { type Kysely, type PlatformTables, sql } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';
import { userChanged } from './fixtures.ts';

interface Db extends PlatformTables {
  user_copy: { user_id: string; email: string; version: number };
}

const migrations = {
  '0001_user_copy': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_copy')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
    },
  },
};

const user = (version: number, email = 'a@b.test') => userChanged({ version, email });

let t: TestRuntime<Db>;
let applied = 0;

beforeAll(async () => {
  t = await createTestRuntime<Db>({ service: 'platformtest', migrations });
  t.runtime.consume({
    name: 'user-copy',
    subjects: [subjects.userChanged],
    handle: async (event, trx) => {
      applied++;
      await trx
        .insertInto('user_copy')
        .values({ user_id: event.data.userId, email: event.data.email, version: event.data.version })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ email: event.data.email, version: event.data.version }),
        )
        .execute();
    },
  });
  await t.runtime.start();
});

afterAll(async () => {
  await t?.cleanup();
});

describe('transactional outbox', () => {
  it('writes the event only when the state change commits', async () => {
    await expect(
      t.runtime.db.transaction().execute(async (trx) => {
        await t.runtime.appendEvent(trx, subjects.userChanged, user(1, 'rolled@back.test'));
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await t.runtime.db.selectFrom('outbox').selectAll().execute();
    expect(rows).toHaveLength(0);
  });

  it('refuses an event that does not match its contract', async () => {
    const bad = { ...user(1), email: 'not-an-email' };
    await expect(
      t.runtime.db.transaction().execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, bad)),
    ).rejects.toThrow(/does not match its contract/);
  });

  it('delivers a committed event through JetStream to the durable consumer, once', async () => {
    await t.runtime.db
      .transaction()
      .execute((trx) => t.runtime.appendEvent(trx, subjects.userChanged, user(1)));
    const copy = await eventually(() =>
      t.runtime.db.selectFrom('user_copy').selectAll().where('user_id', '=', 'usr_1').executeTakeFirst(),
    );
    expect(copy).toEqual({ user_id: 'usr_1', email: 'a@b.test', version: 1 });
    const outbox = await t.runtime.db.selectFrom('outbox').select(['published_at']).execute();
    expect(outbox.every((r) => r.published_at !== null)).toBe(true);
  });

  it('sets Nats-Msg-Id to the event id, so a relay retry is dropped by the server', async () => {
    const row = await t.runtime.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    const ack = await t.runtime.js.publish(
      `${t.config.eventNamespace}.${row.subject}`,
      JSON.stringify(row.envelope),
      { msgID: row.event_id },
    );
    expect(ack.duplicate).toBe(true);
  });

  it('a redelivered event changes nothing', async () => {
    const row = await t.runtime.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    const before = applied;
    const consumer = t.runtime.consumers[0]!;
    const again = await consumer.apply(row.envelope as never);
    expect(again).toBe(false);
    expect(applied).toBe(before);
    const handled = await sql<{ n: number }>`select count(*)::int as n from handled_event`.execute(
      t.runtime.db,
    );
    expect(handled.rows[0]?.n).toBe(1);
  });

  it('rolls back the handler and the handled mark together when the handler fails', async () => {
    const consumer = t.runtime.consume({
      name: 'failing',
      subjects: [subjects.userChanged],
      handle: async (_event, trx) => {
        await trx
          .insertInto('user_copy')
          .values({ user_id: 'usr_half', email: 'x@y.test', version: 1 })
          .execute();
        throw new Error('died half-way');
      },
    });
    const row = await t.runtime.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    await expect(consumer.apply(row.envelope as never)).rejects.toThrow('died half-way');
    const half = await t.runtime.db
      .selectFrom('user_copy')
      .selectAll()
      .where('user_id', '=', 'usr_half')
      .execute();
    expect(half).toHaveLength(0);
    const marked = await t.runtime.db
      .selectFrom('handled_event')
      .selectAll()
      .where('consumer', '=', 'platformtest:failing')
      .execute();
    expect(marked).toHaveLength(0);
  });
});

// Last: its events reach the consumer above and would change the counts the tests before it read.
describe('outbox statements', () => {
  it('writes the events of one change in their order, and none of a change rolled back', async () => {
    await expect(
      t.runtime.db.transaction().execute(async (trx) => {
        await t.runtime.appendEvents(trx, [
          { subject: subjects.userChanged, data: { ...user(1, 'no@commit.test'), userId: 'usr_order' } },
        ]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const ids = await t.runtime.db.transaction().execute(async (trx) => {
      const first = await t.runtime.appendEvents(trx, [
        { subject: subjects.userChanged, data: { ...user(1, 'one@order.test'), userId: 'usr_order' } },
        { subject: subjects.userChanged, data: { ...user(2, 'two@order.test'), userId: 'usr_order' } },
      ]);
      const second = await t.runtime.appendEvent(trx, subjects.userChanged, {
        ...user(3, 'three@order.test'),
        userId: 'usr_order',
      });
      return [...first, second];
    });
    const rows = await t.runtime.db
      .selectFrom('outbox')
      .select(['event_id'])
      .where('event_id', 'in', ids)
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.event_id)).toEqual(ids);
    // One event off its contract refuses the whole batch.
    await expect(
      t.runtime.db.transaction().execute((trx) =>
        t.runtime.appendEvents(trx, [
          { subject: subjects.userChanged, data: { ...user(4), userId: 'usr_order' } },
          { subject: subjects.userChanged, data: { ...user(5), userId: 'usr_order', email: 'x' } },
        ]),
      ),
    ).rejects.toThrow(/does not match its contract/);
    const rolledBack = await t.runtime.db
      .selectFrom('outbox')
      .select('event_id')
      .where(sql<boolean>`envelope->'data'->>'email' = 'no@commit.test'`)
      .execute();
    expect(rolledBack).toHaveLength(0);
  });

  it('writes more events than one statement takes, all in their order, and publishes them all', async () => {
    const count = outboxRowsPerStatement + 25;
    const ids = await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(
        trx,
        Array.from({ length: count }, (_, i) => ({
          subject: subjects.userChanged,
          data: { ...user(i + 1, `many${i}@order.test`), userId: 'usr_many' },
        })),
      ),
    );
    expect(new Set(ids).size).toBe(count);
    const written = await sql<{
      event_id: string;
      email: string;
    }>`select event_id, envelope->'data'->>'email' as email
      from outbox where envelope->'data'->>'userId' = 'usr_many' order by position`.execute(t.runtime.db);
    expect(written.rows.map((r) => r.event_id)).toEqual(ids);
    expect(written.rows.at(-1)?.email).toBe(`many${count - 1}@order.test`);
    const copy = await eventually(async () => {
      const row = await t.runtime.db
        .selectFrom('user_copy')
        .selectAll()
        .where('user_id', '=', 'usr_many')
        .executeTakeFirst();
      return row?.version === count ? row : undefined;
    }, 20_000);
    expect(copy?.email).toBe(`many${count - 1}@order.test`);
    const unpublished = await eventually(async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from outbox
        where envelope->'data'->>'userId' = 'usr_many' and published_at is null`.execute(t.runtime.db);
      return rows[0]?.n === 0 ? rows[0].n : undefined;
    }, 20_000);
    expect(unpublished).toBe(0);
  });

  it('takes a statement of its own with no events: it inserts nothing and the change still commits', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(t.runtime.db);
    await t.runtime.db.transaction().execute(async (trx) => {
      await sql`insert into user_copy (user_id, email, version) values ('usr_none', 'none@order.test', 1)`.execute(
        trx,
      );
      await sql`insert into outbox (event_id, subject, envelope, traceparent)
        select x.event_id, x.subject, x.envelope, x.traceparent from ${outboxRecordset([], true)}`.execute(
        trx,
      );
    });
    const after = await sql<{ n: number }>`select count(*)::int as n from outbox`.execute(t.runtime.db);
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const copy = await t.runtime.db
      .selectFrom('user_copy')
      .select('email')
      .where('user_id', '=', 'usr_none')
      .executeTakeFirst();
    expect(copy?.email).toBe('none@order.test');
  });

  it('compresses the envelopes it stores with lz4, where the server has it', async () => {
    const { rows } = await sql<{ compression: string }>`select attcompression as compression from pg_attribute
      where attrelid = 'outbox'::regclass and attname = 'envelope'`.execute(t.runtime.db);
    // Debian's PostgreSQL (CI's) and the postgres:17-bookworm image of docker-compose.yml are built with lz4
    expect(rows[0]?.compression).toBe('l');
  });

  it('sets an event that fails on every delivery aside in dead_letter, and retries it once fixed', async () => {
    let broken = true;
    const seen: string[] = [];
    const consumer = t.runtime.consume({
      name: 'dead-letter-test',
      subjects: [subjects.userChanged],
      maxDeliveries: 2,
      handle: async (event) => {
        if (event.data.userId !== 'usr_poison') return;
        seen.push(event.id);
        if (broken) throw new Error('the read model cannot take this event');
      },
    });
    const eventId = await t.runtime.db
      .transaction()
      .execute((trx) =>
        t.runtime.appendEvent(trx, subjects.userChanged, { ...user(1), userId: 'usr_poison' }),
      );
    const letter = await eventually(
      () =>
        t.runtime.db.selectFrom('dead_letter').selectAll().where('event_id', '=', eventId).executeTakeFirst(),
      15_000,
    );
    expect(letter).toMatchObject({
      subject: subjects.userChanged,
      deliveries: 2,
      last_error: 'the read model cannot take this event',
    });
    // Two failed deliveries; a delivery that came in a batch with other events is tried once in the batch
    // and once alone, so the handler may have seen it a third time.
    expect(new Set(seen)).toEqual(new Set([eventId]));
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const triedBefore = seen.length;

    broken = false;
    expect(await consumer.retryDeadLetters()).toBe(1);
    expect(seen).toHaveLength(triedBefore + 1);
    const left = await t.runtime.db.selectFrom('dead_letter').select('event_id').execute();
    expect(left).toEqual([]);
    // Handled now: a late redelivery would change nothing.
    expect(await consumer.apply(letter!.envelope as never)).toBe(false);
  });
});
