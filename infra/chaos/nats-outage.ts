// Fault test of issue 20 item 2: "NATS down for 30 s: writes still accepted (outbox), backlog drained within
// 10 s after it returns". The directory, shipments, activity and tracking services and the gateway (two
// replicas each, the gateways behind the local ingress) on servers of the test's own (system.ts). Status
// updates run through the ingress from CHAOS_CONCURRENCY (4) clients, before, during and after an outage of
// NATS (SIGKILLed, started again after CHAOS_OUTAGE_SECONDS, 30). Prints the writes accepted and refused during the outage, the outboxes'
// backlog when NATS returns, the time until every outbox is published again and until the activity
// service has one Status Change entry per change. Passes when no write was refused, the backlog drained
// within CHAOS_DRAIN_LIMIT_SECONDS (10) and nothing is lost or doubled.
//
// Run: node infra/chaos/nats-outage.ts   (CHAOS_PORT_OFFSET, CHAOS_SERVERS_PORT, CHAOS_REPLICAS 2)
import { performance } from 'node:perf_hooks';
import { ShipmentActivityType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import pg from 'pg';
import { request } from 'undici';
import { createInTransitShipment } from '../load/harness.ts';
import { isStatusChange } from './status-changes.ts';
import { sleep, startChaosSystem, unpublished } from './system.ts';

const concurrency = Number(process.env.CHAOS_CONCURRENCY ?? 4);
const outageSeconds = Number(process.env.CHAOS_OUTAGE_SECONDS ?? 30);
const drainLimit = Number(process.env.CHAOS_DRAIN_LIMIT_SECONDS ?? 10);
const S = ShipmentStatus.values;
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

const chaos = await startChaosSystem({
  log,
  services: ['directory', 'shipments', 'activity', 'tracking'],
  replicas: Number(process.env.CHAOS_REPLICAS ?? 2),
});
let ok = false;
try {
  const { url, agent } = chaos;
  const headers = await chaos.signIn();
  const shipmentIds: number[] = [];
  for (let i = 0; i < concurrency; i++)
    shipmentIds.push(
      await createInTransitShipment(url, headers, { name: 'Chaos Freight', scac: 'CHAO' }, agent),
    );
  const db = new pg.Client({ connectionString: chaos.postgres.url });
  await db.connect();
  const schemaOf = async (name: string) =>
    `"${(await db.query<{ s: string }>(`select nspname as s from pg_namespace where nspname like $1`, [`${name}\\_chaos%`])).rows[0]!.s}"`;
  const shipments = await schemaOf('shipments');
  const activity = await schemaOf('activity');
  const backlog = async () => Object.values(await unpublished(db)).reduce((a, b) => a + b, 0);
  log(`system up, ${shipmentIds.length} shipments`);

  type Phase = 'before' | 'during' | 'after';
  let phase: Phase = 'before';
  const tallies: Record<Phase, { sent: number; accepted: number; refused: Map<string, number> }> = {
    before: { sent: 0, accepted: 0, refused: new Map() },
    during: { sent: 0, accepted: 0, refused: new Map() },
    after: { sent: 0, accepted: 0, refused: new Map() },
  };
  let running = true;
  const status = new Map(shipmentIds.map((s) => [s, S.InTransit as number]));
  const clients = Promise.all(
    shipmentIds.map(async (shipmentId) => {
      while (running) {
        const t = tallies[phase];
        t.sent++;
        const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
        let code: number | string;
        try {
          const res = await request(`${url}/api/ShipmentUpdateStatus/updatestatus`, {
            method: 'PUT',
            dispatcher: agent,
            headers,
            headersTimeout: 30_000,
            body: JSON.stringify({ shipmentId, status: next, location: 'Gary, IN' }),
          });
          await res.body.dump();
          code = res.statusCode;
        } catch (error) {
          code = (error as Error).name;
        }
        if (code === 200) {
          status.set(shipmentId, next);
          t.accepted++;
        } else t.refused.set(String(code), (t.refused.get(String(code)) ?? 0) + 1);
        await sleep(50);
      }
    }),
  );
  await sleep(5000);
  await chaos.nats.kill();
  phase = 'during';
  log(`NATS SIGKILLed; down for ${outageSeconds} s`);
  let peak = 0;
  for (const end = Date.now() + outageSeconds * 1000; Date.now() < end; ) {
    await sleep(1000);
    peak = Math.max(peak, await backlog());
  }
  const atReturn = await backlog();
  await chaos.nats.start();
  const back = performance.now();
  phase = 'after';
  log(`NATS started again; ${atReturn} outbox rows waiting`);
  // drained: every outbox row written before NATS returned is published (new writes keep coming)
  let drainedAfter = Number.NaN;
  const { rows: lastRow } = await db.query<{ p: string }>(
    `select max(position)::text as p from ${shipments}.outbox`,
  );
  const mark = Number(lastRow[0]!.p);
  for (const end = Date.now() + 60_000; Date.now() < end; ) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${shipments}.outbox where published_at is null and position <= $1`,
      [mark],
    );
    if (rows[0]!.n === 0) {
      drainedAfter = (performance.now() - back) / 1000;
      break;
    }
    await sleep(100);
  }
  log(`backlog of the outage published ${drainedAfter.toFixed(1)} s after NATS returned`);
  await sleep(5000);
  running = false;
  await clients;
  // consumers: one Status Change entry per committed change, once everything has arrived
  let counts: Record<string, number> = {};
  let caughtUpAfter = Number.NaN;
  for (const end = Date.now() + 120_000; Date.now() < end; ) {
    const { rows } = await db.query(
      `with changes as (
         select event_id from ${shipments}.outbox where ${isStatusChange}
           and (envelope->'data'->>'shipmentId')::bigint = any($2::bigint[])
       ), entries as (
         select source_event_id from ${activity}.shipment_activity where activity_type = $3 and shipment_id = any($2::bigint[])
       )
       select (select count(*) from changes)::int as changes, (select count(*) from entries)::int as entries,
         (select count(*) from changes c where not exists (select 1 from entries e where e.source_event_id = c.event_id))::int as lost,
         ((select count(*) from entries) - (select count(distinct source_event_id) from entries))::int as doubled`,
      [subjects.shipmentStatusChanged, shipmentIds, ShipmentActivityType.values.StatusChange],
    );
    counts = rows[0] as Record<string, number>;
    if (counts.lost === 0 && (await backlog()) === 0) {
      caughtUpAfter = (performance.now() - back) / 1000;
      break;
    }
    await sleep(250);
  }
  await db.end();
  for (const p of ['before', 'during', 'after'] as Phase[]) {
    const t = tallies[p];
    console.log(
      `status updates ${p.padEnd(6)} the outage: sent ${t.sent}, accepted ${t.accepted}${t.refused.size ? `, refused ${JSON.stringify(Object.fromEntries(t.refused))}` : ''}`,
    );
  }
  console.log(`outbox backlog: peak ${peak} rows during the outage, ${atReturn} when NATS returned`);
  console.log(
    `backlog drained ${drainedAfter.toFixed(1)} s after NATS returned (limit ${drainLimit} s); activity caught up after ${caughtUpAfter.toFixed(1)} s`,
  );
  console.log(
    `activity: ${counts.entries} Status Change entries for ${counts.changes} changes: lost ${counts.lost}, doubled ${counts.doubled}`,
  );
  ok =
    tallies.during.refused.size === 0 &&
    tallies.during.accepted > 0 &&
    drainedAfter <= drainLimit &&
    counts.lost === 0 &&
    counts.doubled === 0;
  console.log(ok ? 'writes accepted through the outage, backlog drained in time, nothing lost' : 'MISMATCH');
} finally {
  await chaos.stop();
}
process.exit(ok ? 0 : 1);
