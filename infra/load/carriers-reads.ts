// Carrier details, compliance and score of a carrier with 1,000 audits (issue 7: at most 10 ms p99):
// a scratch schema, stream namespace and queue prefix with the demo carriers and 1,000 audits recorded
// for one of them through the store function the route uses (so the score's running sums are kept as in
// production); then the carriers service as its own process (node services/carriers/src/server.ts) on
// 127.0.0.1:(BENCH_PORT_OFFSET or 20000) + 8106 over that schema, each call driven over HTTP from this
// process on loopback with a signed identity, as the gateway forwards it. Prints p50/p99, calls per second
// and the machine's load; asserts nothing; removes what it made.
// Run: node infra/load/carriers-reads.ts   (BENCH_SECONDS per call, default 5; BENCH_CONCURRENCY, default 8;
// BENCH_AUDITS, default 1000)
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { CarriersTables } from '@loadline/carriers/service';
import { createTestRuntime } from '@loadline/platform/testing';
import { scoreAudit } from '../../services/carriers/src/domain/audits.ts';
import { recordAudit } from '../../services/carriers/src/store/audits.ts';
import { migrations } from '../../services/carriers/src/store/migrations.ts';
import { seedDemoData } from '../../services/carriers/src/store/seed.ts';
import { readManifest, root } from '../dev/manifest.ts';
import { benchPortOffset, fmt, httpGet, load, percentile } from './harness.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const auditCount = Number(process.env.BENCH_AUDITS ?? 1000);
const port = benchPortOffset + readManifest().services.find((s) => s.name === 'carriers')!.port;
const broker = 'org_demo_broker';
const carrier = 'car_demo_summit';
const today = new Date().toISOString().slice(0, 10);

