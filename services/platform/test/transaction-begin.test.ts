// A transaction's BEGIN goes with its first statement (db.ts, decision 0105), on the real PostgreSQL:
// one answer from the server where there were two, the same transaction semantics (isolation, rollback,
// an error aborting it), and nothing sent at all for a transaction that ran no statement.
import { setTimeout } from 'node:timers/promises';
import type { PoolClient } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlatformTables, sentWithTheNext, sql } from '../src/index.ts';
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

// A write whose answer nobody reads (the outbox's insert) goes with the transaction's next statement or its
// COMMIT (decision 0106): one answer where there were two, the transaction as all or nothing as before.
describe('writes sent with the next statement', () => {
  const later = `${sentWithTheNext}${insert}`;
  const read = 'select name from begin_check where id = $1';

  /** A connection on which the marked write has run once (a first run goes at once and prepares it). */
  async function preparedConnection(id: number): Promise<PoolClient> {
    const client = await t.runtime.database.pool.connect();
    const first = await client.query(later, [id, 'first run']);
    expect(first.rowCount).toBe(1);
    await client.query(read, [id]);
    return client;
  }

  it('sends the write with the COMMIT: a read and a write in two round trips, a write alone in one', async () => {
    const client = await preparedConnection(100);
    try {
      const trips = roundTrips(client);
      await client.query('begin');
      expect((await client.query(read, [100])).rows).toEqual([{ name: 'first run' }]);
      const answer = await client.query(later, [101, 'with the commit']);
      // answered at once, with nothing: no count, since it has not run yet
      expect(answer.rowCount).toBeNull();
      expect(await stored(101, 101)).toEqual([]);
      expect((await client.query('commit')).command).toBe('COMMIT');
      trips.stop();
      expect(trips.count()).toBe(2);

      const alone = roundTrips(client);
      await client.query('begin');
      await client.query(later, [102, 'alone']);
      await client.query('commit');
      alone.stop();
      expect(alone.count()).toBe(1);
      expect(await stateOf(client)).toBe('idle');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
    expect(await stored(100, 109)).toEqual([
      { id: 100, name: 'first run' },
      { id: 101, name: 'with the commit' },
      { id: 102, name: 'alone' },
    ]);
  });

  it('sends the write ahead of the next statement, in the same round trip, which sees it', async () => {
    const client = await preparedConnection(110);
    try {
      const trips = roundTrips(client);
      await client.query('begin');
      await client.query(later, [111, 'seen']);
      expect((await client.query(read, [111])).rows).toEqual([{ name: 'seen' }]);
      trips.stop();
      // BEGIN, the write and the read in one round trip
      expect(trips.count()).toBe(1);
      await client.query(later, [112, 'seen too']);
      const count = 'select count(*)::int as n from begin_check where id between $1 and $2';
      const firstRun = roundTrips(client);
      expect((await client.query(count, [111, 112])).rows).toEqual([{ n: 2 }]);
      firstRun.stop();
      // a statement's first run on this connection goes after the write, on its own
      expect(firstRun.count()).toBe(2);
      await client.query('commit');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
    expect(await stored(111, 112)).toEqual([
      { id: 111, name: 'seen' },
      { id: 112, name: 'seen too' },
    ]);
  });

  it('fails the COMMIT the write went with, and nothing of the transaction stays', async () => {
    const client = await preparedConnection(120);
    try {
      await client.query('begin');
      await client.query(insert, [121, 'before the failing write']);
      await client.query(later, [120, 'a key taken']);
      const failure = await client.query('commit').catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '23505' });
      expect(await stateOf(client)).toBe('idle in transaction (aborted)');
      await client.query('rollback');
      expect(await stateOf(client)).toBe('idle');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
    // through Kysely, whether the writes wait or not on the connection it takes: the transaction fails with
    // the write's error, and its rollback leaves nothing
    const failed = await t.runtime.db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into begin_check (id, name) values (${122}, ${'undone'})`.execute(trx);
        for (const id of [123, 120])
          await sql`${sql.raw(sentWithTheNext)}insert into begin_check (id, name) values (${id}, ${'undone'})`.execute(
            trx,
          );
      })
      .catch((e: { code?: string }) => e);
    expect(failed).toMatchObject({ code: '23505' });
    expect(await stored(121, 129)).toEqual([]);
  });

  it('takes a waiting write back, unsent, when the transaction rolls back', async () => {
    const client = await preparedConnection(130);
    try {
      const trips = roundTrips(client);
      await client.query('begin');
      await client.query(later, [131, 'never sent']);
      expect((await client.query('rollback')).command).toBe('ROLLBACK');
      trips.stop();
      expect(trips.count()).toBe(0);
      // begun on the server first: the rollback goes, the write does not
      await client.query('begin');
      await client.query(insert, [132, 'rolled back']);
      await client.query(later, [133, 'never sent']);
      await client.query('rollback');
      expect(await stateOf(client)).toBe('idle');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
    expect(await stored(131, 139)).toEqual([]);
  });

  it('sends the waiting write first, in its order, before a statement that cannot go with it', async () => {
    const client = await preparedConnection(140);
    try {
      await client.query('begin');
      await client.query(insert, [141, 'before']);
      await client.query(later, [142, 'kept by the savepoint']);
      // a statement without parameters: the write goes first, so the savepoint keeps it
      await client.query('savepoint s');
      await client.query(later, [143, 'undone by the savepoint']);
      await client.query('rollback to savepoint s');
      // pg's callback form: the write that waited goes first too
      await client.query(later, [144, 'before a callback']);
      const seen = await new Promise<number>((resolve, reject) =>
        client.query(
          'select count(*)::int as n from begin_check where id between 141 and 149',
          (error: Error | null, result: { rows: { n: number }[] }) =>
            error ? reject(error) : resolve(result.rows[0]!.n),
        ),
      );
      expect(seen).toBe(3);
      await client.query('commit');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
    expect(await stored(141, 149)).toEqual([
      { id: 141, name: 'before' },
      { id: 142, name: 'kept by the savepoint' },
      { id: 144, name: 'before a callback' },
    ]);
  });

  it('sends a held BEGIN and the writes that waited in one round trip ahead of a first run, and closes the connection when that BEGIN is refused', async () => {
    const client = await preparedConnection(160);
    try {
      const trips = roundTrips(client);
      await client.query('begin');
      await client.query(later, [161, 'one']);
      await client.query(later, [162, 'two']);
      const count = 'select count(*)::int as n from begin_check where id between $1 and $2 and $3::bool';
      expect((await client.query(count, [161, 169, true])).rows).toEqual([{ n: 2 }]);
      trips.stop();
      // BEGIN and both writes, then the count's first run
      expect(trips.count()).toBe(2);
      await client.query('commit');
    } finally {
      client.release(true);
    }
    const refused = await preparedConnection(163);
    let closed: Error | undefined;
    try {
      await refused.query('start transaction isolation level snapshot');
      await refused.query(later, [164, 'never written']);
      // pg's callback form is queued right behind: it must not run on its own after the refused BEGIN
      const failure = await new Promise<Error>((resolve) =>
        refused.query(
          `insert into begin_check (id, name) values (165, 'never written')`,
          (error: Error | null) => resolve(error as Error),
        ),
      );
      expect(failure).toBeInstanceOf(Error);
      closed = failure;
    } finally {
      refused.release(closed ?? true);
    }
    expect(await stored(161, 169)).toEqual([
      { id: 161, name: 'one' },
      { id: 162, name: 'two' },
      { id: 163, name: 'first run' },
    ]);
  });

  it('refuses a value pg cannot send when the write is asked for, and the connection goes on', async () => {
    const client = await preparedConnection(170);
    try {
      await client.query('begin');
      await client.query(read, [170]);
      const unsendable = {
        toPostgres: () => {
          throw new Error('cannot be sent');
        },
      };
      const failure = await client.query(later, [171, unsendable]).catch((e: Error) => e);
      expect(failure).toMatchObject({ message: 'cannot be sent' });
      await client.query('rollback');
      expect((await client.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    } finally {
      client.release(true);
    }
    expect(await stored(171, 171)).toEqual([]);
  });

  it('sends the values as they were when the write was asked for', async () => {
    const client = await preparedConnection(180);
    try {
      await client.query('begin');
      await client.query(read, [180]);
      const names = ['at the call'];
      await client.query(later, [181, names]);
      names[0] = 'changed afterwards';
      await client.query('commit');
    } finally {
      client.release(true);
    }
    expect(await stored(181, 181)).toEqual([{ id: 181, name: '{"at the call"}' }]);
  });

  it('keeps the rows of a write that returns them out of the answer, and reports the COMMIT it went with', async () => {
    const client = await preparedConnection(190);
    const returning = `${later} returning id`;
    try {
      await client.query(returning, [191, 'first run']);
      await client.query('begin');
      await client.query(read, [191]);
      await client.query(returning, [192, 'returning']);
      expect((await client.query('commit')).command).toBe('COMMIT');
    } finally {
      client.release(true);
    }
    expect(await stored(192, 192)).toEqual([{ id: 192, name: 'returning' }]);
  });

  it('runs statements asked for together in the order they were asked for', async () => {
    const client = await preparedConnection(200);
    const count = 'select count(*)::int as n from begin_check where id between $1 and $2';
    try {
      await client.query(count, [200, 209]);
      await client.query('begin');
      await client.query(later, [201, 'waited']);
      const firstRun = 'insert into begin_check (name, id) values ($2, $1)';
      const [, seen] = await Promise.all([
        client.query(firstRun, [202, 'first run']),
        client.query(count, [201, 209]),
      ]);
      expect(seen.rows).toEqual([{ n: 2 }]);
      await client.query('commit');
    } finally {
      client.release(true);
    }
  });

  it('sends writes at once once a savepoint is set, so a failed write is its own failure', async () => {
    const client = await preparedConnection(210);
    try {
      await client.query('begin');
      await client.query('savepoint s');
      const failure = await client.query(later, [210, 'a key taken']).catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '23505' });
      await client.query('rollback to savepoint s');
      await client.query(later, [211, 'after the savepoint']);
      await client.query('commit');
    } finally {
      client.release(true);
    }
    expect(await stored(211, 211)).toEqual([{ id: 211, name: 'after the savepoint' }]);
  });

  it('sends the write at once outside a transaction, and fails the statement it waited for with its error', async () => {
    const client = await preparedConnection(150);
    try {
      const answer = await client.query(later, [151, 'at once']);
      expect(answer.rowCount).toBe(1);
      expect(await stored(151, 151)).toEqual([{ id: 151, name: 'at once' }]);
      await client.query('begin');
      await client.query(later, [150, 'a key taken']);
      const failure = await client.query('select $1::int as n', [1]).catch((e: { code?: string }) => e);
      expect(failure).toMatchObject({ code: '23505' });
      await client.query('rollback');
      expect(await stateOf(client)).toBe('idle');
    } finally {
      // closed, not pooled: a test that failed halfway leaves no open transaction for the next
      client.release(true);
    }
  });
});
