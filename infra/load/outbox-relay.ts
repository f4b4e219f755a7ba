// The outbox relay's own cost (issue 19, target 4): BENCH_EVENTS (50,000) location.added events written to
// an outbox in batches of 500 (as the check-call ingest writes them), then published by the relay alone:
// events/s, and the CPU the relay's process, its PostgreSQL backends (PGAPPNAME) and NATS (the whole
// server, shared with whatever else runs) spent per event. Prints figures; asserts nothing.
// Run: node infra/load/outbox-relay.ts
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { subjects } from '@loadline/contracts/events';
import { OutboxRelay, type PlatformTables } from '@loadline/platform';
import { createTestRuntime } from '@loadline/platform/testing';
import { cpuMeter, fmt } from './harness.ts';

process.env.PGAPPNAME = 'loadline_relay_bench';
const events = Number(process.env.BENCH_EVENTS ?? 50_000);
const batch = 500;
const relayBatch = process.env.BENCH_RELAY_BATCH ? Number(process.env.BENCH_RELAY_BATCH) : undefined;

const t = await createTestRuntime<PlatformTables>({ service: 'relaybench', migrations: {} });
try {
  const location = (i: number) => ({
    locationId: i + 1,
    shipmentId: 10001 + (i % 40),
    brokerId: 'org_demo_broker',
    customerOrganizationId: 'org_demo_acme',
    locationType: 30 as const,
    latitude: 30 + (i % 1700) / 100,
    longitude: -120 + (i % 4500) / 100,
    locationStringFull: 'Joliet, IL 60435',
    city: 'Joliet',
    state: 'IL',
    zipCode: '60435',
    country: 'USA',
    locationDateTime: new Date(Date.now() - i * 1000).toISOString(),
    utcOffsetMinutes: -360,
    mostRecentLocation: i % 500 === 0,
    source: 'checkCall' as const,
    addedBy: { userId: 'usr_bench', name: 'Bench' },
  });
  for (let i = 0; i < events; i += batch) {
    const n = Math.min(batch, events - i);
    await t.runtime.db.transaction().execute((trx) =>
      t.runtime.appendEvents(
        trx,
        Array.from({ length: n }, (_, k) => ({ subject: subjects.locationAdded, data: location(i + k) })),
      ),
    );
  }
  const meter = await cpuMeter({ databaseUrl: t.config.databaseUrl, appName: 'loadline_relay_bench' });
  const load = loadavg()[0]!;
  const t0 = performance.now();
  const relay = new OutboxRelay({
    db: t.runtime.db,
    pool: t.runtime.database.pool,
    js: t.runtime.js,
    namespace: t.config.eventNamespace,
    logger: t.runtime.logger,
    ...(relayBatch ? { batchSize: relayBatch } : {}),
  });
  await relay.flush();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = await meter.stop();
  const us = (name: string) => fmt(((cpu.get(name) ?? 0) * 1e6) / events, 1);
  console.log(
    `relay   ${events} location.added events published in ${fmt(seconds, 2)} s: ${fmt(events / seconds, 0)} events/s; ` +
      `CPU per event: relay process ${us('load client')} µs, its PostgreSQL backends ${us('postgresql')} µs, ` +
      `NATS (whole server) ${us('nats')} µs; load average ${fmt(load)} before, ${fmt(loadavg()[0]!)} after (2 cores)`,
  );
} finally {
  await t.cleanup();
}
process.exit(0);
