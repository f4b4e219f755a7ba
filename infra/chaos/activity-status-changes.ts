// Fault test of issue 5 item 2 ("every status.changed event becomes exactly one activity, even when the
// event is delivered twice or the service dies half-way"): status updates through the gateway
// (PUT /api/ShipmentUpdateStatus/updatestatus, signed in as broker staff) while the activity service is
// killed with SIGKILL several times and NATS once, each started again; then a reconciliation of the
// shipments service's own record of the changes (its outbox: the shipment.updated of each status update,
// which carries its change since decision 0048) against the Status Change entries, each keyed by its event.
//
// Everything runs on its own: a NATS JetStream server on its own port and store directory, the
// directory, shipments and activity services and the gateway on ports +5000 (CHAOS_PORT_OFFSET; kept below the ephemeral range 32768–60999) with
// their own schemas, namespace and queue prefix; all removed at the end.
//
// Run: node infra/chaos/activity-status-changes.ts — prints the counts, exits 1 on a mismatch.
// CHAOS_UPDATES (default 5000), CHAOS_ACTIVITY_KILLS (4), CHAOS_CONCURRENCY (16), CHAOS_NATS_PORT change the run.
// infra/chaos/test/activity-status-changes.test.ts runs a small one inside `npm test`.
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ShipmentActivityType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { Redis } from 'ioredis';
import pg from 'pg';
import { Agent, request } from 'undici';
import { root } from '../dev/manifest.ts';
import { type RunningSystem, startSystem } from '../dev/system.ts';
import { createInTransitShipment } from '../load/harness.ts';
import { startOwnNats } from './nats.ts';
import { isStatusChange } from './status-changes.ts';

export interface ChaosOptions {
  /** status updates to send through the gateway */
  updates: number;
  /** SIGKILLs of the activity service, spread over the run */
  activityKills: number;
  /** SIGKILLs of NATS (in the middle of the run) */
  natsKills: number;
  /** concurrent clients (each updates one shipment at a time) */
  concurrency: number;
  portOffset: number;
  /** how long to wait for the activity service to catch up after the last update and fault */
  settleTimeoutMs?: number;
  log?: (line: string) => void;
}

/** What the reconciliation counts in the two services' tables. */
export interface ReconciledCounts {
  /** status.changed events the shipments service committed for the run's shipments (its outbox) */
  statusChanges: number;
  /** of those, published to JetStream */
  published: number;
  /** Status Change entries of the run's shipments in the activity service */
  statusChangeEntries: number;
  /** changes without an entry */
  lost: number;
  /** entries beyond one per change (a second entry of one event, or an entry of no change of ours) */
  doubled: number;
  /**
   * the activity service's handled-event marks of those changes: none since decision 0048 (its consumer of
   * shipment.updated, where a status update's change now rides, keeps no marks: each entry is keyed by the
   * event's id under a unique index, so `lost` and `doubled` are the whole check); counted to show it
   */
  handledMarks: number;
}

export interface ChaosCounts extends ReconciledCounts {
  /** updates sent / answered 200 */
  sent: number;
  accepted: number;
  activityKills: number;
  natsKills: number;
  seconds: number;
}

export const isExactlyOnce = (c: ChaosCounts): boolean =>
  c.lost === 0 &&
  c.doubled === 0 &&
  c.statusChangeEntries === c.statusChanges &&
  c.statusChanges >= c.accepted &&
  c.accepted > 0;

