// Fault test of issue 20 item 2: "Redis down: say what stops and what must not, and show it". The
// directory, shipments, activity, tracking and attachments services and the gateway (two replicas each, the
// gateways behind the local ingress) on servers of the test's own (system.ts). Just before Redis is SIGKILLed, a burst of status updates and
// a bulk email are accepted; while it is down (CHAOS_REDIS_DOWN_SECONDS, 20) the same calls are made again
// and the burst's events are followed; then Redis is started again (its append-only file kept) and
// everything is checked once more. What Redis holds, and so what stops while it is down (decision 0088):
//   stops    signing in and every call with a session (sessions live in Redis): 503, never a 500;
//            BullMQ jobs (sending the emails, imports) wait, none is lost; live presence
//   goes on  every service stays ready (/readyz); the outboxes publish and the consumers handle events
//            (read models, activities, check-call locations from status changes) committed before;
//            after Redis returns the same session works again and the waiting emails go, once each
// Prints what each call answered in each phase; exits 1 when a call answers 500, an event waits for
// Redis, a service was not ready or an email is lost or doubled.
//
// Run: node infra/chaos/redis-down.ts   (CHAOS_PORT_OFFSET, CHAOS_SERVERS_PORT, CHAOS_REPLICAS 2)
import { performance } from 'node:perf_hooks';
import { ShipmentActivityType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import pg from 'pg';
import { request } from 'undici';
import { createInTransitShipment } from '../load/harness.ts';
import { isStatusChange } from './status-changes.ts';
import { sleep, startChaosSystem } from './system.ts';

const downSeconds = Number(process.env.CHAOS_REDIS_DOWN_SECONDS ?? 20);
const S = ShipmentStatus.values;
const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(1)} s] ${line}`);

const chaos = await startChaosSystem({
  log,
  services: ['directory', 'shipments', 'activity', 'tracking', 'attachments'],
  replicas: Number(process.env.CHAOS_REPLICAS ?? 2),
});
let ok = false;
try {
  const { url, agent } = chaos;
  const headers = await chaos.signIn();
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, h = headers) => {
    const t0 = performance.now();
    try {
      const res = await request(`${url}${path}`, {
        method,
        dispatcher: agent,
        headers: h,
        headersTimeout: 10_000,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.body.text();
      return { status: res.statusCode as number | string, text, ms: performance.now() - t0 };
    } catch (error) {
      return { status: (error as Error).name as number | string, text: '', ms: performance.now() - t0 };
    }
  };
  const shipmentIds: number[] = [];
  for (let i = 0; i < 8; i++)
    shipmentIds.push(
      await createInTransitShipment(url, headers, { name: 'Chaos Freight', scac: 'CHAO' }, agent),
    );
  const db = new pg.Client({ connectionString: chaos.postgres.url });
  await db.connect();
  const schemaOf = async (name: string) =>
    `"${(await db.query<{ s: string }>(`select nspname as s from pg_namespace where nspname like $1`, [`${name}\\_chaos%`])).rows[0]!.s}"`;
  const shipments = await schemaOf('shipments');
  const activity = await schemaOf('activity');
  const tracking = await schemaOf('tracking');
  const attachments = await schemaOf('attachments');
  log('system up');

  const status = new Map(shipmentIds.map((s) => [s, S.InTransit as number]));
  /** the calls a broker's staff makes, each once; answers their status codes */
  const probe = async () => {
    const shipmentId = shipmentIds[0]!;
    const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
    const signIn = await call(
      'POST',
      '/api/auth/login',
      { email: 'ops@demo.test', password: 'demo' },
      {
        'content-type': 'application/json',
      },
    );
    const read = await call('GET', `/api/shipments/${shipmentId}`);
    const update = await call('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
      shipmentId,
      status: next,
      location: 'Gary, IN',
    });
    if (update.status === 200) status.set(shipmentId, next);
    const checkCall = await call('POST', '/api/location/checkCalls', {
      locations: [
        {
          shipmentId: shipmentIds[1],
          locationType: 30,
          latitude: 41.6,
          longitude: -87.3,
          locationDateTime: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    });
    const ready: Record<string, number | string> = {};
    // the slowest answer of all the processes' /readyz (answered from checks kept in the background)
    let slowestReadyMs = 0;
    await Promise.all(
      Object.entries(readyUrls).map(async ([name, base]) => {
        const started = performance.now();
        const r = await request(base, { headersTimeout: 5000, bodyTimeout: 5000 }).catch((e: Error) => ({
          statusCode: e.name,
          body: null,
        }));
        await r.body?.dump();
        ready[name] = r.statusCode;
        slowestReadyMs = Math.max(slowestReadyMs, performance.now() - started);
      }),
    );
    const answers = {
      'sign in': signIn,
      'GET shipment': read,
      'PUT status update': update,
      'POST check call': checkCall,
    };
    return { answers, ready, slowestReadyMs };
  };
  // each process's own readiness: the services', and the gateways' as far as they are themselves (`self`:
  // the services this run leaves out are absent)
  const readyUrls: Record<string, string> = Object.fromEntries([
    ...chaos.replicas.map((name) => [name, `${chaos.addressOf(name)}/readyz`] as const),
    ...chaos.gateways.map((name) => [name, `${chaos.addressOf(name)}/readyz?self=true`] as const),
  ]);
  const print = (phase: string, p: Awaited<ReturnType<typeof probe>>) => {
    for (const [what, a] of Object.entries(p.answers))
      console.log(
        `${phase.padEnd(13)} ${what.padEnd(18)} ${a.status} in ${a.ms.toFixed(0)} ms${typeof a.status === 'number' && a.status >= 400 ? `: ${a.text.slice(0, 140)}` : ''}`,
      );
    const notReady = Object.entries(p.ready).filter(([, s]) => s !== 200);
    console.log(
      `${phase.padEnd(13)} services ready    ${notReady.length === 0 ? `all ${Object.keys(p.ready).length} processes` : `not: ${JSON.stringify(Object.fromEntries(notReady))}`} (slowest /readyz ${p.slowestReadyMs.toFixed(0)} ms)`,
    );
  };

  log('probing');
  const before = await probe();
  print('before', before);

  // Just before the outage: a burst of status updates and a bulk email.
  const burst = await Promise.all(
    shipmentIds.slice(2).map(async (shipmentId) => {
      let n = 0;
      for (let i = 0; i < 10; i++) {
        const next = i % 2 === 0 ? S.OutForDelivery : S.InTransit;
        const a = await call('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
          shipmentId,
          status: next,
          location: 'Gary, IN',
        });
        if (a.status === 200) n++;
      }
      return n;
    }),
  );
  const email = await call('POST', '/api/documentsender/getBulkShipmentDocument', {
    shipmentIds: shipmentIds.slice(2),
    documentTypes: ['BOLEmail'],
    customRecipientEmail: 'chaos-desk@example.com',
  });
  const queued =
    email.status === 200
      ? (JSON.parse(email.text).queued as { messageId: string }[]).map((q) => q.messageId)
      : [];
  log(
    `burst: ${burst.reduce((a, b) => a + b, 0)} status updates accepted; bulk email ${email.status}, ${queued.length} queued`,
  );

  await chaos.redis.kill();
  const down = performance.now();
  log(`Redis SIGKILLed for ${downSeconds} s`);
  const counts = async () => {
    const { rows } = await db.query(
      `select
        (select count(*) from ${shipments}.outbox where ${isStatusChange} and (envelope->'data'->>'shipmentId')::bigint = any($2::bigint[]))::int as changes,
        (select count(*) from ${activity}.shipment_activity where activity_type = $3 and shipment_id = any($2::bigint[]))::int as entries,
        (select count(*) from ${tracking}.location where source = 'statusUpdate' and shipment_id = any($2::bigint[]))::int as locations,
        (select count(*) from ${attachments}.outgoing_message where message_id = any($4::text[]) and sent_at is not null)::int as sent`,
      [subjects.shipmentStatusChanged, shipmentIds, ShipmentActivityType.values.StatusChange, queued],
    );
    return rows[0] as { changes: number; entries: number; locations: number; sent: number };
  };
  // the events committed before the outage, handled while Redis is down
  let eventsCaughtUp = Number.NaN;
  for (
    ;
    Number.isNaN(eventsCaughtUp) && performance.now() - down < (downSeconds * 1000) / 2;
    await sleep(250)
  ) {
    const c = await counts();
    if (c.entries === c.changes && c.locations === c.changes)
      eventsCaughtUp = (performance.now() - down) / 1000;
  }
  const during = await probe();
  print('Redis down', during);
  const whileDown = await counts();
  await sleep(Math.max(0, downSeconds * 1000 - (performance.now() - down)));
  log(
    `while Redis was down: status changes ${whileDown.changes}, activities ${whileDown.entries}, locations ${whileDown.locations}` +
      `${Number.isNaN(eventsCaughtUp) ? ' (not caught up)' : ` (caught up ${eventsCaughtUp.toFixed(1)} s into the outage)`}; emails sent ${whileDown.sent} of ${queued.length}`,
  );
  await chaos.redis.start();
  log('Redis started again');
  await sleep(3000);
  const after = await probe();
  print('after', after);
  let final = await counts();
  for (const end = Date.now() + 120_000; Date.now() < end && final.sent < queued.length; await sleep(1000))
    final = await counts();
  const sunk = await chaos.system.mailSink.messages();
  const copies = new Map<string, number>();
  for (const m of sunk) if (m.messageId) copies.set(m.messageId, (copies.get(m.messageId) ?? 0) + 1);
  const mailLost = queued.filter((id) => !copies.has(`<${id}@loadline>`)).length;
  const mailDoubled = queued.reduce((n, id) => n + Math.max(0, (copies.get(`<${id}@loadline>`) ?? 0) - 1), 0);
  await db.end();
  console.log(
    `emails of the bulk email: ${queued.length} queued before the outage, ${whileDown.sent} sent while Redis was down, ${final.sent} sent in the end; in the mail sink lost ${mailLost}, doubled ${mailDoubled}`,
  );
  console.log(
    `events committed before the outage: ${whileDown.changes} status changes, handled while Redis was down: ${whileDown.entries} activities, ${whileDown.locations} locations`,
  );
  const fiveHundreds = [before, during, after].flatMap((p) =>
    Object.entries(p.answers).filter(([, a]) => a.status === 500 || typeof a.status === 'string'),
  );
  const allReady = [before, during, after].every((p) => Object.values(p.ready).every((s) => s === 200));
  ok =
    fiveHundreds.length === 0 &&
    allReady &&
    !Number.isNaN(eventsCaughtUp) &&
    Object.values(after.answers).every((a) => a.status === 200 || a.status === 201) &&
    queued.length > 0 &&
    mailLost === 0 &&
    mailDoubled === 0;
  console.log(ok ? 'what must go on went on; what stopped answered 503 and came back' : 'MISMATCH');
} finally {
  await chaos.stop();
}
process.exit(ok ? 0 : 1);
