// What one small transaction costs through the platform's database layer (decision 0105: BEGIN goes
// with the first statement), next to the raw driver sending BEGIN, the statement and COMMIT as three
// round trips, in the same run on the same PostgreSQL. The kind of transaction a consumer runs per event
// when events come one at a time (issue 19's open loop): one parameterised insert, committed. One
// connection each, BENCH_TRANSACTIONS after 500 not counted; CPU of this process and of the connection's
// own backend (/proc), per transaction. Prints figures; asserts nothing.
// Run: node infra/load/transactions.ts
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig, openDatabase, sql } from '@loadline/platform';
import pg from 'pg';
import { cpuSeconds, fmt } from './harness.ts';

const transactions = Number(process.env.BENCH_TRANSACTIONS ?? 20_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const url = loadConfig('tracking', 0).databaseUrl;
const schema = `transactions_bench_${randomBytes(3).toString('hex')}`;

interface Figures {
  wallUs: number;
  clientUs: number;
  backendUs: number;
}

/**
 * Runs `one(i)` `transactions` times after a warm-up; the backend's pid, asked after the warm-up (a pool
 * replaces a connection left idle), tells whose CPU to read.
 */
async function measure(
  backendPid: () => Promise<number>,
  one: (i: number) => Promise<unknown>,
  offset: number,
): Promise<Figures> {
  for (let i = 0; i < 500; i++) await one(-offset - i - 1);
  const pid = await backendPid();
  const client0 = process.cpuUsage();
  const backend0 = cpuSeconds(pid);
  const t0 = performance.now();
  for (let i = 0; i < transactions; i++) await one(offset + i);
  const wall = performance.now() - t0;
  const client = process.cpuUsage(client0);
  const backend = cpuSeconds(pid) - backend0;
  return {
    wallUs: (wall * 1000) / transactions,
    clientUs: (client.user + client.system) / transactions,
    backendUs: (backend * 1e6) / transactions,
  };
}

const show = (label: string, f: Figures) =>
  `${label}: ${fmt(f.wallUs, 0)} µs a transaction, CPU ${fmt(f.clientUs, 0)} µs here + ${fmt(f.backendUs, 0)} µs in its backend = ${fmt(f.clientUs + f.backendUs, 0)} µs`;

const database = await openDatabase({ url, schema, maxConnections: 1 });
const raw = new pg.Client({ connectionString: url, options: `-c search_path="${schema}"` });
await raw.connect();
try {
  await sql`create table event_copy (id bigint primary key, name text not null)`.execute(database.db);
  const platformPid = async () =>
    (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db)).rows[0]!.pid;
  const rawPid = async () =>
    (await raw.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
  const insertRaw = { name: 'insert_copy', text: 'insert into event_copy (id, name) values ($1, $2)' };

  console.log(
    `one insert committed, ${transactions} transactions on one connection each, ${rounds} rounds alternating`,
  );
  const ratios: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const base = (round + 1) * 10_000_000;
    const driver = await measure(
      rawPid,
      async (i) => {
        await raw.query('begin');
        await raw.query({ ...insertRaw, values: [i, 'raw'] });
        await raw.query('commit');
      },
      base,
    );
    const platform = await measure(
      platformPid,
      (i) =>
        database.db
          .transaction()
          .execute((trx) => sql`insert into event_copy (id, name) values (${i}, ${'platform'})`.execute(trx)),
      base + 5_000_000,
    );
    console.log(`  ${show('raw driver, BEGIN / insert / COMMIT', driver)}`);
    console.log(`  ${show('platform (Kysely), BEGIN with the insert / COMMIT', platform)}`);
    ratios.push((platform.clientUs + platform.backendUs) / (driver.clientUs + driver.backendUs));
  }
  console.log(
    `CPU per transaction, platform ÷ raw driver: ${ratios.map((r) => fmt(r, 2)).join(', ')} (the platform adds Kysely's query building; the raw driver pays a third round trip)`,
  );
} finally {
  await raw.end();
  await sql.raw(`drop schema if exists "${schema}" cascade`).execute(database.db);
  await database.close();
}
