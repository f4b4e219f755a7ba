// A shipment's location history read with 10 million locations stored (issue 4: at most 10 ms p99):
// builds a scratch schema with the tracking migrations, fills it in SQL (generate_series: 100,000
// shipments × 100 locations), and times the store functions the routes use (listLocations for
// GET /api/location/{id}, lastLocation for GET /api/Lastlocation/{id}) for random shipments, p50/p99;
// then the ZIP search of the in-memory index (GET /api/location/searchZipCodes without the HTTP hop).
// Prints figures; asserts nothing; drops the schema at the end.
// Run: node infra/load/tracking-history.ts (BENCH_LOCATIONS, BENCH_SHIPMENTS, BENCH_RUNS change it).
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig, migrate, openDatabase, sql } from '@loadline/platform';
import { type TrackingTables, trackingService } from '@loadline/tracking/service';
import { zipIndex } from '../../services/tracking/src/adapters/zip-data.ts';
import { lastLocation, listLocations } from '../../services/tracking/src/store/locations.ts';
import { fmt, reportTimes, timeRuns } from './harness.ts';

const locations = Number(process.env.BENCH_LOCATIONS ?? 10_000_000);
const shipments = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 1000);
const perShipment = Math.ceil(locations / shipments);

const config = loadConfig('tracking', 0);
const schema = `tracking_historybench_${randomBytes(3).toString('hex')}`;
const database = await openDatabase<TrackingTables>({ url: config.databaseUrl, schema });
const db = database.db;

const timed = (label: string, run: (i: number) => Promise<unknown>) => timeRuns(label, runs, run);

try {
  await migrate(db as never, schema, trackingService.migrations);
  const t0 = performance.now();
  await sql`insert into shipment (shipment_id, broker_id, customer_organization_id, status, shipment_type,
      created_date, version)
    select g, 'org_bench_broker', 'org_bench_c' || g % 50, 410, 2, now() - interval '10 days', 1
    from generate_series(1, ${shipments}) g`.execute(db);
  // Rows in the order check calls arrive (time, then shipment), so a shipment's rows are spread over the
  // table as they are in production, not packed together.
  await sql`insert into location (shipment_id, location_type, latitude, longitude, location_string_full, city,
      state, zip_code, country, location_date_time, utc_offset_minutes, source, added_by_user_id, added_by_name)
    select 1 + g % ${shipments}, 30, 30 + (g % 1700) / 100.0, -120 + (g % 4500) / 100.0, 'Joliet, IL 60435',
      'Joliet', 'IL', '60435', 'USA', now() - make_interval(secs => ${locations} - g), -360, 'checkCall', 'usr', 'Bench'
    from generate_series(1, ${locations}) g`.execute(db);
  // As autovacuum does for an append-only table (its insert threshold): the visibility map lets the
  // history be read from the index alone.
  await sql`vacuum analyze location`.execute(db);
  const size = await sql<{
    size: string;
  }>`select pg_size_pretty(pg_total_relation_size('location')) as size`.execute(db);
  console.log(
    `${locations.toLocaleString()} locations of ${shipments.toLocaleString()} shipments (${perShipment} each) in ${fmt((performance.now() - t0) / 1000, 0)} s; location table with its index ${size.rows[0]!.size}`,
  );
  const pick = (i: number) => 1 + ((i * 7919) % shipments);
  await timed(`history (GET /api/location/{id}: listLocations, ${perShipment} rows)`, (i) =>
    listLocations(db, pick(i)),
  );
  await timed('last location (GET /api/Lastlocation/{id}: lastLocation)', (i) => lastLocation(db, pick(i)));

  // What the server itself spends on one history (the figures above include the client, the pool and
  // a busy machine's scheduling): the plan, its buffers and its execution time.
  const plan = await sql<{ 'QUERY PLAN': string }>`explain (analyze, buffers)
    select location_id, shipment_id, location_type, latitude, longitude, location_string_full, city, state,
      zip_code, country, location_date_time, utc_offset_minutes, source, added_by_name
    from location where shipment_id = ${pick(4242)} order by location_date_time desc, location_id desc limit 2000`.execute(
    db,
  );
  const lines = plan.rows.map((r) => r['QUERY PLAN'].trim());
  console.log(
    `server side: ${lines.find((l) => l.includes('Scan')) ?? ''}; ${lines.find((l) => l.startsWith('Heap Fetches')) ?? ''}; ` +
      `${lines.find((l) => l.startsWith('Buffers')) ?? ''}; ${lines.find((l) => l.startsWith('Execution Time')) ?? ''}`,
  );

  const zips = zipIndex();
  const queries = [
    '606',
    '4541',
    'Dayton',
    'Chicago, IL',
    '9',
    'M5V',
    'San',
    '30318',
    'Spring',
    '850',
    '0',
    'New',
  ];
  const zipTimes: number[] = [];
  for (let i = 0; i < 20_000; i++) {
    const t = performance.now();
    zips.search(queries[i % queries.length]!);
    if (i >= 1000) zipTimes.push(performance.now() - t);
  }
  reportTimes(
    `ZIP search in the in-memory index (${zips.size.toLocaleString()} places, 25 results)`,
    zipTimes,
  );
} finally {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await database.close();
}
