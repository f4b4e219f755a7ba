// isRefusedForItsData (db.ts) on the real PostgreSQL's errors: what a retry would meet again (a value too long,
// a check, a missing value) against what may pass on a later try (a duplicate key another writer made, a
// deadlock, a cancelled statement).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRefusedForItsData, type PlatformTables } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';

let t: TestRuntime<PlatformTables>;
const errorOf = async (statement: string): Promise<unknown> =>
  t.runtime.database.pool.query(statement).then(
    () => undefined,
    (error: unknown) => error,
  );

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'platformrefused', migrations: {} });
  await t.runtime.database.pool.query(
    'create table refused_check (id int primary key, name varchar(5) check (length(name) > 1))',
  );
  await t.runtime.database.pool.query(`insert into refused_check values (1, 'ab')`);
});

afterAll(async () => {
  await t?.cleanup();
});

describe('isRefusedForItsData', () => {
  it('is true for data the database refuses whatever the try: a check, a value too long, a missing value', async () => {
    for (const statement of [
      `insert into refused_check values (2, 'a')`,
      `insert into refused_check values (3, 'abcdefgh')`,
      `insert into refused_check values (null, 'cd')`,
      `select 1 / 0`,
    ]) {
      const error = await errorOf(statement);
      expect(error, statement).toBeDefined();
      expect(isRefusedForItsData(error), statement).toBe(true);
    }
  });

  it('is false for what a later try may pass and for errors without a SQLSTATE', async () => {
    // on a connection of its own, dropped afterwards: the timeout must not stay on a pooled one
    const client = await t.runtime.database.pool.connect();
    await client.query('set statement_timeout = 1');
    const cancelled = await client.query('select pg_sleep(1)').then(
      () => undefined,
      (error: unknown) => error,
    );
    client.release(true);
    expect((cancelled as { code?: string }).code).toBe('57014');
    expect(isRefusedForItsData(cancelled)).toBe(false);
    const duplicate = await errorOf(`insert into refused_check values (1, 'cd')`);
    expect((duplicate as { code?: string }).code).toBe('23505');
    expect(isRefusedForItsData(duplicate)).toBe(false);
    expect(isRefusedForItsData({ code: '40P01' })).toBe(false);
    expect(isRefusedForItsData(new Error('connection lost'))).toBe(false);
    expect(isRefusedForItsData(null)).toBe(false);
  });
});
