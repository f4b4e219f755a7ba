// A shipment's latest 50 activity entries with 10 million entries stored (issue 5: at most 10 ms p99):
// builds a scratch schema with the activity migrations, fills it in SQL (generate_series: 100,000
// shipments × 100 entries, every type and access level, in the order they would arrive), and times the
// store function GET /api/activitylog uses (latestEntries) for random shipments, p50/p99: as broker
// staff (Public and Private) and as a customer (Public only, so more entries are passed over).
// Prints figures; asserts nothing; drops the schema at the end.
// Run: node infra/load/activity-log.ts (BENCH_ACTIVITIES, BENCH_SHIPMENTS, BENCH_RUNS change it).
import { randomBytes } from 'node:crypto';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { type ActivityTables, activityService } from '@loadline/activity/service';
import { AccessLevel, ShipmentActivityType } from '@loadline/contracts/catalogue';
import { loadConfig, migrate, openDatabase, sql } from '@loadline/platform';
import { logCriteria } from '../../services/activity/src/domain/log-query.ts';
import { latestEntries } from '../../services/activity/src/store/activities.ts';
import { fmt, timeRuns } from './harness.ts';

const activities = Number(process.env.BENCH_ACTIVITIES ?? 10_000_000);
const shipments = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 1000);
const perShipment = Math.ceil(activities / shipments);

const config = loadConfig('activity', 0);
const schema = `activity_logbench_${randomBytes(3).toString('hex')}`;
const database = await openDatabase<ActivityTables>({ url: config.databaseUrl, schema });
const db = database.db;

const A = AccessLevel.values;
const T = ShipmentActivityType.values;
// Every type an entry can have (All is a filter), and levels as they mix in a log: mostly Private,
// a third Public, a few Admin.
const types = ShipmentActivityType.valueList.filter((v) => v !== T.All);
const levels = [A.Private, A.Public, A.Private, A.Public, A.Private, A.Public, A.Private, A.Admin];

const timed = (label: string, run: (i: number) => Promise<unknown>) => timeRuns(label, runs, run, 66);

try {
  await migrate(db as never, schema, activityService.migrations);
  const t0 = performance.now();
  // The secondary indexes are built after the rows (faster than keeping them up row by row); they are
  // the migrations' own definitions, read back from the catalog.
  const indexes = await sql<{ name: string; definition: string }>`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = ${schema} and tablename = 'shipment_activity' and indexname <> 'shipment_activity_pkey'`.execute(
    db,
  );
  for (const index of indexes.rows) await sql`drop index ${sql.id(schema, index.name)}`.execute(db);
  // Rows in the order entries arrive (time, then shipment), so a shipment's entries are spread over
  // the table as in production, not packed together. Status changes carry their event id, as the
  // consumer writes them.
  await sql`insert into shipment_activity (shipment_id, broker_id, activity_type, access_level, description,
      pinned, user_id, user_name, created_at, source_event_id)
    select 1 + g % ${shipments}, 'org_bench_broker', t.type, l.level,
      case when t.type = ${T.StatusChange} then 'Status changed from In Transit to Out for Delivery. Location: Gary, IN.'
        else 'Called the consignee: dock appointment confirmed for 08:00, driver has the reference number.' end,
      g % 97 = 0, case when g % 5 = 0 then null else 'usr_bench_' || g % 40 end,
      case when g % 5 = 0 then 'System' else 'Bench Staff ' || g % 40 end,
      now() - make_interval(secs => ${activities} - g),
      case when t.type = ${T.StatusChange} then gen_random_uuid() end
    from generate_series(1, ${activities}) g
      cross join lateral (select (${sql.val(types)}::int[])[1 + (g / ${shipments}) % ${types.length}] as type) t
      cross join lateral (select (${sql.val(levels)}::int[])[1 + (g / ${shipments} + g) % ${levels.length}] as level) l`.execute(
    db,
  );
  for (const index of indexes.rows) await sql.raw(index.definition).execute(db);
  // As autovacuum does for an append-only table (its insert threshold).
  await sql`vacuum analyze shipment_activity`.execute(db);
  // The build's gigabytes of WAL are flushed now, not by a checkpoint in the middle of the timings.
  await sql`checkpoint`.execute(db);
  const size = await sql<{ size: string }>`
    select pg_size_pretty(pg_total_relation_size('shipment_activity')) as size`.execute(db);
  console.log(
    `${activities.toLocaleString()} activities of ${shipments.toLocaleString()} shipments (${perShipment} each) in ${fmt((performance.now() - t0) / 1000, 0)} s; shipment_activity with its indexes ${size.rows[0]!.size}`,
  );

  // The machine is shared: its load says how much of a p99 is waiting for a core.
  console.log(
    `${availableParallelism()} cores, load average (1 min) before the timings ${fmt(loadavg()[0]!)}`,
  );
  const pick = (i: number) => 1 + ((i * 7919) % shipments);
  const latest50 = logCriteria({});
  await timed('latest 50 as broker staff (GET /api/activitylog: latestEntries)', (i) =>
    latestEntries(db, pick(i), [A.Public, A.Private], latest50),
  );
  await timed('latest 50 as a customer (Public only)', (i) =>
    latestEntries(db, pick(i), [A.Public], latest50),
  );
  await timed('the remaining after the first 50, as broker staff (getRemaining)', (i) =>
    latestEntries(db, pick(i), [A.Public, A.Private], logCriteria({ startIndex: 50, getRemaining: true })),
  );

  // What the server itself spends on one read (the figures above include the client, the pool and a
  // busy machine's scheduling).
  const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
    select * from shipment_activity where shipment_id = ${pick(4242)} and access_level in (${A.Public}, ${A.Private})
      and email_dismissed_at is null order by created_at desc, activity_id desc limit 50`.execute(db);
  const lines = plan.rows.map((r) => r['QUERY PLAN'].trim());
  console.log(
    `server side: ${lines.find((l) => l.includes('Scan')) ?? ''}; ${lines.find((l) => l.startsWith('Buffers')) ?? ''}; ` +
      `${lines.find((l) => l.startsWith('Execution Time')) ?? ''}`,
  );
  console.log(`load average (1 min) after the timings ${fmt(loadavg()[0]!)}`);
} finally {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await database.close();
}
