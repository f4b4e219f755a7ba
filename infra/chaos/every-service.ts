// Fault test of issue 20 item 2 ("faults survived, across every service"): two replicas of every service
// and two gateways behind the local ingress, on servers of the test's own (system.ts). While status updates,
// check calls, a bulk email and a shipment import run through the ingress, CHAOS_KILLS processes of the 16
// (each a different one, a gateway among them) are SIGKILLed one at a time and started again, and
// PostgreSQL, NATS and Redis are each restarted once. Then, once
// everything has caught up, every effect is reconciled per service against its source of truth:
//   shipments   the status changes it committed (its outbox) are all published; the import made each row once
//   activity    one Status Change entry per status change (event id), no other
//   tracking    one location per status change with a place, one per accepted check call, none twice
//   read models the shipments as tracking, accounting, activity, attachments and carriers keep them are at
//               the shipments' version
//   attachments every message of the bulk email sent (Success), each in the mail sink exactly once
// Prints the counts per service and exits 1 when anything is lost or doubled.
//
// Run: node infra/chaos/every-service.ts
//   CHAOS_UPDATES (10000) status updates, CHAOS_CHECK_CALLS (100000) check calls in batches of
//   CHAOS_BATCH (100), CHAOS_KILLS (10), CHAOS_EMAIL_SHIPMENTS (20), CHAOS_IMPORT_ROWS (2000),
//   CHAOS_CONCURRENCY (8) clients for each load, CHAOS_PORT_OFFSET (1700), CHAOS_SERVERS_PORT (9300).
import { performance } from 'node:perf_hooks';
import { MailSendStatus, ShipmentActivityType, ShipmentStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import pg from 'pg';
import { request } from 'undici';
import { createInTransitShipment } from '../load/harness.ts';
import { isStatusChange } from './status-changes.ts';
import { type ChaosSystem, sleep, startChaosSystem, unpublished } from './system.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const settings = {
  updates: env('CHAOS_UPDATES', 10_000),
  checkCalls: env('CHAOS_CHECK_CALLS', 100_000),
  batch: env('CHAOS_BATCH', 100),
  kills: env('CHAOS_KILLS', 10),
  emailShipments: env('CHAOS_EMAIL_SHIPMENTS', 20),
  importRows: env('CHAOS_IMPORT_ROWS', 2_000),
  concurrency: env('CHAOS_CONCURRENCY', 8),
  settleSeconds: env('CHAOS_SETTLE_SECONDS', 300),
};

const S = ShipmentStatus.values;
const Success = MailSendStatus.values.Success;
const started = performance.now();
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const log = (line: string) => console.log(`[${elapsed()}] ${line}`);
const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);

