// The accounting sync of 100,000 invoices (issue 16: items per second, the ratio to a plain COPY of the same
// rows out of PostgreSQL in the same run, and the service's peak RSS, which must stay under 200 MB: the run
// streams a batch at a time). A scratch schema, stream namespace and queue prefix with the demo money and
// BENCH_INVOICES (100,000) more invoices; the accounting service as its own process, from its compiled
// bundle with the flags every service runs with (SERVICE_ROLE=background: the sync worker), writing the
// daily export (CSV and IIF) to a temporary folder; the run started through the route's use case in this
// process. Prints items/s, COPY rows/s, the ratio, the worker's peak RSS (VmHWM) and CPU seconds; asserts
// nothing; removes what it made.
// Run: node infra/load/accounting-sync.ts   (BENCH_INVOICES, default 100000; BENCH_BATCH, default 1000)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { accountingService } from '@loadline/accounting/service';
import { sql } from '@loadline/platform';
import { buildService, demoCallers } from '@loadline/platform/testing';
import { buildServices } from '../dev/build-services.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { serviceNodeFlags } from '../dev/system.ts';
import { benchPortOffset, cpuSeconds, fmt } from './harness.ts';

const invoices = Number(process.env.BENCH_INVOICES ?? 100_000);
const batch = Number(process.env.BENCH_BATCH ?? 1000);
const port = benchPortOffset + readManifest().services.find((s) => s.name === 'accounting')!.port;
const exportDir = await mkdtemp(join(tmpdir(), 'bench-accounting-'));

/** A process's peak resident memory so far, in MB (Linux `/proc`, VmHWM). */
const peakRssMb = (pid: number): number =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

