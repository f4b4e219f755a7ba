// The outbox, the relay and the durable consumer against the real PostgreSQL and NATS.
import { subjects, type UserChangedV1 } from '@loadline/contracts/events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, type PlatformTables, sql } from '../src/index.ts';
import { createTestRuntime, eventually, type TestRuntime } from '../src/testing/index.ts';

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

const user = (version: number, email = 'a@b.test'): UserChangedV1 => ({
  userId: 'usr_1',
  version,
  organizationId: 'org_1',
  organizationType: 70,
  brokerId: 'org_b',
  kind: 'customer',
  email,
  firstName: 'Ann',
  lastName: 'Lee',
  permissions: 0,
  customerSettings: 0,
  active: true,
});

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

describe('appendEvents', () => {
  it('appendEvents writes a batch in order with one insert, each checked against its contract', async () => {
    const before = await t.runtime.db.selectFrom('outbox').select('position').execute();
    const ids = await t.runtime.db
      .transaction()
      .execute((trx) =>
        t.runtime.appendEvents(trx, subjects.userChanged, [user(2, 'two@b.test'), user(3, 'three@b.test')]),
      );
    const rows = await t.runtime.db
      .selectFrom('outbox')
      .select(['event_id', 'envelope'])
      .where('position', 'not in', before.length ? before.map((r) => r.position) : [0])
      .orderBy('position')
      .execute();
    expect(rows.map((r) => r.event_id)).toEqual(ids);
    expect(rows.map((r) => (r.envelope as { data: UserChangedV1 }).data.email)).toEqual([
      'two@b.test',
      'three@b.test',
    ]);
    await eventually(async () => {
      const copy = await t.runtime.db.selectFrom('user_copy').selectAll().executeTakeFirst();
      return copy?.version === 3 || copy?.version === 2;
    });
    await expect(
      t.runtime.db
        .transaction()
        .execute((trx) =>
          t.runtime.appendEvents(trx, subjects.userChanged, [user(4), { ...user(5), email: 'x' }]),
        ),
    ).rejects.toThrow(/does not match its contract/);
  });
});
