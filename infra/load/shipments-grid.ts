// The domestic grid's default page on a million shipments: builds a scratch schema with the
// shipments migrations, fills it in SQL (generate_series), and times the store function the route
// uses (listShipments: the page's rows and the pager's total), p50 and p95. Prints figures; asserts
// nothing; drops the schema at the end. Run: node infra/load/shipments-grid.ts
// BENCH_SHIPMENTS (default 1000000) and BENCH_RUNS (default 200) change the run.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig, migrate, openDatabase, sql } from '@loadline/platform';
import { migrations, type ShipmentsTables } from '@loadline/shipments/service';
import { defaultGridColumns, referenceTypesOf } from '../../services/shipments/src/domain/grid.ts';
import { defaultSort, paging } from '../../services/shipments/src/domain/listing.ts';
import type { ShipmentScope } from '../../services/shipments/src/domain/visibility.ts';
import { type ListFilters, listShipments } from '../../services/shipments/src/store/list.ts';
import { fmt, percentile } from './harness.ts';

const shipments = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const runs = Number(process.env.BENCH_RUNS ?? 200);
const customers = 50;
const brokerId = 'org_bench_broker';

const config = loadConfig('shipments', 0);
const schema = `shipments_gridbench_${randomBytes(3).toString('hex')}`;
const database = await openDatabase<ShipmentsTables>({ url: config.databaseUrl, schema });
const db = database.db;

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < Math.min(20, runs); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await run();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(58)} p50 ${fmt(percentile(times, 50)).padStart(7)} ms  p95 ${fmt(percentile(times, 95)).padStart(7)} ms`,
  );
}

try {
  await migrate(db as never, schema, migrations);
  const t0 = performance.now();
  await sql`insert into customer_organization
      (organization_id, broker_id, name, organization_type, payment_preference, credit_limit, active, version)
    select 'org_bench_c' || g, ${brokerId}, 'Bench Customer ' || g, 70, 1, 50000, true, 1
    from generate_series(1, ${customers}) g`.execute(db);
  await sql`insert into shipment (shipment_id, broker_id, customer_organization_id, shipment_type, status,
      transit_days, weight_unit, total_weight, dimension_unit, total_handling_units, origin_base_utc_offset,
      created_by_user_id, created_by_name, created_at, updated_at, status_changed_at)
    select g, ${brokerId}, 'org_bench_c' || (1 + g % ${customers}), (array[1, 2, 4, 8, 2048])[1 + g % 5],
      (array[5, 10, 210, 220, 300, 410, 420, 1000, 1030, 1100])[1 + g % 10], 1 + g % 5, 0, 100 + g % 40000, 0,
      1 + g % 26, -5, 'usr_bench', 'Bench Staff',
      now() - make_interval(mins => ${shipments} - g), now() - make_interval(mins => ${shipments} - g),
      now() - make_interval(mins => ${shipments} - g)
    from generate_series(1, ${shipments}) g`.execute(db);
  const cities = sql`(array['Dayton', 'Chicago', 'Savannah', 'Charlotte', 'Pittsburgh', 'Dallas', 'Fresno', 'Phoenix'])`;
  const states = sql`(array['OH', 'IL', 'GA', 'NC', 'PA', 'TX', 'CA', 'AZ'])`;
  await sql`insert into stop (stop_id, shipment_id, sequence, stop_type, company_name, city, state, zip_code,
      country, scheduled_ready, scheduled_close)
    select 'stp_b' || g || 'p', g, 0, 'FirstPick', 'Origin Co ' || g % 1000, ${cities}[1 + g % 8],
      ${states}[1 + g % 8], lpad((g % 99999)::text, 5, '0'), 'USA',
      timestamp '2026-01-01 08:00' + make_interval(days => g % 365),
      timestamp '2026-01-01 16:00' + make_interval(days => g % 365)
    from generate_series(1, ${shipments}) g`.execute(db);
  await sql`insert into stop (stop_id, shipment_id, sequence, stop_type, company_name, city, state, zip_code,
      country, scheduled_ready, scheduled_close)
    select 'stp_b' || g || 'd', g, 1, 'LastDrop', 'Destination Co ' || g % 1000, ${cities}[1 + (g + 3) % 8],
      ${states}[1 + (g + 3) % 8], lpad(((g * 7) % 99999)::text, 5, '0'), 'USA',
      timestamp '2026-01-03 08:00' + make_interval(days => g % 365),
      timestamp '2026-01-03 16:00' + make_interval(days => g % 365)
    from generate_series(1, ${shipments}) g`.execute(db);
  await sql`insert into transit_leg (transit_leg_id, shipment_id, sequence, leg_type, status, active,
      carrier_master_id, carrier_name, scac, service_level)
    select 'leg_b' || g, g, 0, 1, (array[5, 10, 210, 220, 300, 410, 420, 1000, 1030, 1100])[1 + g % 10], true,
      'car_b' || g % 40, 'Bench Carrier ' || g % 40, 'BC' || chr(65 + g % 26) || chr(65 + g % 20), 0
    from generate_series(1, ${shipments}) g`.execute(db);
  await sql`insert into reference_number (reference_id, shipment_id, transit_leg_id, reference_type_code, value)
    select 'ref_bpo' || g, g, null, 'PONumber', 'PO-' || g from generate_series(1, ${shipments}) g`.execute(
    db,
  );
  await sql`insert into reference_number (reference_id, shipment_id, transit_leg_id, reference_type_code, value)
    select 'ref_bpro' || g, g, 'leg_b' || g, 'LinehaulCarrierProNumber', 'PRO' || (1000000 + g)
    from generate_series(1, ${shipments}) g where g % 10 >= 4`.execute(db);
  await sql`insert into shipment_alert (alert_id, shipment_id, alert_type)
    select 'alr_b' || g, g, 265 from generate_series(1, ${shipments}) g where g % 97 = 0`.execute(db);
  await sql`analyze`.execute(db);
  console.log(
    `${shipments.toLocaleString('en-US')} shipments (2 stops, 1 leg, 1-2 references each) built in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  const staff: ShipmentScope = { brokerId, customerOrganizationId: null };
  const columns = [...defaultGridColumns];
  const references = referenceTypesOf(columns);
  const page = (filters: ListFilters, number = 1, scope = staff) =>
    listShipments(db, scope, filters, defaultSort, paging(number, 100), columns, references);

  const first = await page({});
  console.log(`default page: ${first.items.length} rows of ${first.totalCount.toLocaleString('en-US')}`);
  console.log(
    `${runs} runs each, after 20 warm-up runs; the default page is the target (≤ 50 ms p95, issue 3)`,
  );
  await timed('default grid page (staff, 14 default columns, newest 100)', () => page({}));
  await timed('page 50 of the default grid', () => page({}, 50));
  await timed("a customer's default page (front office)", () =>
    page({}, 1, { brokerId, customerOrganizationId: 'org_bench_c7' }),
  );
  await timed('filtered by one status (counted, not from the tally)', () => page({ statuses: [300] }));
} finally {
  await sql`drop schema ${sql.id(schema)} cascade`.execute(db).catch(() => undefined);
  await database.close();
}