const S = ShipmentStatus.values;
const StatusChange = ShipmentActivityType.values.StatusChange;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runActivityChaos(options: ChaosOptions): Promise<ChaosCounts> {
  const log = options.log ?? console.log;
  const started = performance.now();
  const id = randomBytes(3).toString('hex');
  const schemaSuffix = `_chaos_${id}`;
  const namespace = `chaos_${id}`;
  const natsDir = join(root, '.data', `nats${schemaSuffix}`);
  // its own NATS on 4222 + the offset, or on CHAOS_NATS_PORT (to keep every port in one range)
  const nats = await startOwnNats(Number(process.env.CHAOS_NATS_PORT ?? 4222 + options.portOffset), natsDir);
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/loadline';
  const agent = new Agent({ connections: options.concurrency + 4 });
  let system: RunningSystem | undefined;
  try {
    system = await startSystem({
      portOffset: options.portOffset,
      schemaSuffix,
      eventNamespace: namespace,
      queuePrefix: namespace,
      seedDemoData: true,
      quiet: true,
      log: () => undefined,
      services: ['directory', 'shipments', 'activity'],
      env: { NATS_URL: nats.url },
    });
    const { url } = system;
    log(`system up (own NATS at ${nats.url}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const login = await request(`${url}/api/auth/login`, {
      method: 'POST',
      dispatcher: agent,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@demo.test', password: 'demo' }),
    });
    await login.body.dump();
    if (login.statusCode !== 200) throw new Error(`signing in answered ${login.statusCode}`);
    const headers = {
      cookie: String(login.headers['set-cookie']).split(';')[0]!,
      'content-type': 'application/json',
    };

    // The run's shipments: In Transit loads of a demo customer, two per client.
    const shipmentIds: number[] = [];
    for (let i = 0; i < options.concurrency * 2; i++) {
      shipmentIds.push(
        await createInTransitShipment(url, headers, { name: 'Chaos Freight', scac: 'CHAO' }, agent),
      );
    }

    // Updates: each takes a free shipment and moves it In Transit ↔ Out for Delivery, as check calls do.
    const status = new Map(shipmentIds.map((s) => [s, S.InTransit as number]));
    const free = [...shipmentIds];
    let sent = 0;
    let accepted = 0;
    const refused = new Map<string, number>();
    const update = async () => {
      const shipmentId = free.shift()!;
      try {
        const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
        const res = await request(`${url}/api/ShipmentUpdateStatus/updatestatus`, {
          method: 'PUT',
          dispatcher: agent,
          headers,
          headersTimeout: 30_000,
          body: JSON.stringify({ shipmentId, status: next, location: 'Gary, IN' }),
        });
        await res.body.dump();
        if (res.statusCode === 200) {
          status.set(shipmentId, next);
          accepted++;
        } else refused.set(String(res.statusCode), (refused.get(String(res.statusCode)) ?? 0) + 1);
      } catch (error) {
        const key = (error as Error).name;
        refused.set(key, (refused.get(key) ?? 0) + 1);
      } finally {
        free.push(shipmentId);
      }
    };
    const driving = Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (sent < options.updates) {
          sent++;
          await update();
        }
      }),
    );

    // The faults, at fixed points of the run: the activity service killed at even steps, NATS in the middle.
    const faults: { at: number; what: 'activity' | 'nats' }[] = [
      ...Array.from({ length: options.activityKills }, (_, i) => ({
        at: (i + 1) / (options.activityKills + 1),
        what: 'activity' as const,
      })),
      ...Array.from({ length: options.natsKills }, (_, i) => ({
        at: (i + 1) / (options.natsKills + 1) + 0.01,
        what: 'nats' as const,
      })),
    ].sort((a, b) => a.at - b.at);
    let activityKills = 0;
    let natsKills = 0;
    const running = system;
    for (const fault of faults) {
      while (sent < fault.at * options.updates) await sleep(20);
      if (fault.what === 'activity') {
        const child = running.processes.get('activity')!;
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
        activityKills++;
        log(`activity SIGKILLed after ${sent} updates sent`);
        await sleep(500);
        await running.relaunch('activity');
      } else {
        await nats.kill();
        natsKills++;
        log(`NATS SIGKILLed after ${sent} updates sent`);
        await sleep(2000);
        await nats.start();
      }
    }
    await driving;
    log(
      `${sent} updates sent, ${accepted} accepted${refused.size ? ` (others: ${JSON.stringify(Object.fromEntries(refused))})` : ''}`,
    );

    // Reconcile once the activity service has caught up (or stopped making progress).
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const reconcile = () => reconcileCounts(db, schemaSuffix, shipmentIds);
      const deadline = Date.now() + (options.settleTimeoutMs ?? 120_000);
      let counts = await reconcile();
      while (Date.now() < deadline) {
        if (counts.published === counts.statusChanges && counts.lost === 0) break;
        await sleep(500);
        counts = await reconcile();
      }
      return {
        sent,
        accepted,
        ...counts,
        activityKills,
        natsKills,
        seconds: (performance.now() - started) / 1000,
      };
    } finally {
      await db.end();
    }
  } finally {
    await system?.stop();
    await nats.remove();
    await agent.close();
    await dropRun(databaseUrl, schemaSuffix, namespace, system);
  }
}

/** The shipments service's status changes of the run's shipments against the activity service's entries. */
async function reconcileCounts(
  db: pg.Client,
  schemaSuffix: string,
  shipmentIds: number[],
): Promise<ReconciledCounts> {
  const shipments = `"shipments${schemaSuffix}"`;
  const activity = `"activity${schemaSuffix}"`;
  const { rows } = await db.query(
    `with changes as (
       select event_id, published_at from ${shipments}.outbox
       where ${isStatusChange} and (envelope->'data'->>'shipmentId')::bigint = any($2::bigint[])
     ), entries as (
       select source_event_id from ${activity}.shipment_activity
       where activity_type = $3 and shipment_id = any($2::bigint[])
     )
     select
       (select count(*) from changes)::int as "statusChanges",
       (select count(*) from changes where published_at is not null)::int as "published",
       (select count(*) from entries)::int as "statusChangeEntries",
       (select count(*) from changes c where not exists
          (select 1 from entries e where e.source_event_id = c.event_id))::int as "lost",
       ((select count(*) from entries) - (select count(distinct e.source_event_id) from entries e
          join changes c on c.event_id = e.source_event_id))::int as "doubled",
       (select count(*) from ${activity}.handled_event h join changes c on c.event_id = h.event_id)::int
         as "handledMarks"`,
    [subjects.shipmentStatusChanged, shipmentIds, StatusChange],
  );
  return rows[0] as unknown as ReconciledCounts;
}

/** Removes what the run made: its schemas, the mail and attachment directories, its queue keys. */
async function dropRun(
  databaseUrl: string,
  schemaSuffix: string,
  namespace: string,
  system: RunningSystem | undefined,
): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ name: string }>(
    'select nspname as name from pg_namespace where nspname like $1',
    [`%${schemaSuffix}`],
  );
  for (const { name } of rows) await client.query(`drop schema if exists "${name}" cascade`);
  await client.end();
  if (system) {
    rmSync(system.attachmentsDataDir, { recursive: true, force: true });
    rmSync(system.mailSink.dir, { recursive: true, force: true });
  }
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
}

export function formatCounts(c: ChaosCounts): string {
  return [
    `updates sent ${c.sent}, accepted (200) ${c.accepted}`,
    `status changes committed by shipments ${c.statusChanges} (published ${c.published})`,
    `Status Change activities ${c.statusChangeEntries}, handled marks ${c.handledMarks}`,
    `lost ${c.lost}, doubled ${c.doubled}`,
    `faults: activity SIGKILLed ${c.activityKills}×, NATS SIGKILLed ${c.natsKills}×; ${c.seconds.toFixed(1)} s in all`,
  ].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const counts = await runActivityChaos({
    updates: Number(process.env.CHAOS_UPDATES ?? 5000),
    activityKills: Number(process.env.CHAOS_ACTIVITY_KILLS ?? 4),
    natsKills: 1,
    concurrency: Number(process.env.CHAOS_CONCURRENCY ?? 16),
    portOffset: Number(process.env.CHAOS_PORT_OFFSET ?? 5_000),
  });
  console.log(formatCounts(counts));
  const ok = isExactlyOnce(counts);
  console.log(ok ? 'exactly once: every status change has one Status Change activity' : 'MISMATCH');
  process.exit(ok ? 0 : 1);
}