await buildServices(() => undefined);
const t = await buildService(accountingService, { seed: true, settings: { exportDir } });
const schema = t.config.databaseSchema;
let worker: ReturnType<typeof spawn> | undefined;
try {
  const t0 = performance.now();
  await sql`insert into invoice (invoice_id, broker_id, invoice_number, kind, payer_organization_id, customer_organization_id,
      invoice_date, due_date, invoice_date_type, total_cents, status)
    select 'inv_bench_' || n, 'org_demo_broker', 300000 + n, 'OpeningBalance',
      case when n % 2 = 0 then 'org_demo_acme' else 'org_demo_globex' end,
      case when n % 2 = 0 then 'org_demo_acme' else 'org_demo_globex' end,
      date '2026-01-01' + (n % 300), date '2026-01-31' + (n % 300), 'Today', 10000 + (n % 900000), 1
    from generate_series(1, ${invoices}) as n`.execute(t.runtime.db);
  await sql`analyze invoice`.execute(t.runtime.db);
  const loadMs = performance.now() - t0;

  worker = spawn(
    process.execPath,
    [
      ...serviceNodeFlags,
      ...(process.env.BENCH_WORKER_FLAGS?.split(' ').filter(Boolean) ?? []),
      join(root, 'services/accounting/dist/server.mjs'),
    ],
    {
      cwd: join(root, 'services/accounting'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVICE_ROLE: 'background',
        HOST: '127.0.0.1',
        ACCOUNTING_PORT: String(port),
        ACCOUNTING_DB_SCHEMA: schema,
        DATABASE_URL: t.config.databaseUrl,
        NATS_URL: t.config.natsUrl,
        REDIS_URL: t.config.redisUrl,
        EVENT_NAMESPACE: t.config.eventNamespace,
        QUEUE_PREFIX: t.config.queuePrefix,
        IDENTITY_PUBLIC_KEY: t.config.identityPublicKey ?? '',
        ACCOUNTING_EXPORT_DIR: exportDir,
        ACCOUNTING_SYNC_BATCH_SIZE: String(batch),
        PAYMENT_TEST_GATEWAY_SECRET: 'bench',
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        MALLOC_ARENA_MAX: '2',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  for (let ready = false; !ready; ) {
    ready = await fetch(`http://127.0.0.1:${port}/readyz`)
      .then((r) => r.ok)
      .catch(() => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  const pid = worker.pid!;
  const idleRss = peakRssMb(pid);
  const cpuBefore = cpuSeconds(pid);

  const accountant = {
    ...demoCallers.ops,
    permissions: 256, // Accounting Sync
  };
  const requested = performance.now();
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/accountingsync/runSync',
    headers: t.as(accountant),
    payload: { doInvoices: true },
  });
  if (started.statusCode !== 202) throw new Error(`runSync answered ${started.statusCode}: ${started.body}`);
  const { runId, total } = started.json() as { runId: string; total: number };
  const recordedMs = performance.now() - requested;
  let run: {
    status: string;
    started_at: Date | null;
    finished_at: Date | null;
    csv_path: string | null;
    counts: unknown;
  };
  for (;;) {
    run = await t.runtime.db
      .selectFrom('sync_run')
      .select(['status', 'started_at', 'finished_at', 'csv_path', 'counts'])
      .where('run_id', '=', runId)
      .executeTakeFirstOrThrow();
    if (run.status === 'Finished' || run.status === 'Failed') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const endToEndSeconds = (performance.now() - requested) / 1000;
  const syncSeconds = (run.finished_at!.getTime() - run.started_at!.getTime()) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const peak = peakRssMb(pid);
  const csvBytes = (await stat(run.csv_path!)).size;

  // The same rows, the same columns the sync reads, copied out of PostgreSQL as CSV by psql: the floor.
  const copy = async () => {
    const query = `COPY (select i.invoice_id, i.invoice_number, to_char(i.invoice_date, 'YYYY-MM-DD'), to_char(i.due_date, 'YYYY-MM-DD'), i.payer_organization_id, o.name, i.shipment_id, i.total_cents from "${schema}".invoice i left join "${schema}".organization_view o on o.organization_id = i.payer_organization_id order by i.invoice_number) TO STDOUT WITH CSV`;
    const s = performance.now();
    await new Promise<void>((resolve, reject) => {
      const psql = spawn('psql', [t.config.databaseUrl, '-q', '-c', query], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
    });
    return (performance.now() - s) / 1000;
  };
  await copy(); // warm
  const copySeconds = Math.min(await copy(), await copy());
  const rows = Number(
    (
      await t.runtime.db
        .selectFrom('invoice')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

  const itemsPerSecond = total / syncSeconds;
  const copyPerSecond = rows / copySeconds;
  console.log(
    `accounting sync: ${total} invoices (${invoices} loaded in ${fmt(loadMs / 1000, 1)} s), batches of ${batch}, status ${run.status}, counts ${JSON.stringify(run.counts)}`,
  );
  console.log(
    `sync job ${fmt(syncSeconds, 2)} s = ${fmt(itemsPerSecond, 0)} items/s (CSV ${fmt(csvBytes / 1e6, 1)} MB + IIF); from the request (the run and its ${total} items recorded in ${fmt(recordedMs / 1000, 2)} s) to the end ${fmt(endToEndSeconds, 2)} s = ${fmt(total / endToEndSeconds, 0)} items/s`,
  );
  console.log(
    `COPY of the same ${rows} rows (the columns the sync reads) ${fmt(copySeconds, 3)} s = ${fmt(copyPerSecond, 0)} rows/s; ratio ${fmt(itemsPerSecond / copyPerSecond, 3)} (job), ${fmt(total / endToEndSeconds / copyPerSecond, 3)} (end to end)`,
  );
  console.log(
    `worker process: peak RSS ${fmt(peak, 1)} MB (${fmt(idleRss, 1)} MB when ready), CPU ${fmt(cpu, 2)} s; load average (1 min) ${fmt(loadavg()[0]!)}`,
  );
} finally {
  worker?.kill('SIGTERM');
  await new Promise((r) => (worker && worker.exitCode === null ? worker.once('exit', r) : r(undefined)));
  await t.cleanup();
  await rm(exportDir, { recursive: true, force: true });
}
process.exit(0);
