// How soon a status change becomes its activity row at 500 status changes per second (issue 5: at most
// 250 ms p99). The activity service runs as its own process (from its bundle, as `npm start` runs it)
// on ports +20000 with its own schema and namespace; this script publishes tms.shipments.status.changed.v1
// events to JetStream as the shipments service's outbox relay does (envelope, Nats-Msg-Id) at a steady
// BENCH_RATE (500/s) over 1,000 shipments, and times each from its occurredAt to the commit of its Status
// Change row. The commit is seen through a trigger added to the scratch schema only: NOTIFY is delivered
// when the inserting transaction commits, so the time is the row's commit, not its insert.
// Prints figures; asserts nothing; drops what it made.
// Run: node infra/load/activity-events.ts (BENCH_RATE, BENCH_SECONDS change it).
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { ShipmentStatus, ShipmentType, TransitLegType } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { createEnvelope, loadConfig, streamName, wireSubject } from '@loadline/platform';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startSystem } from '../dev/system.ts';
import { benchPortOffset, cpuSeconds, fmt, percentile } from './harness.ts';

const rate = Number(process.env.BENCH_RATE ?? 500);
const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const warmupSeconds = 3;
const shipments = 1000;

const config = loadConfig('activity', 0);
const id = randomBytes(3).toString('hex');
const suffix = `_bench_${id}`;
const namespace = `bench_${id}`;
const schema = `activity${suffix}`;

const system = await startSystem({
  portOffset: benchPortOffset,
  schemaSuffix: suffix,
  eventNamespace: namespace,
  queuePrefix: namespace,
  seedDemoData: false,
  quiet: true,
  log: () => undefined,
  services: ['activity'],
});
const pgClient = new pg.Client({ connectionString: config.databaseUrl });
await pgClient.connect();
const nc = await connect({ servers: config.natsUrl });
try {
  // Commit times: a NOTIFY per Status Change row made from an event, delivered at its commit.
  await pgClient.query(`create function "${schema}".bench_row_committed() returns trigger language plpgsql as $$
      begin perform pg_notify('${schema}_committed', new.source_event_id::text); return null; end $$`);
  await pgClient.query(`create trigger bench_row_committed after insert on "${schema}".shipment_activity
      for each row when (new.source_event_id is not null) execute function "${schema}".bench_row_committed()`);
  const publishedAt = new Map<string, number>();
  const latencies: number[] = [];
  let measuring = false;
  let committedRows = 0;
  pgClient.on('notification', (n) => {
    const sentAt = publishedAt.get(n.payload!);
    if (sentAt === undefined) return;
    publishedAt.delete(n.payload!);
    committedRows++;
    if (measuring) latencies.push(performance.now() - sentAt);
  });
  await pgClient.query(`listen "${schema}_committed"`);

  const js = jetstream(nc);
  const versions = new Array<number>(shipments + 1).fill(1);
  const S = ShipmentStatus.values;
  let published = 0;
  const publishOne = (i: number) => {
    const shipmentId = 1 + (i % shipments);
    const version = ++versions[shipmentId]!;
    const toOut = version % 2 === 0;
    const envelope = createEnvelope('shipments', subjects.shipmentStatusChanged, {
      shipmentId,
      version,
      brokerId: 'org_bench_broker',
      customerOrganizationId: 'org_bench_customer',
      shipmentType: ShipmentType.values.LTL,
      transitLegId: `leg_bench_${shipmentId}`,
      transitLegType: TransitLegType.values.Linehaul,
      change: 'status',
      previousStatus: toOut ? S.InTransit : S.OutForDelivery,
      status: toOut ? S.OutForDelivery : S.InTransit,
      previousTransitLegStatus: toOut ? S.InTransit : S.OutForDelivery,
      transitLegStatus: toOut ? S.OutForDelivery : S.InTransit,
      lostQuoteAlertRequested: false,
      location: 'Gary, IN',
      changedBy: { userId: 'usr_bench', name: 'Bench Staff' },
    });
    publishedAt.set(envelope.id, performance.now());
    published++;
    return js.publish(wireSubject(namespace, envelope.subject), JSON.stringify(envelope), {
      msgID: envelope.id,
    });
  };

  /** Publishes at `rate` per second for `duration` seconds, on a 10 ms tick. */
  const drive = async (duration: number) => {
    const acks: Promise<unknown>[] = [];
    const start = performance.now();
    let sent = 0;
    const total = Math.round(rate * duration);
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate));
      for (; sent < due; sent++) acks.push(publishOne(published));
      await new Promise((r) => setTimeout(r, 10));
    }
    await Promise.all(acks);
    return (performance.now() - start) / 1000;
  };
  const settle = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (publishedAt.size > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  };

  await drive(warmupSeconds);
  await settle(60_000);
  const pid = system.processes.get('activity')!.pid!;
  const cpuBefore = cpuSeconds(pid);
  const rowsBefore = committedRows;
  measuring = true;
  const t0 = performance.now();
  const elapsed = await drive(seconds);
  const publishedInRun = Math.round(rate * seconds);
  await settle(120_000);
  const drained = (performance.now() - t0) / 1000;
  measuring = false;
  const cpu = cpuSeconds(pid) - cpuBefore;

  latencies.sort((a, b) => a - b);
  console.log(
    `${publishedInRun} status.changed events published at ${fmt(publishedInRun / elapsed, 0)}/s for ${fmt(elapsed, 1)} s ` +
      `(after a ${warmupSeconds} s warm-up), ${committedRows - rowsBefore} Status Change rows committed, ` +
      `all in by ${fmt(drained, 1)} s${publishedAt.size ? `, ${publishedAt.size} still missing` : ''}`,
  );
  console.log(
    `event (occurredAt) → row committed: p50 ${fmt(percentile(latencies, 50), 1)} ms, p99 ${fmt(percentile(latencies, 99), 1)} ms, ` +
      `max ${fmt(latencies.at(-1) ?? Number.NaN, 1)} ms (target p99 at most 250 ms at 500/s)`,
  );
  console.log(
    `${availableParallelism()} cores, load average (1 min) ${fmt(loadavg()[0]!)}; activity process CPU ${fmt(cpu, 1)} s over ${fmt(drained, 1)} s (${fmt((cpu / drained) * 100, 0)} % of one core)`,
  );
} finally {
  await system.stop();
  rmSync(system.attachmentsDataDir, { recursive: true, force: true });
  rmSync(system.mailSink.dir, { recursive: true, force: true });
  await pgClient.end();
  const jsm = await jetstreamManager(nc);
  await jsm.streams.delete(streamName(namespace)).catch(() => undefined);
  await nc.close();
  const admin = new pg.Client({ connectionString: config.databaseUrl });
  await admin.connect();
  for (const s of [schema, `gateway${suffix}`]) await admin.query(`drop schema if exists "${s}" cascade`);
  await admin.end();
  const redis = new Redis(config.redisUrl);
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}
