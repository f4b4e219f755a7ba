// The accounting summary of a shipment with 200 charge lines (issue 16: p99 at most 10 ms): a scratch
// schema with the shipment, its 200 charge lines in 4 payer groups with their margin history (400 changes),
// 3 invoices with their lines, a bill and 2 commissions; then the accounting service as its own process,
// from its compiled bundle with the flags every service runs with (SERVICE_ROLE=http), on 127.0.0.1:
// (BENCH_PORT_OFFSET or 20000) + 8107, `GET /api/accountingSummary/{shipmentId}` driven over HTTP from this
// process on loopback with a signed identity, as the gateway forwards it: one client, then
// BENCH_CONCURRENCY (8). Prints p50/p99, calls per second, the answer's size and the machine's load;
// asserts nothing; removes what it made.
// Run: node infra/load/accounting-summary.ts   (BENCH_SECONDS, default 5; BENCH_CONCURRENCY, default 8)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { accountingService } from '@loadline/accounting/service';
import { sql } from '@loadline/platform';
import { buildService, demoCallers } from '@loadline/platform/testing';
import { request } from 'undici';
import { buildServices } from '../dev/build-services.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { serviceNodeFlags } from '../dev/system.ts';
import { agent, benchPortOffset, cpuSeconds, fmt, httpGet, load, percentile } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const port = benchPortOffset + readManifest().services.find((s) => s.name === 'accounting')!.port;
const shipmentId = 10008;

