// saveIfNewer against the real PostgreSQL: a read-model row keeps the newest version it was given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Kysely, type PlatformTables, saveAllIfNewer, saveIfNewer } from '../src/index.ts';
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

describe('saveAllIfNewer', () => {
  type Row = { user_id: string; email: string; name: string | null; version: number };
  const rowsOf = async (prefix: string) =>
    (await users())
      .filter((u) => u.user_id.startsWith(prefix))
      .map(({ user_id, ...rest }) => ({
        user_id: user_id.slice(prefix.length),
        ...rest,
      }));

  it('writes a batch in one statement, each key as saveIfNewer one after the other would', async () => {
    // The same rows, once through saveIfNewer one by one and once through saveAllIfNewer, over the same
    // rows held before: keys repeated in the batch, out of order, older than held, with each rule.
    const held: Row[] = [
      { user_id: 'a', email: 'a0@b.test', name: null, version: 3 },
      { user_id: 'b', email: 'b0@b.test', name: 'B0', version: 5 },
    ];
    const batch: Row[] = [
      { user_id: 'a', email: 'a1@b.test', name: 'A1', version: 2 },
      { user_id: 'c', email: 'c1@b.test', name: 'C1', version: 1 },
      { user_id: 'a', email: 'a2@b.test', name: 'A2', version: 4 },
      { user_id: 'b', email: 'b1@b.test', name: null, version: 5 },
      { user_id: 'c', email: 'c2@b.test', name: null, version: 3 },
      { user_id: 'c', email: 'c3@b.test', name: 'C3', version: 2 },
      { user_id: 'a', email: 'a3@b.test', name: 'A3', version: 6 },
    ];
    const rules = [{}, { sameVersionWins: true }, { update: ['name'] }, { keepFirst: ['name'] }] as const;
    for (const [i, options] of rules.entries()) {
      const one = `one${i}_`;
      const all = `all${i}_`;
      for (const prefix of [one, all])
        for (const r of held)
          await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', { ...r, user_id: prefix + r.user_id });
      for (const r of batch)
        await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', { ...r, user_id: one + r.user_id }, options);
      const written = await saveAllIfNewer(
        t.runtime.db,
        'user_copy',
        'user_id',
        batch.map((r) => ({ ...r, user_id: all + r.user_id })),
        options,
      );
      expect(await rowsOf(all), JSON.stringify(options)).toEqual(await rowsOf(one));
      expect(written).toBeGreaterThan(0);
    }
  });

  it('writes nothing for rows no newer than the ones held', async () => {
    await saveIfNewer(t.runtime.db, 'user_copy', 'user_id', {
      user_id: 'old_x',
      email: 'x@b.test',
      name: 'X',
      version: 9,
    });
    const written = await saveAllIfNewer(t.runtime.db, 'user_copy', 'user_id', [
      { user_id: 'old_x', email: 'y@b.test', name: 'Y', version: 8 },
      { user_id: 'old_x', email: 'z@b.test', name: 'Z', version: 9 },
    ]);
    expect(written).toBe(0);
    expect(await rowsOf('old_')).toEqual([{ user_id: 'x', email: 'x@b.test', name: 'X', version: 9 }]);
  });
});
