// The platform's connections prepare each parameterised statement once (db.ts, decision 0008), on the
// real PostgreSQL: the server holds one prepared statement per distinct text, answers stay right, and
// statements without parameters are never prepared.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformTables, preparedStatementsPerConnection, sql } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'platformprepared', migrations: {} });
});

afterAll(async () => {
  await t?.cleanup();
});

const preparedOn = async (client: { query: (text: string) => Promise<{ rows: { statement: string }[] }> }) =>
  (await client.query('select statement from pg_prepared_statements order by prepare_time')).rows.map(
    (r) => r.statement,
  );

describe('prepared statements per connection', () => {
  it('prepares a parameterised statement once and binds it on every later run, with the right answers', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      const answers: number[] = [];
      for (let i = 0; i < 7; i++)
        answers.push((await client.query<{ n: number }>('select $1::int + 1 as n', [i])).rows[0]!.n);
      expect(answers).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect((await preparedOn(client)).filter((text) => text.includes('$1::int + 1'))).toEqual([
        'select $1::int + 1 as n',
      ]);
    } finally {
      client.release();
    }
  });

  it('leaves statements without parameters unprepared (DDL, BEGIN, COMMIT)', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      const before = await preparedOn(client);
      await client.query('begin');
      await client.query('select 1');
      await client.query('commit');
      expect(await preparedOn(client)).toEqual(before);
    } finally {
      client.release();
    }
  });

  it('goes through Kysely too: a query built three times is one prepared statement', async () => {
    const statements = await t.runtime.db.connection().execute(async (conn) => {
      for (let i = 0; i < 3; i++)
        await conn.selectFrom('outbox').select('position').where('event_id', '=', randomUUID()).execute();
      const { rows } = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like '%from "outbox"%'`.execute(conn);
      return rows.map((r) => r.statement);
    });
    expect(statements).toEqual(['select "position" from "outbox" where "event_id" = $1']);
  });
  it('prepares a statement anew after another connection changed its table: one failure, then right answers', async () => {
    const pool = t.runtime.database.pool;
    await pool.query('create table stale_check (id int primary key, name text)');
    await pool.query("insert into stale_check values (1, 'one')");
    const reader = await pool.connect();
    const other = await pool.connect();
    try {
      const read = () => reader.query('select * from stale_check where id = $1', [1]);
      for (let i = 0; i < 6; i++) expect((await read()).rows).toEqual([{ id: 1, name: 'one' }]);
      await other.query("alter table stale_check add column city text not null default 'Gary'");
      const failure = await read().catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '0A000' });
      expect((await read()).rows).toEqual([{ id: 1, name: 'one', city: 'Gary' }]);
      expect((await read()).rows).toEqual([{ id: 1, name: 'one', city: 'Gary' }]);
    } finally {
      reader.release();
      other.release();
    }
  });

  // Last: it leaves its connection full.
  it(`keeps at most ${preparedStatementsPerConnection} per connection; further texts still run, unnamed`, async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      for (let i = 0; i < preparedStatementsPerConnection + 5; i++) {
        const { rows } = await client.query<{ n: number }>(`select $1::int + ${i} as n`, [1]);
        expect(rows[0]!.n).toBe(1 + i);
      }
      const prepared = await preparedOn(client);
      expect(prepared.length).toBe(preparedStatementsPerConnection);
      expect(prepared).not.toContain(`select $1::int + ${preparedStatementsPerConnection + 4} as n`);
    } finally {
      client.release();
    }
  });
});

describe('a connection that dies while checked out', () => {
  it('fails its next query instead of crashing the process, and the pool goes on with a new one', async () => {
    const client = await t.runtime.database.pool.connect();
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    // the server ends it between two queries (a restart, a failover): the client emits 'error', which
    // without a listener is an uncaught exception (the run fails)
    await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(t.runtime.db);
    const state = client as unknown as { _queryable: boolean };
    for (let i = 0; i < 100 && state._queryable; i++) await new Promise((r) => setTimeout(r, 50));
    expect(state._queryable).toBe(false);
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    expect((await sql<{ n: number }>`select 1 as n`.execute(t.runtime.db)).rows[0]!.n).toBe(1);
  });
});