await buildServices(() => undefined);
const t = await buildService(accountingService, { seed: false });
const schema = t.config.databaseSchema;
let server: ReturnType<typeof spawn> | undefined;
try {
  const db = t.runtime.db;
  // One statement per call: parameters go with a single statement.
  await sql`insert into organization_view (organization_id, broker_id, name, organization_type, payment_preference, credit_limit_cents, version)
    values ('org_demo_broker', null, 'Loadline Demo Logistics', 60, null, null, 1),
    ('org_demo_acme', 'org_demo_broker', 'Acme Manufacturing', 70, 1, 5000000, 1),
    ('org_demo_globex', 'org_demo_broker', 'Globex Foods', 70, 1, 1000000, 1),
    ('org_bench_factor', 'org_demo_broker', 'Bench Factoring', 80, null, null, 1),
    ('org_bench_third', 'org_demo_broker', 'Third Party Logistics', 70, 1, null, 1)`.execute(db);
  await sql`insert into shipment_view (shipment_id, broker_id, customer_organization_id, status, shipment_type, pickup_date,
    delivery_date, carrier_master_id, carrier_master_name, pro_number, version)
    values (${shipmentId}, 'org_demo_broker', 'org_demo_globex', 1000, 2, '2026-11-18', '2026-11-19',
    'car_demo_summit', 'Summit Carriers', 'SMCR100000', 1)`.execute(db);
  await sql`insert into charge_line_group (group_id, shipment_id, broker_id, payer_organization_id, transit_organization_type)
    select 'clg_bench_' || g, ${shipmentId}, 'org_demo_broker',
    (array['org_demo_globex', 'org_demo_acme', 'org_bench_factor', 'org_bench_third'])[g], g - 1
    from generate_series(1, 4) as g`.execute(db);
  await sql`insert into charge_line (charge_line_id, group_id, shipment_id, broker_id, charge_line_type, description, buy_cents,
    sell_cents, billing_status, invoice_status, invoice_id, carrier_master_id, carrier_master_name, sort)
    select 'chl_bench_' || n, 'clg_bench_' || (1 + n % 4), ${shipmentId}, 'org_demo_broker',
    (array['Linehaul', 'Fuel', 'Accessorial', 'Lumper', 'Warehouse'])[1 + n % 5], 'Charge ' || n,
    10000 + n * 37, 12500 + n * 41, 'Ready', case when n <= 60 then 1 else 3 end,
    case when n <= 60 then 'inv_bench_' || (1 + n % 3) else null end, 'car_demo_summit', 'Summit Carriers', n
    from generate_series(1, 200) as n`.execute(db);
  await sql`insert into margin_history (shipment_id, charge_line_id, charge_line_type, change, field, old_cents, new_cents,
    changed_by_user_id, changed_by_name)
    select ${shipmentId}, 'chl_bench_' || (1 + n % 200), 'Linehaul', 'changed', case when n % 2 = 0 then 'buy' else 'sell' end,
    n * 10, n * 11, 'usr_demo_ops', 'Omar Operations'
    from generate_series(1, 400) as n`.execute(db);
  await sql`insert into invoice (invoice_id, broker_id, invoice_number, kind, shipment_id, payer_organization_id,
    customer_organization_id, invoice_date, due_date, invoice_date_type, total_cents, status)
    select 'inv_bench_' || n, 'org_demo_broker', 100000 + n, 'Shipment', ${shipmentId}, 'org_demo_globex', 'org_demo_globex',
    '2026-11-19', '2026-12-04', 'Delivery', 500000 + n, 1
    from generate_series(1, 3) as n`.execute(db);
  await sql`insert into invoice_line (invoice_id, line_no, charge_line_id, charge_line_type, description, amount_cents)
    select 'inv_bench_' || (1 + n % 3), n, 'chl_bench_' || n, 'Linehaul', 'Charge ' || n, 12500 + n * 41
    from generate_series(1, 60) as n`.execute(db);
  await sql`insert into bill (bill_id, broker_id, bill_number, shipment_id, vendor_id, vendor_name, bill_date, due_date, total_cents)
    values ('bil_bench_1', 'org_demo_broker', 500001, ${shipmentId}, 'car_demo_summit', 'Summit Carriers', '2026-11-19', '2026-12-19', 2500000)`.execute(
    db,
  );
  await sql`insert into commission (commission_id, shipment_id, broker_id, payee_name, calculation_type, rate, amount_cents)
    values ('com_bench_1', ${shipmentId}, 'org_demo_broker', 'Sal Sales', 1, 1000, 50000),
    ('com_bench_2', ${shipmentId}, 'org_demo_broker', 'Cara Carrier Rep', 10, 1500, 1500)`.execute(db);
  await sql`analyze`.execute(db);

  // The use case alone, in this process, for the server's share of the time.
  const { getSummary } = await import('../../services/accounting/src/app/summary.ts');
  const staff = { ...demoCallers.ops, customerSettings: 0, sessionId: 'ses_bench' };
  const inProcess: number[] = [];
  for (let i = 0; i < 100; i++) await getSummary(t.deps, staff, shipmentId);
  const cpuUseCase = process.cpuUsage();
  for (let i = 0; i < 500; i++) {
    const s = performance.now();
    await getSummary(t.deps, staff, shipmentId);
    inProcess.push(performance.now() - s);
  }
  const useCaseCpu = process.cpuUsage(cpuUseCase);
  const useCaseCpuMs = (useCaseCpu.user + useCaseCpu.system) / 1000 / 500;
  // The whole HTTP door in this process (validation, serialisation), without the network.
  const injected: number[] = [];
  const summaryUrl = `/api/accountingSummary/${shipmentId}`;
  for (let i = 0; i < 100; i++)
    await t.app.inject({ method: 'GET', url: summaryUrl, headers: t.as(demoCallers.ops) });
  const cpuInject = process.cpuUsage();
  for (let i = 0; i < 500; i++) {
    const s = performance.now();
    await t.app.inject({ method: 'GET', url: summaryUrl, headers: t.as(demoCallers.ops) });
    injected.push(performance.now() - s);
  }
  const injectCpu = process.cpuUsage(cpuInject);
  const injectCpuMs = (injectCpu.user + injectCpu.system) / 1000 / 500;
  injected.sort((a, b) => a - b);
  inProcess.sort((a, b) => a - b);
  // PostgreSQL's own time for the one statement the summary reads with.
  const { shipmentSummary } = await import('../../services/accounting/src/store/summary.ts');
  const sqlOnly: number[] = [];
  for (let i = 0; i < 500; i++) {
    const s = performance.now();
    await shipmentSummary(db, shipmentId, 25);
    sqlOnly.push(performance.now() - s);
  }
  sqlOnly.sort((a, b) => a - b);

  server = spawn(
    process.execPath,
    [
      ...serviceNodeFlags,
      ...(process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []),
      join(root, 'services/accounting/dist/server.mjs'),
    ],
    {
      cwd: join(root, 'services/accounting'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVICE_ROLE: 'http',
        HOST: '127.0.0.1',
        ACCOUNTING_PORT: String(port),
        ACCOUNTING_DB_SCHEMA: schema,
        DATABASE_URL: t.config.databaseUrl,
        NATS_URL: t.config.natsUrl,
        REDIS_URL: t.config.redisUrl,
        EVENT_NAMESPACE: t.config.eventNamespace,
        QUEUE_PREFIX: t.config.queuePrefix,
        IDENTITY_PUBLIC_KEY: t.config.identityPublicKey ?? '',
        ACCOUNTING_EXPORT_DIR: '/tmp',
        PAYMENT_TEST_GATEWAY_SECRET: 'bench',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; ) {
    ready = await httpGet(`${base}/readyz`, {}).catch(() => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  const url = `${base}/api/accountingSummary/${shipmentId}`;
  const headers = () => t.as(demoCallers.ops);
  const first = await request(url, { dispatcher: agent, headers: headers() });
  const body = await first.body.text();
  const answer = JSON.parse(body) as { groups: { chargeLines: unknown[] }[] };
  const lines = answer.groups.reduce((n, g) => n + g.chargeLines.length, 0);
  for (let i = 0; i < 200; i++) await httpGet(url, headers());
  const cpuBefore = cpuSeconds(server.pid!);
  const single: number[] = [];
  for (let i = 0; i < 1000; i++) {
    const s = performance.now();
    await httpGet(url, headers());
    single.push(performance.now() - s);
  }
  single.sort((a, b) => a - b);
  const serverCpuMs = ((cpuSeconds(server.pid!) - cpuBefore) * 1000) / single.length;
  const r = await load(() => httpGet(url, headers()), concurrency, seconds);
  console.log(
    `accounting summary of shipment ${shipmentId}: ${lines} charge lines in ${answer.groups.length} payer groups, 3 invoices, 1 bill, 2 commissions, 25 of 400 margin changes; answer ${fmt(body.length / 1024, 1)} KB`,
  );
  console.log(
    `its one statement (reads and JSON in PostgreSQL)  p50 ${fmt(percentile(sqlOnly, 50))} ms  p99 ${fmt(percentile(sqlOnly, 99))} ms`,
  );
  console.log(
    `the use case in-process (no HTTP)                 p50 ${fmt(percentile(inProcess, 50))} ms  p99 ${fmt(percentile(inProcess, 99))} ms; CPU ${fmt(useCaseCpuMs)} ms per call`,
  );
  console.log(
    `the route in-process (inject: no network)         p50 ${fmt(percentile(injected, 50))} ms  p99 ${fmt(percentile(injected, 99))} ms; CPU ${fmt(injectCpuMs)} ms per call`,
  );
  console.log(
    `GET /api/accountingSummary/{id}, 1 client          p50 ${fmt(percentile(single, 50))} ms  p99 ${fmt(percentile(single, 99))} ms; the service's CPU ${fmt(serverCpuMs)} ms per request`,
  );
  console.log(
    `GET /api/accountingSummary/{id}, ${concurrency} clients         p50 ${fmt(r.p50)} ms  p99 ${fmt(r.p99)} ms, ${fmt(r.perSecond, 0)}/s, ${r.failures} failures`,
  );
  console.log(`load average (1 min) at the end: ${fmt(loadavg()[0]!)} on this machine`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => (server && server.exitCode === null ? server.once('exit', r) : r(undefined)));
  await t.cleanup();
}
process.exit(0);
