// A shipment import of 200,000 rows (issue 17: rows per second, the ratio to a plain COPY of the same rows
// into a scratch table in the same run, and the worker's peak RSS, which must stay under 200 MB at any file
// size: the file is read a piece at a time and written a batch at a time). A scratch schema and queue prefix
// with the demo data; the file uploaded through the upload route in this process (the bytes into the
// database in pieces); the shipments service's worker as its own process, from its compiled bundle with the
// flags every service runs with (SERVICE_ROLE=background), running the check and then the import. Prints
// rows/s of the check and of the import, COPY rows/s, the ratio, the worker's peak RSS (VmHWM) and CPU
// seconds and the machine's load; asserts nothing; removes what it made.
// Run: node infra/load/shipments-import.ts   (BENCH_ROWS, default 200000; e.g. 20000 for a quick run;
// BENCH_WORKER_FLAGS adds Node flags to the worker to look into it: "--cpu-prof --cpu-prof-dir=/tmp/p")
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { StaffPermission } from '@loadline/contracts/catalogue';
import { buildService, demoCallers } from '@loadline/platform/testing';
import { seedDemoData, shipmentsService } from '@loadline/shipments/service';
import { buildServices } from '../dev/build-services.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { serviceNodeFlags } from '../dev/system.ts';
import { benchPortOffset, cpuSeconds, fmt } from './harness.ts';

const rows = Number(process.env.BENCH_ROWS ?? 200_000);
const port = benchPortOffset + readManifest().services.find((s) => s.name === 'shipments')!.port;
const dir = await mkdtemp(join(tmpdir(), 'bench-import-'));

/** A process's peak resident memory so far, in MB (Linux `/proc`, VmHWM). */
const peakRssMb = (pid: number): number =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN) / 1024;

const header =
  'Shipment Type,Status,Origin Company,Origin Address,Origin City,Origin State,Origin Zip,Pickup Ready,Pickup Close,' +
  'Destination Company,Destination Address,Destination City,Destination State,Destination Zip,Delivery Ready,' +
  'Carrier Name,SCAC,PRO Number,Total Weight,Handling Units,PO Number,Bill To Company,Bill To City,Bill To State,Bill To Zip';
const line = (n: number) =>
  `LTL,Quote,Acme Plant ${n % 50},${100 + (n % 900)} Main St,Dayton,OH,45414,03/${String(1 + (n % 28)).padStart(2, '0')}/2026 08:00,` +
  `03/${String(1 + (n % 28)).padStart(2, '0')}/2026 16:00,Windy City Foods ${n % 70},4200 S Pulaski Rd,Chicago,IL,60632,,` +
  `Lakeside Freight,LKSF,PRO${n},${500 + (n % 20000)},${1 + (n % 26)},PO-${n},Acme Plastics,Dayton,OH,45414`;

