// saveIfNewer against the real PostgreSQL: a read-model row keeps the newest version it was given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, type PlatformTables, saveIfNewer } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';

interface Db extends PlatformTables {
  user_copy: { user_id: string; email: string; name: string | null; version: number };
  compliance_copy: { broker_id: string; carrier_id: string; in_compliance: boolean; version: number };
}

const migrations = {
  '0001_copies': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_copy')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('compliance_copy')
        .addColumn('broker_id', 'text', (c) => c.notNull())
        .addColumn('carrier_id', 'text', (c) => c.notNull())
        .addColumn('in_compliance', 'boolean', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('compliance_copy_pk', ['broker_id', 'carrier_id'])
        .execute();
    },
  },
};

let t: TestRuntime<Db>;

beforeAll(async () => {
  t = await createTestRuntime<Db>({ service: 'platformreadmodels', migrations });
});

afterAll(async () => {
  await t?.cleanup();
});

const users = () => t.runtime.db.selectFrom('user_copy').selectAll().orderBy('user_id').execute();

describe('saveIfNewer', () => {
  it('inserts a row not held yet', async () => {
    const written = await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', {
      user_id: 'usr_1',
      email: 'one@b.test',
      name: 'One',
      version: 1,
    });
    expect(written).toBe(true);
    expect(await users()).toEqual([{ user_id: 'usr_1', email: 'one@b.test', name: 'One', version: 1 }]);
  });

  it('replaces every other column with a newer version', async () => {
    const written = await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', {
      user_id: 'usr_1',
      email: 'three@b.test',
      name: null,
      version: 3,
    });
    expect(written).toBe(true);
    expect(await users()).toEqual([{ user_id: 'usr_1', email: 'three@b.test', name: null, version: 3 }]);
  });

  it('changes nothing with the same or an older version', async () => {
    for (const version of [3, 2]) {
      const written = await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', {
        user_id: 'usr_1',
        email: `late${version}@b.test`,
        name: 'Late',
        version,
      });
      expect(written).toBe(false);
    }
    expect(await users()).toEqual([{ user_id: 'usr_1', email: 'three@b.test', name: null, version: 3 }]);
  });

  it('writes inside the caller’s transaction', async () => {
    await expect(
      t.runtime.db.transaction().execute(async (trx) => {
        await saveIfNewer(trx, 'user_copy', 'user_id', {
          user_id: 'usr_2',
          email: 'two@b.test',
          version: 1,
        });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect((await users()).map((u) => u.user_id)).toEqual(['usr_1']);
  });

  it('keys a row on several columns', async () => {
    const save = (broker_id: string, in_compliance: boolean, version: number) =>
      saveIfNewer(t.runtime.db, 'compliance_copy', ['broker_id', 'carrier_id'], {
        broker_id,
        carrier_id: 'car_1',
        in_compliance,
        version,
      });
    expect(await save('org_a', true, 1)).toBe(true);
    expect(await save('org_b', true, 1)).toBe(true);
    expect(await save('org_a', false, 2)).toBe(true);
    expect(await save('org_a', true, 1)).toBe(false);
    expect(await save('org_b', false, 1)).toBe(false);
    const rows = await t.runtime.db.selectFrom('compliance_copy').selectAll().orderBy('broker_id').execute();
    expect(rows).toEqual([
      { broker_id: 'org_a', carrier_id: 'car_1', in_compliance: false, version: 2 },
      { broker_id: 'org_b', carrier_id: 'car_1', in_compliance: true, version: 1 },
    ]);
  });
});

// Checked by the type checker, never run: the caller's table types hold.
export function typeChecks(db: Kysely<Db>) {
  // @ts-expect-error: not a column of user_copy
  void saveIfNewer(db, 'user_copy', 'carrier_id', { user_id: 'u', email: 'e', version: 1 });
  // @ts-expect-error: email is required
  void saveIfNewer(db, 'user_copy', 'user_id', { user_id: 'u', version: 1 });
  // @ts-expect-error: the outbox has no version
  void saveIfNewer(db, 'outbox', 'event_id', { event_id: 'e', subject: 's', envelope: {}, version: 1 });
}

describe('saveIfNewer with a copy’s own rules', () => {
  const row = (version: number, email: string, name: string | null) => ({
    user_id: 'usr_rules',
    email,
    name,
    version,
  });
  const held = async () =>
    (await users()).find((u) => u.user_id === 'usr_rules') as { email: string; name: string | null };

  it('sameVersionWins: a fuller event of the same version replaces the row; an older one still does not', async () => {
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(5, 'a@b.test', 'A'));
    expect(await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(5, 'b@b.test', 'B'))).toBe(false);
    expect(
      await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(5, 'b@b.test', 'B'), {
        sameVersionWins: true,
      }),
    ).toBe(true);
    expect(await held()).toEqual(expect.objectContaining({ email: 'b@b.test', name: 'B' }));
    expect(
      await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(4, 'c@b.test', 'C'), {
        sameVersionWins: true,
      }),
    ).toBe(false);
  });

  it('update: only the named columns of a row already held change', async () => {
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(6, 'ignored@b.test', 'Named'), {
      update: ['name'],
    });
    expect(await held()).toEqual(expect.objectContaining({ email: 'b@b.test', name: 'Named', version: 6 }));
  });

  it('keepFirst: the first value seen stays, a null clears it', async () => {
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(7, 'b@b.test', 'Later'), {
      keepFirst: ['name'],
    });
    expect((await held()).name).toBe('Named');
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(8, 'b@b.test', null), {
      keepFirst: ['name'],
    });
    expect((await held()).name).toBeNull();
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', row(9, 'b@b.test', 'Again'), {
      keepFirst: ['name'],
    });
    expect((await held()).name).toBe('Again');
  });
});
