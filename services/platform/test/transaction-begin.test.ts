// A transaction's BEGIN goes with its first statement (db.ts, decision 0105), on the real PostgreSQL:
// one answer from the server where there were two, the same transaction semantics (isolation, rollback,
// an error aborting it), and nothing sent at all for a transaction that ran no statement.
import { setTimeout } from 'node:timers/promises';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformTables, sql } from '../src/index.ts';
import { createTestRuntime, type TestRuntime } from '../src/testing/index.ts';

let t: TestRuntime<PlatformTables>;

beforeAll(async () => {
  t = await createTestRuntime<PlatformTables>({ service: 'platformbegin', migrations: {} });
  await t.runtime.database.pool.query('create table begin_check (id int primary key, name text not null)');
});

afterAll(async () => {
  await t?.cleanup();
});

/** How many times the server said it was ready for the next statement: one per round trip. */
function roundTrips(client: PoolClient): { count: () => number; stop: () => void } {
  const connection = (client as unknown as { connection: NodeJS.EventEmitter }).connection;
  let n = 0;
  const count = () => n++;
  connection.on('readyForQuery', count);
  return { count: () => n, stop: () => connection.off('readyForQuery', count) };
}

const pidOf = (client: PoolClient) => (client as unknown as { processID: number }).processID;

/**
 * The server's own view of a connection once it has finished what it was sent: idle, or idle in a
 * transaction. pg hands a statement's error to its caller as soon as it arrives, which can be before the
 * server has read the request's Sync and reported itself waiting, so `active` is read again.
 */
async function stateOf(client: PoolClient): Promise<string> {
  const pid = pidOf(client);
  for (let attempt = 0; ; attempt++) {
    const { rows } = await t.runtime.database.pool.query<{ state: string }>(
      'select state from pg_stat_activity where pid = $1',
      [pid],
    );
    const state = rows[0]!.state;
    if (state !== 'active' || attempt === 100) return state;
    await setTimeout(10);
  }
}

const insert = 'insert into begin_check (id, name) values ($1, $2)';

/** What the table holds of the rows with ids from `low` to `high`, as another connection reads it. */
const stored = async (low: number, high: number) =>
  (
    await t.runtime.database.pool.query(
      'select id, name from begin_check where id between $1 and $2 order by id',
      [low, high],
    )
  ).rows;