await buildServices(() => undefined);
const t = await buildService(shipmentsService);
await seedDemoData(t.runtime, '2026-11-23');
const schema = t.config.databaseSchema;
const importer = { ...demoCallers.admin, permissions: StaffPermission.combine('TMSSiteAdmin') };
let worker: ReturnType<typeof spawn> | undefined;
try {
  const csvPath = join(dir, 'shipments.csv');
  const text = `${header}\r\n${Array.from({ length: rows }, (_, i) => line(i + 1)).join('\r\n')}\r\n`;
  await writeFile(csvPath, text);
  const boundary = '----benchImport';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const uploadStart = performance.now();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/bulkProcessQueue/upload?processType=70&customerOrganizationId=org_demo_acme',
    headers: { ...t.as(importer), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  if (uploaded.statusCode !== 201)
    throw new Error(`upload answered ${uploaded.statusCode}: ${uploaded.body}`);
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  const id = (uploaded.json() as { bulkProcessId: number }).bulkProcessId;

  // BENCH_WORKER_FLAGS: more Node flags for the worker, to look into it (e.g. --cpu-prof, --trace-gc)
  const extraFlags = (process.env.BENCH_WORKER_FLAGS ?? '').split(' ').filter(Boolean);
  worker = spawn(
    process.execPath,
    [...serviceNodeFlags, ...extraFlags, join(root, 'services/shipments/dist/server.mjs')],
    {
      cwd: join(root, 'services/shipments'),
      env: {
        ...process.env,
        NODE_ENV: 'production',
        SERVICE_ROLE: 'background',
        HOST: '127.0.0.1',
        SHIPMENTS_PORT: String(port),
        SHIPMENTS_DB_SCHEMA: schema,
        DATABASE_URL: t.config.databaseUrl,
        NATS_URL: t.config.natsUrl,
        REDIS_URL: t.config.redisUrl,
        EVENT_NAMESPACE: t.config.eventNamespace,
        QUEUE_PREFIX: t.config.queuePrefix,
        IDENTITY_PUBLIC_KEY: t.config.identityPublicKey ?? '',
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
  const loads: number[] = [];

  const call = (path: string) =>
    t.app.inject({ method: 'POST', url: `/api/bulkProcessQueue/${id}/${path}`, headers: t.as(importer) });
  const waitFor = async (statuses: string[]) => {
    for (;;) {
      const p = await t.runtime.db
        .selectFrom('bulk_process')
        .select(['import_status', 'good_rows', 'imported_rows', 'error'])
        .where('bulk_process_id', '=', id)
        .executeTakeFirstOrThrow();
      if (statuses.includes(p.import_status)) return p;
      loads.push(loadavg()[0]!);
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const checkStart = performance.now();
  await call('start');
  const checked = await waitFor(['review', 'error']);
  const checkSeconds = (performance.now() - checkStart) / 1000;
  if (checked.import_status !== 'review')
    throw new Error(`the check ended in ${checked.import_status}: ${checked.error}`);
  const importStart = performance.now();
  await call('confirm');
  const done = await waitFor(['imported', 'error']);
  const importSeconds = (performance.now() - importStart) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  const peak = peakRssMb(pid);

  // The same rows copied by psql into a scratch table of the same columns, all text: the floor.
  const copy = async () => {
    const columns = header
      .split(',')
      .map((_, i) => `c${i} text`)
      .join(', ');
    const script = `drop table if exists "${schema}".bench_copy; create table "${schema}".bench_copy (${columns}); \\copy "${schema}".bench_copy from '${csvPath}' with (format csv, header true)`;
    const s = performance.now();
    await new Promise<void>((resolve, reject) => {
      const psql = spawn('psql', [t.config.databaseUrl, '-q', '-v', 'ON_ERROR_STOP=1'], {
        stdio: ['pipe', 'ignore', 'inherit'],
      });
      psql.stdin.end(`${script}\n`);
      psql.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql exited ${code}`))));
    });
    return (performance.now() - s) / 1000;
  };
  await copy(); // warm
  const copySeconds = Math.min(await copy(), await copy());

  const importRate = done.imported_rows / importSeconds;
  const copyRate = rows / copySeconds;
  const meanLoad = loads.reduce((a, b) => a + b, 0) / Math.max(1, loads.length);
  console.log(
    `shipment import: ${rows} rows (${fmt(text.length / 1e6, 1)} MB of CSV), uploaded in ${fmt(uploadSeconds, 1)} s, status ${done.import_status}, ${done.imported_rows} shipments imported`,
  );
  console.log(
    `check ${fmt(checkSeconds, 1)} s = ${fmt(rows / checkSeconds, 0)} rows/s; import ${fmt(importSeconds, 1)} s = ${fmt(importRate, 0)} rows/s; both ${fmt(rows / (checkSeconds + importSeconds), 0)} rows/s`,
  );
  console.log(
    `COPY of the same ${rows} rows into a scratch table ${fmt(copySeconds, 3)} s = ${fmt(copyRate, 0)} rows/s; ratio ${fmt(importRate / copyRate, 4)} (import), ${fmt(rows / (checkSeconds + importSeconds) / copyRate, 4)} (check and import)`,
  );
  console.log(
    `worker process: peak RSS ${fmt(peak, 1)} MB (${fmt(idleRss, 1)} MB when ready), CPU ${fmt(cpu, 1)} s; load average (1 min) during the run ${fmt(meanLoad)} on ${(await import('node:os')).cpus().length} cores`,
  );
} finally {
  worker?.kill('SIGTERM');
  await new Promise((r) => (worker && worker.exitCode === null ? worker.once('exit', r) : r(undefined)));
  await t.cleanup();
  await rm(dir, { recursive: true, force: true });
}
process.exit(0);