const t = await createTestRuntime<CarriersTables>({ service: 'carriers', migrations });
let server: ReturnType<typeof spawn> | undefined;
try {
  await seedDemoData(t.runtime, today);
  // 1,000 audits of Summit's loads (half pickup, half delivery), each recorded with its score's sums.
  const answers = [
    { 'pickup-on-time': true, 'pickup-driver': 4, 'pickup-equipment': 'Good' },
    { 'pickup-on-time': false, 'pickup-driver': 3, 'pickup-equipment': 'Acceptable' },
  ];
  const deliveries = [
    {
      'delivery-on-time': true,
      'delivery-condition': true,
      'delivery-communication': 5,
      'delivery-paperwork': 'Same day',
    },
    {
      'delivery-on-time': false,
      'delivery-condition': true,
      'delivery-communication': 2,
      'delivery-paperwork': 'Later',
    },
  ];
  const t0 = performance.now();
  for (let batch = 0; batch < auditCount; batch += 100) {
    await t.runtime.db.transaction().execute(async (trx) => {
      for (let i = batch; i < Math.min(auditCount, batch + 100); i++) {
        const category = i % 2 === 0 ? 'Pickup' : 'Delivery';
        const scored = scoreAudit(category, (category === 'Pickup' ? answers : deliveries)[(i >> 1) % 2]!);
        if (!scored.ok) throw new Error('bench audit refused');
        await recordAudit(t.runtime, trx, {
          brokerId: broker,
          carrierMasterId: carrier,
          shipmentId: 500_000 + (i >> 1),
          transitLegId: `leg_bench_${i >> 1}`,
          category,
          scored: scored.audit,
          recordedBy: { userId: 'usr_bench', name: 'Bench' },
        });
      }
    });
  }
  const recordMs = performance.now() - t0;
  const totalAudits = (
    await t.runtime.db
      .selectFrom('carrier_audit')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('carrier_master_id', '=', carrier)
      .executeTakeFirstOrThrow()
  ).n;
  server = spawn(process.execPath, [join(root, 'services/carriers/src/server.ts')], {
    env: {
      ...process.env,
      CARRIERS_PORT: String(port),
      CARRIERS_DB_SCHEMA: t.config.databaseSchema,
      EVENT_NAMESPACE: t.config.eventNamespace,
      QUEUE_PREFIX: t.config.queuePrefix,
      IDENTITY_PUBLIC_KEY: t.keys.publicKey,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let ready = false; !ready; ) {
    ready = await httpGet(`${base}/healthz`, {}).catch(() => false);
    if (!ready) await new Promise((r) => setTimeout(r, 200));
  }
  const headers = () =>
    t.as({
      userId: 'usr_demo_ops',
      displayName: 'Omar Operations',
      organizationId: broker,
      brokerId: broker,
    });

  console.log(
    `carriers reads: ${carrier} with ${Number(totalAudits)} audits (${auditCount} recorded in ${fmt(recordMs / 1000, 1)} s, ${fmt(recordMs / auditCount)} ms each with the score's sums and the event); ${concurrency} clients, ${seconds} s per call, service process on ${base}, load average ${fmt(loadavg()[0]!)}`,
  );
  const calls = [
    ['GET /api/brokerCarrier/{id}/0 (details)', `${base}/api/brokerCarrier/${carrier}/0`],
    ['GET /api/brokerCarrier/compliance/{id}/0', `${base}/api/brokerCarrier/compliance/${carrier}/0`],
    ['GET /api/brokercarrier/carrierScore/{id}', `${base}/api/brokercarrier/carrierScore/${carrier}`],
  ] as const;
  for (const [label, url] of calls) {
    // Warm up (schema compilation, connections), then one client alone, then the concurrent run.
    for (let i = 0; i < 200; i++) await httpGet(url, headers());
    const single: number[] = [];
    for (let i = 0; i < 500; i++) {
      const s = performance.now();
      await httpGet(url, headers());
      single.push(performance.now() - s);
    }
    single.sort((a, b) => a - b);
    const r = await load(() => httpGet(url, headers()), concurrency, seconds);
    console.log(
      `${label.padEnd(44)} 1 client p50 ${fmt(percentile(single, 50))} p99 ${fmt(percentile(single, 99))} ms | ${concurrency} clients p50 ${fmt(r.p50)} p99 ${fmt(r.p99)} ms, ${fmt(r.perSecond, 0)}/s, ${r.failures} failures`,
    );
  }
  // The score read from the running sums, next to working it out from the 1,000 audits each time.
  const sumsMs: number[] = [];
  const scanMs: number[] = [];
  for (let i = 0; i < 300; i++) {
    let s = performance.now();
    await t.runtime.db
      .selectFrom('carrier_score')
      .selectAll()
      .where('broker_id', '=', broker)
      .where('carrier_master_id', '=', carrier)
      .execute();
    sumsMs.push(performance.now() - s);
    s = performance.now();
    await t.runtime.db
      .selectFrom('carrier_audit')
      .select([
        'category',
        (eb) => eb.fn.sum<number>('points').as('p'),
        (eb) => eb.fn.sum<number>('max_points').as('m'),
      ])
      .where('broker_id', '=', broker)
      .where('carrier_master_id', '=', carrier)
      .groupBy('category')
      .execute();
    scanMs.push(performance.now() - s);
  }
  sumsMs.sort((a, b) => a - b);
  scanMs.sort((a, b) => a - b);
  console.log(
    `score's SQL: running sums p50 ${fmt(percentile(sumsMs, 50))} p99 ${fmt(percentile(sumsMs, 99))} ms; summing the audits instead p50 ${fmt(percentile(scanMs, 50))} p99 ${fmt(percentile(scanMs, 99))} ms`,
  );
  console.log(`load average (1 min) at the end: ${fmt(loadavg()[0]!)} on this machine`);
} finally {
  server?.kill('SIGTERM');
  await new Promise((r) => (server ? server.once('exit', r) : r(undefined)));
  await t.cleanup();
}