describe('BEGIN with the first statement', () => {
  it('sends a transaction of one statement in two round trips, not three, once the statement is prepared', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      // the first run prepares the statement on this connection: BEGIN goes on its own
      const first = roundTrips(client);
      await client.query('begin');
      await client.query(insert, [1, 'first']);
      await client.query('commit');
      first.stop();
      expect(first.count()).toBe(3);

      const second = roundTrips(client);
      await client.query('begin');
      expect(await stateOf(client)).toBe('idle');
      const result = await client.query(insert, [2, 'second']);
      expect(result.rowCount).toBe(1);
      expect(result.command).toBe('INSERT');
      expect(await stateOf(client)).toBe('idle in transaction');
      await client.query('commit');
      second.stop();
      expect(second.count()).toBe(2);
      expect(await stored(1, 9)).toEqual([
        { id: 1, name: 'first' },
        { id: 2, name: 'second' },
      ]);
    } finally {
      client.release();
    }
  });

  it('answers the first statement with its own rows, not BEGIN’s', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      for (let i = 0; i < 2; i++) {
        await client.query('begin');
        const { rows, command } = await client.query('select $1::int + 1 as n', [i]);
        await client.query('commit');
        expect({ rows, command }).toEqual({ rows: [{ n: i + 1 }], command: 'SELECT' });
      }
    } finally {
      client.release();
    }
  });

  it('rolls back what the transaction wrote, and an error in the first statement aborts it', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(insert, [10, 'kept']);
      await client.query('commit');

      await client.query('begin');
      await client.query(insert, [11, 'rolled back']);
      await client.query('rollback');

      // the statement is prepared on this connection now, so BEGIN goes with it: a duplicate key fails it
      await client.query('begin');
      const failure = await client.query(insert, [10, 'again']).catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '23505' });
      expect(await stateOf(client)).toBe('idle in transaction (aborted)');
      const refused = await client.query('select 1').catch((e: { code?: string }) => e);
      expect(refused).toMatchObject({ code: '25P02' });
      await client.query('rollback');
      expect(await stateOf(client)).toBe('idle');
      expect(await stored(10, 19)).toEqual([{ id: 10, name: 'kept' }]);
    } finally {
      client.release();
    }
  });

  it('sends nothing for a transaction that ran no statement', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      const trips = roundTrips(client);
      expect((await client.query('begin')).command).toBe('BEGIN');
      expect((await client.query('commit')).command).toBe('COMMIT');
      await client.query('begin');
      expect((await client.query('rollback')).command).toBe('ROLLBACK');
      trips.stop();
      expect(trips.count()).toBe(0);
      expect(await stateOf(client)).toBe('idle');
    } finally {
      client.release();
    }
  });

  it('keeps the isolation level a Kysely transaction asks for, and commits or rolls back through Kysely', async () => {
    const level = sql<{ level: string }>`select current_setting(${'transaction_isolation'}) as level`;
    for (let i = 0; i < 3; i++) {
      const seen = await t.runtime.db
        .transaction()
        .setIsolationLevel('serializable')
        .execute(async (trx) => (await level.execute(trx)).rows[0]!.level);
      expect(seen).toBe('serializable');
    }
    const failed = await t.runtime.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into begin_check (id, name) values (${20}, ${'undone'})`.execute(trx);
        throw new Error('the use case refused');
      })
      .catch((e: Error) => e.message);
    expect(failed).toBe('the use case refused');
    expect(await stored(20, 29)).toEqual([]);
  });

  it('fails the statement behind a BEGIN the server refuses, and writes nothing, whichever way BEGIN went', async () => {
    const refusedBegin = 'start transaction isolation level snapshot';
    const client = await t.runtime.database.pool.connect();
    try {
      // prepared on this connection: BEGIN goes with the statement, and the server skips the statement
      await client.query('begin');
      await client.query(insert, [30, 'prepared']);
      await client.query('rollback');
      await client.query(refusedBegin);
      const failure = await client.query(insert, [31, 'with BEGIN']).catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '42601' });
      expect(await stateOf(client)).toBe('idle');
    } finally {
      client.release();
    }
    // a statement's first run on a connection: BEGIN goes alone, and its refusal closes the connection
    // before the statement behind it is sent
    const fresh = await t.runtime.database.pool.connect();
    let broken: Error | undefined;
    try {
      await fresh.query(refusedBegin);
      const failure = await fresh
        .query('insert into begin_check (name, id) values ($2, $1)', [32, 'after BEGIN'])
        .catch((e: Error & { code?: string }) => e);
      expect(failure).toMatchObject({ code: '42601' });
      broken = failure as Error;
    } finally {
      fresh.release(broken);
    }
    expect(await stored(30, 39)).toEqual([]);
  });

  it('sends a BEGIN asked for inside a transaction, so its COMMIT reaches the server', async () => {
    const client = await t.runtime.database.pool.connect();
    try {
      await client.query('begin');
      await client.query(insert, [40, 'inside']);
      await client.query('begin');
      await client.query('commit');
      expect(await stateOf(client)).toBe('idle');
    } finally {
      client.release();
    }
    expect(await stored(40, 49)).toEqual([{ id: 40, name: 'inside' }]);
  });

  it("answers pg's callback form of BEGIN and COMMIT, sending both", async () => {
    const client = await t.runtime.database.pool.connect();
    const send = (text: string) =>
      new Promise<string>((resolve, reject) =>
        client.query(text, (error: Error | null, result: { command: string }) =>
          error ? reject(error) : resolve(result.command),
        ),
      );
    try {
      expect(await send('begin')).toBe('BEGIN');
      expect(await stateOf(client)).toBe('idle in transaction');
      expect(await send('commit')).toBe('COMMIT');
      expect(await stateOf(client)).toBe('idle');
    } finally {
      client.release();
    }
  });

  it('forgets a BEGIN that was never followed when its connection goes back to the pool', async () => {
    const first = await t.runtime.database.pool.connect();
    const pid = pidOf(first);
    await first.query('begin');
    first.release();
    const next = await t.runtime.database.pool.connect();
    try {
      expect(pidOf(next)).toBe(pid);
      await next.query(insert, [50, 'after the release']);
      expect(await stateOf(next)).toBe('idle');
    } finally {
      next.release();
    }
    expect(await stored(50, 59)).toEqual([{ id: 50, name: 'after the release' }]);
  });
});