const chaos: ChaosSystem = await startChaosSystem({ log });
let ok = false;
try {
  const { url, agent } = chaos;
  log(
    `system up: ${chaos.replicas.length} service processes and ${chaos.gateways.length} gateways behind ${url}`,
  );
  const headers = await chaos.signIn();
  // the shipment importer is for TMS site admins (issue 17)
  const adminHeaders = await chaos.signIn('admin@demo.test');
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body?: unknown,
    extra: Record<string, string> = {},
    as = headers,
  ) => {
    const res = await request(`${url}${path}`, {
      method,
      dispatcher: agent,
      // no body, no content type (a JSON one with no body is refused)
      headers: body === undefined ? { cookie: as.cookie!, ...extra } : { ...as, ...extra },
      headersTimeout: 60_000,
      bodyTimeout: 60_000,
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await res.body.text();
    return { status: res.statusCode, text };
  };
  /** a call that must succeed in the end: repeated through faults (only for calls that are safe to repeat) */
  const until = async (
    what: string,
    attempt: () => Promise<{ status: number; text: string }>,
    okStatus = 200,
  ) => {
    for (let i = 0; ; i++) {
      const answer = await attempt().catch((e: Error) => ({ status: 0, text: e.message }));
      if (answer.status === okStatus) return answer;
      if (i >= 120) throw new Error(`${what}: ${answer.status} ${answer.text.slice(0, 200)}`);
      await sleep(1000);
    }
  };
  const carrier = { name: 'Chaos Freight', scac: 'CHAO' };
  const newShipment = () => createInTransitShipment(url, headers, carrier, agent);
  const statusShipments: number[] = [];
  for (let i = 0; i < settings.concurrency * 2; i++) statusShipments.push(await newShipment());
  const checkCallShipments: number[] = [];
  for (let i = 0; i < settings.concurrency; i++) checkCallShipments.push(await newShipment());
  const emailShipments: number[] = [];
  for (let i = 0; i < settings.emailShipments; i++) emailShipments.push(await newShipment());
  log(
    `${statusShipments.length + checkCallShipments.length + emailShipments.length} In Transit shipments made`,
  );

  // ---- the loads --------------------------------------------------------------------------------------
  const refused = new Map<string, number>();
  const note = (what: string, status: number | string) => tally(refused, `${what} ${status}`);

  // Status updates: each client takes a free shipment and moves it In Transit ↔ Out for Delivery, at a place.
  let faultsOver = false;
  const status = new Map(statusShipments.map((s) => [s, S.InTransit as number]));
  const free = [...statusShipments];
  let sent = 0;
  let accepted = 0;
  const updating = Promise.all(
    Array.from({ length: settings.concurrency }, async () => {
      // at least CHAOS_UPDATES, and on until the last fault is over: every fault comes during the loads
      while (sent < settings.updates || !faultsOver) {
        sent++;
        const shipmentId = free.shift()!;
        const next = status.get(shipmentId) === S.InTransit ? S.OutForDelivery : S.InTransit;
        try {
          const a = await call('PUT', '/api/ShipmentUpdateStatus/updatestatus', {
            shipmentId,
            status: next,
            location: 'Gary, IN',
          });
          if (a.status === 200) {
            status.set(shipmentId, next);
            accepted++;
          } else {
            note('status update', a.status);
            // a change in doubt may have been made: learn the status the shipment has now
            if (a.status >= 500) await sleep(200);
          }
        } catch (error) {
          note('status update', (error as Error).name);
        } finally {
          free.push(shipmentId);
        }
      }
    }),
  );

  // Check calls: batches of distinct locations (each one known by its shipment and time), never repeated.
  const base = Date.now() - 3_600_000;
  const whenOf = (i: number) => new Date(base - i * 1000).toISOString();
  const checkCall = (i: number) => ({
    shipmentId: checkCallShipments[i % checkCallShipments.length]!,
    locationType: 30,
    latitude: 30 + ((i * 7919) % 1700) / 100,
    longitude: -120 + ((i * 104729) % 4500) / 100,
    locationDateTime: whenOf(i),
  });
  let posted = 0;
  const acceptedCalls: number[] = [];
  const inDoubtCalls: number[] = [];
  const batches = Math.ceil(settings.checkCalls / settings.batch);
  let nextBatch = 0;
  const calling = Promise.all(
    Array.from({ length: Math.max(1, settings.concurrency / 2) }, async () => {
      while (nextBatch < batches || !faultsOver) {
        const b = nextBatch++;
        const ids = Array.from(
          {
            length:
              b < batches
                ? Math.min(settings.batch, settings.checkCalls - b * settings.batch)
                : settings.batch,
          },
          (_, k) => b * settings.batch + k,
        );
        posted += ids.length;
        try {
          const a = await call('POST', '/api/location/checkCalls', { locations: ids.map(checkCall) });
          if (a.status === 201) acceptedCalls.push(...ids);
          else {
            note('check calls', a.status);
            if (a.status >= 500) inDoubtCalls.push(...ids);
          }
        } catch (error) {
          note('check calls', (error as Error).name);
          inDoubtCalls.push(...ids);
        }
      }
    }),
  );

  // The bulk email (001 §3): each email shipment's Bill of Lading to one custom address.
  const bulkEmail = (async () => {
    await sleep(3000);
    const body = {
      shipmentIds: emailShipments,
      documentTypes: ['BOLEmail'],
      customRecipientEmail: 'chaos-desk@example.com',
    } as Record<string, unknown>;
    let a = await call('POST', '/api/documentsender/getBulkShipmentDocument', body);
    if (a.status === 409) {
      const codes = Object.keys(JSON.parse(a.text).errors ?? {})
        .filter((k) => k.startsWith('warning.'))
        .map((k) => k.slice('warning.'.length));
      a = await call('POST', '/api/documentsender/getBulkShipmentDocument', {
        ...body,
        dismissedWarnings: codes,
      });
    }
    if (a.status !== 200) {
      note('bulk email', a.status);
      return { queued: [] as string[], answer: `${a.status} ${a.text.slice(0, 200)}` };
    }
    const answer = JSON.parse(a.text) as { queued: { messageId: string }[]; skipped: unknown[] };
    log(`bulk email: ${answer.queued.length} messages queued, ${answer.skipped.length} skipped`);
    return { queued: answer.queued.map((q) => q.messageId), answer: '200' };
  })().catch((error: Error) => ({
    queued: [] as string[],
    answer: `failed: ${error.message.slice(0, 200)}`,
  }));

  // The import (issue 17): a CSV of CHAOS_IMPORT_ROWS shipments, each with its own PO number.
  const poPrefix = `PO-CHAOS-${Date.now().toString(36)}-`;
  const importing = (async () => {
    await sleep(1000);
    const header =
      'Shipment Type,Status,Origin Company,Origin Address,Origin City,Origin State,Origin Zip,Pickup Ready,Pickup Close,' +
      'Destination Company,Destination Address,Destination City,Destination State,Destination Zip,Delivery Ready,' +
      'Carrier Name,SCAC,PRO Number,Total Weight,Handling Units,PO Number,Bill To Company,Bill To City,Bill To State,Bill To Zip';
    const line = (n: number) =>
      `LTL,Quote,Acme Plant ${n % 50},${100 + (n % 900)} Main St,Dayton,OH,45414,03/${String(1 + (n % 28)).padStart(2, '0')}/2026 08:00,` +
      `03/${String(1 + (n % 28)).padStart(2, '0')}/2026 16:00,Windy City Foods ${n % 70},4200 S Pulaski Rd,Chicago,IL,60632,,` +
      `Lakeside Freight,LKSF,PROC${n},${500 + (n % 20000)},${1 + (n % 26)},${poPrefix}${n},Acme Plastics,Dayton,OH,45414`;
    const text = `${header}\r\n${Array.from({ length: settings.importRows }, (_, i) => line(i + 1)).join('\r\n')}\r\n`;
    const boundary = '----chaosImport';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="chaos.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
    // an upload in doubt is uploaded again: the one that answered is the one imported
    const uploaded = await until(
      'import upload',
      () =>
        call(
          'POST',
          '/api/bulkProcessQueue/upload?processType=70&customerOrganizationId=org_demo_acme',
          multipart,
          { 'content-type': `multipart/form-data; boundary=${boundary}` },
          adminHeaders,
        ),
      201,
    );
    const id = (JSON.parse(uploaded.text) as { bulkProcessId: number }).bulkProcessId;
    const statusOf = async () => {
      const a = await until('import status', () =>
        call('GET', `/api/bulkProcessQueue/${id}`, undefined, {}, adminHeaders),
      );
      return JSON.parse(a.text) as { importStatus?: string; status?: string };
    };
    const waitFor = async (wanted: string[]) => {
      for (;;) {
        const p = await statusOf();
        const s = String(p.importStatus ?? p.status);
        if (wanted.includes(s)) return s;
        await sleep(1000);
      }
    };
    await until('import start', () =>
      call('POST', `/api/bulkProcessQueue/${id}/start`, undefined, {}, adminHeaders),
    );
    const checked = await waitFor(['review', 'error']);
    if (checked !== 'review') return { id, status: checked };
    await until('import confirm', () =>
      call('POST', `/api/bulkProcessQueue/${id}/confirm`, undefined, {}, adminHeaders),
    );
    return { id, status: await waitFor(['imported', 'error']) };
  })().catch((error: Error) => ({ id: 0, status: `failed: ${error.message.slice(0, 200)}` }));

  // ---- the faults -------------------------------------------------------------------------------------
  // At even steps of the status updates: the replica kills, with PostgreSQL, NATS and Redis restarted among them.
  type Fault = 'replica' | 'postgres' | 'nats' | 'redis';
  const plan: Fault[] = Array.from({ length: settings.kills }, () => 'replica' as Fault);
  plan.splice(Math.round(plan.length * 0.25), 0, 'postgres');
  plan.splice(Math.round(plan.length * 0.5), 0, 'nats');
  plan.splice(Math.round(plan.length * 0.75), 0, 'redis');
  const faults = new Map<string, number>();
  // The processes to kill: each a different one while there are, in a random order, a gateway among them.
  const processes = [...chaos.replicas, ...chaos.gateways];
  for (let i = processes.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [processes[i], processes[j]] = [processes[j]!, processes[i]!];
  }
  const victims = Array.from({ length: settings.kills }, (_, i) => processes[i % processes.length]!);
  if (victims.length > 0 && !victims.some((n) => chaos.gateways.includes(n)))
    victims[Math.floor(Math.random() * victims.length)] =
      chaos.gateways[Math.floor(Math.random() * chaos.gateways.length)]!;
  for (const [i, fault] of plan.entries()) {
    while (sent < ((i + 1) / (plan.length + 1)) * settings.updates) await sleep(50);
    if (fault === 'replica') {
      const name = victims.shift()!;
      await chaos.kill(name);
      tally(faults, `SIGKILL ${name}`);
      log(`${name} SIGKILLed (${sent} updates sent, ${posted} check calls posted)`);
      await sleep(500);
      await chaos.system.relaunch(name);
    } else {
      const server = chaos[fault];
      await server.kill();
      tally(faults, `restart ${fault}`);
      log(`${fault} killed (${sent} updates sent, ${posted} check calls posted)`);
      await sleep(2000);
      await server.start();
      log(`${fault} back`);
    }
  }
  faultsOver = true;
  await Promise.all([updating, calling]);
  const email = await bulkEmail;
  const imported = await importing;
  log(
    `loads done: ${sent} status updates sent (${accepted} accepted), ${posted} check calls posted ` +
      `(${acceptedCalls.length} accepted, ${inDoubtCalls.length} in doubt), import ${imported.id} ${imported.status}, bulk email ${email.answer}`,
  );
  if (refused.size) log(`refused or failed: ${JSON.stringify(Object.fromEntries(refused))}`);

  // ---- the reconciliation -----------------------------------------------------------------------------
  const db = new pg.Client({ connectionString: chaos.postgres.url });
  await db.connect();
  const schema = (name: string) =>
    db
      .query<{ s: string }>(`select nspname as s from pg_namespace where nspname like $1`, [
        `${name}\\_chaos%`,
      ])
      .then((r) => `"${r.rows[0]!.s}"`);
  const shipments = await schema('shipments');
  const activity = await schema('activity');
  const tracking = await schema('tracking');
  const attachments = await schema('attachments');
  const allShipments = [...statusShipments, ...checkCallShipments, ...emailShipments];
  type Counts = { changes: number; entries: number; locations: number; lost: number; doubled: number };
  const one = async (sql: string, params: unknown[] = []) =>
    (await db.query(sql, params)).rows[0] as Counts & Record<string, number>;

  const reconcile = async () => {
    const backlog = await unpublished(db);
    const statusChanges = await one(
      `with changes as (
         select event_id from ${shipments}.outbox
         where ${isStatusChange} and (envelope->'data'->>'shipmentId')::bigint = any($2::bigint[])
       ), entries as (
         select source_event_id from ${activity}.shipment_activity
         where activity_type = $3 and shipment_id = any($2::bigint[])
       )
       select (select count(*) from changes)::int as changes,
         (select count(*) from entries)::int as entries,
         (select count(*) from changes c where not exists
            (select 1 from entries e where e.source_event_id = c.event_id))::int as lost,
         ((select count(*) from entries) - (select count(distinct e.source_event_id) from entries e
            join changes c on c.event_id = e.source_event_id))::int as doubled`,
      [subjects.shipmentStatusChanged, statusShipments, ShipmentActivityType.values.StatusChange],
    );
    // tracking: a location of source statusUpdate per status change (each at the change's time)
    const statusLocations = await one(
      `with changes as (
         select (envelope->'data'->>'shipmentId')::bigint as shipment_id, (envelope->>'occurredAt')::timestamptz as at
         from ${shipments}.outbox
         where ${isStatusChange} and (envelope->'data'->>'shipmentId')::bigint = any($2::bigint[])
       ), places as (
         select shipment_id, location_date_time as at, count(*) as n from ${tracking}.location
         where source = 'statusUpdate' and shipment_id = any($2::bigint[]) group by 1, 2
       )
       select (select count(*) from changes)::int as changes,
         (select coalesce(sum(n), 0) from places)::int as locations,
         (select count(*) from changes c where not exists
            (select 1 from places p where p.shipment_id = c.shipment_id and p.at = c.at))::int as lost,
         (select coalesce(sum(n - 1), 0) from places)::int as doubled`,
      [subjects.shipmentStatusChanged, statusShipments],
    );
    // tracking: the check calls, each known by its shipment and time
    const calls = await db.query<{ shipment_id: string; at: Date; n: number }>(
      `select shipment_id, location_date_time as at, count(*)::int as n from ${tracking}.location
       where source <> 'statusUpdate' and shipment_id = any($1::bigint[]) group by 1, 2`,
      [checkCallShipments],
    );
    const seen = new Map(calls.rows.map((r) => [`${r.shipment_id} ${r.at.toISOString()}`, r.n]));
    const keyOf = (i: number) => `${checkCall(i).shipmentId} ${whenOf(i)}`;
    const callsLost = acceptedCalls.filter((i) => !seen.has(keyOf(i))).length;
    const callsDoubled = calls.rows.reduce((n, r) => n + r.n - 1, 0);
    const inDoubtMade = inDoubtCalls.filter((i) => seen.has(keyOf(i))).length;
    // read models: each service's copy of the run's shipments at the shipments service's version
    const models = await db.query<{ schema: string; table: string }>(
      `select c.table_schema as schema, c.table_name as table from information_schema.columns c
       join information_schema.columns v on v.table_schema = c.table_schema and v.table_name = c.table_name
         and v.column_name = 'version'
       where c.column_name = 'shipment_id' and c.table_schema not like 'shipments%'
         and c.table_name in ('shipment', 'shipment_read', 'shipment_ref', 'shipment_view')`,
    );
    const readModels: Record<string, { behind: number; missing: number }> = {};
    for (const m of models.rows) {
      const r = await one(
        `select count(*) filter (where m.shipment_id is null)::int as missing,
                count(*) filter (where m.version < s.version)::int as behind
         from ${shipments}.shipment s left join "${m.schema}"."${m.table}" m on m.shipment_id = s.shipment_id
         where s.shipment_id = any($1::bigint[])`,
        [allShipments],
      );
      readModels[`${m.schema.replace(/_chaos.*/, '')}.${m.table}`] = {
        behind: r.behind!,
        missing: r.missing!,
      };
    }
    // attachments: the bulk email's messages, their status and the mail sink's copies (by Message-ID)
    const messages = await db.query<{ message_id: string; status: number; status_name: string }>(
      `select message_id, status from ${attachments}.outgoing_message where message_id = any($1::text[])`,
      [email.queued],
    );
    const sunk = await chaos.system.mailSink.messages();
    const copies = new Map<string, number>();
    for (const m of sunk) if (m.messageId) tally(copies, m.messageId.replace(/^<|@loadline>$/g, ''));
    const mailLost = email.queued.filter((id) => !copies.has(id)).length;
    const mailDoubled = email.queued.reduce((n, id) => n + Math.max(0, (copies.get(id) ?? 0) - 1), 0);
    const statuses = new Map<string, number>();
    for (const m of messages.rows) tally(statuses, String(m.status));
    // shipments: the imported rows, by their PO numbers
    const imports = await one(
      `select count(*)::int as refs, count(distinct value)::int as distinct_refs,
              (select imported_rows from ${shipments}.bulk_process where bulk_process_id = $2)::int as imported
       from ${shipments}.reference_number where value like $1`,
      [`${poPrefix}%`, imported.id],
    );
    return {
      backlog,
      statusChanges,
      statusLocations,
      checkCalls: {
        accepted: acceptedCalls.length,
        lost: callsLost,
        doubled: callsDoubled,
        inDoubt: inDoubtCalls.length,
        inDoubtMade,
      },
      readModels,
      mail: {
        queued: email.queued.length,
        sunk: email.queued.filter((id) => copies.has(id)).length,
        lost: mailLost,
        doubled: mailDoubled,
        statuses,
      },
      imports: {
        rows: settings.importRows,
        status: imported.status,
        imported: imports.imported ?? 0,
        lost: settings.importRows - imports.distinct_refs!,
        doubled: imports.refs! - imports.distinct_refs!,
      },
    };
  };
  const settled = (r: Awaited<ReturnType<typeof reconcile>>) =>
    Object.values(r.backlog).every((n) => n === 0) &&
    r.statusChanges.lost === 0 &&
    r.statusLocations.lost === 0 &&
    Object.values(r.readModels).every((m) => m.behind === 0 && m.missing === 0) &&
    r.mail.lost === 0 &&
    (r.mail.statuses.get(String(Success)) ?? 0) === r.mail.queued &&
    r.imports.lost === 0 &&
    r.imports.status === 'imported';
  const deadline = Date.now() + settings.settleSeconds * 1000;
  let r = await reconcile();
  while (!settled(r) && Date.now() < deadline) {
    await sleep(2000);
    r = await reconcile();
  }
  await db.end();
  log('reconciliation');
  const lines: [string, string, number, number][] = [
    [
      'shipments',
      `status changes committed ${r.statusChanges.changes} (accepted ${accepted}); import ${r.imports.status}: ${r.imports.rows} rows, ${r.imports.imported} imported`,
      r.imports.lost,
      r.imports.doubled,
    ],
    [
      'activity',
      `Status Change entries ${r.statusChanges.entries} for ${r.statusChanges.changes} changes`,
      r.statusChanges.lost,
      r.statusChanges.doubled,
    ],
    [
      'tracking',
      `status-update locations ${r.statusLocations.locations} for ${r.statusLocations.changes} changes`,
      r.statusLocations.lost,
      r.statusLocations.doubled,
    ],
    [
      'tracking',
      `check calls accepted ${r.checkCalls.accepted} (in doubt ${r.checkCalls.inDoubt}, of which made ${r.checkCalls.inDoubtMade})`,
      r.checkCalls.lost,
      r.checkCalls.doubled,
    ],
    [
      'attachments',
      `bulk email messages queued ${r.mail.queued}, in the mail sink ${r.mail.sunk}, by status ${JSON.stringify(Object.fromEntries(r.mail.statuses))}`,
      r.mail.lost,
      r.mail.doubled,
    ],
    ...Object.entries(r.readModels).map(([name, m]): [string, string, number, number] => [
      'read model',
      `${name}: ${allShipments.length} shipments, behind ${m.behind}`,
      m.missing + m.behind,
      0,
    ]),
  ];
  for (const [service, what, lost, doubled] of lines)
    console.log(`${service.padEnd(12)} ${what}: lost ${lost}, doubled ${doubled}`);
  console.log(`outboxes unpublished: ${JSON.stringify(r.backlog)}`);
  console.log(
    `faults: ${[...faults].map(([k, n]) => `${k}${n > 1 ? ` ×${n}` : ''}`).join(', ')}; ${elapsed()} in all`,
  );
  ok =
    lines.every(([, , lost, doubled]) => lost === 0 && doubled === 0) &&
    settled(r) &&
    r.mail.queued > 0 &&
    r.imports.status === 'imported' &&
    [...faults.keys()].filter((k) => k.startsWith('SIGKILL')).length > 0 &&
    // a server restarting answers 503 (try again); a 500 is a fault of ours
    ![...refused.keys()].some((k) => k.endsWith(' 500'));
  console.log(ok ? 'every effect once: 0 lost, 0 doubled' : 'MISMATCH');
} finally {
  await chaos.stop();
}
process.exit(ok ? 0 : 1);
