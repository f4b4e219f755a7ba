// Reading a staff mailbox into email-based activities (issue 18: 10,000 messages waiting in a mailbox read
// into activities — messages per second, the read's p99 from arrival to activity with IDLE, the worker's peak
// RSS under 200 MB). Nothing here touches the demo staff's mailboxes: the script starts a private Dovecot
// (infra/dev/servers.ts `startPrivateMailServer`, on IMAP 1143 and LMTP 2424 plus BENCH_PORT_OFFSET) with
// one mailbox of its own, puts BENCH_MESSAGES (10,000) messages in its INBOX over IMAP APPEND — most naming
// one of BENCH_SHIPMENTS (2,000) shipments by id, some by a reference number, one in ten with a small file,
// one in ten naming none — then starts the attachments and activity services as their own processes (their
// bundles, as `npm start` runs them) on a scratch schema, namespace and queue prefix, and configures the
// mailbox as the directory does: a `tms.directory.mailbox.changed.v1` event with the password sealed, IMAP,
// Send And Read, Archive. The attachments service schedules its reading (decision 0071) and reads.
//
// Figures: messages per second from the configuration to the last message recorded (and to the last Email
// entry committed in the activity service); then, while the reader waits in IDLE, BENCH_IDLE_MESSAGES (300)
// delivered over LMTP at BENCH_IDLE_RATE (10/s), each timed from its delivery (LMTP accepted it) to its
// Email entry's commit (p50/p99/max): commits are seen through NOTIFY triggers added to the scratch schemas,
// delivered when the inserting transaction commits. The attachments process's peak RSS (VmHWM) and CPU.
// Prints figures; asserts nothing; removes what it made.
// Run: node infra/load/mail-read.ts
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { subjects } from '@loadline/contracts/events';
import {
  createEnvelope,
  loadConfig,
  parseSecretKey,
  sealSecret,
  streamName,
  wireSubject,
} from '@loadline/platform';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { ImapFlow } from 'imapflow';
import { Redis } from 'ioredis';
import { createTransport } from 'nodemailer';
import pg from 'pg';
import { localMailServer, startPrivateMailServer } from '../dev/servers.ts';
import { startSystem } from '../dev/system.ts';
import { benchPortOffset, cpuSeconds, fmt, percentile, rssMb } from './harness.ts';

const total = Number(process.env.BENCH_MESSAGES ?? 10_000);
const shipments = Number(process.env.BENCH_SHIPMENTS ?? 2_000);
const idleMessages = Number(process.env.BENCH_IDLE_MESSAGES ?? 300);
const idleRate = Number(process.env.BENCH_IDLE_RATE ?? 10);
const firstShipment = 500_001;

const id = randomBytes(3).toString('hex');
const suffix = `_bench_${id}`;
const namespace = `bench_${id}`;
const attachmentsSchema = `attachments${suffix}`;
const activitySchema = `activity${suffix}`;
const config = loadConfig('attachments', 0);
const broker = 'org_bench_broker';
const reader = { userId: `usr_bench_reader_${id}`, address: `reader-${id}@bench.test` };
const password = randomBytes(12).toString('base64url');
const mailServer = {
  dir: `/var/tmp/loadline-bench-mail-${id}`,
  instanceName: `loadline-bench-${id}`,
  imapPort: localMailServer.imapPort + benchPortOffset,
  lmtpPort: localMailServer.lmtpPort + benchPortOffset,
  mailboxes: [{ address: reader.address, password }],
};
// The sealing key both the services and this script use (the directory's, decision 0071).
const mailboxSecretKey = randomBytes(32).toString('base64');
process.env.MAILBOX_SECRET_KEY = mailboxSecretKey;

/** A small file, as carriers send a signed BOL or a photo (base64 in the message). */
const file = randomBytes(6 * 1024)
  .toString('base64')
  .replace(/(.{76})/g, '$1\r\n');

/** Message `i`: a shipment by id, by reference number, with a file, or naming none (one in ten each). */
function message(i: number, arrival: 'backlog' | 'idle'): { subject: string; raw: string } {
  const shipmentNo = i % shipments;
  const kind = i % 10;
  const subject =
    kind === 0
      ? `Question about our lanes #${arrival}-${i}`
      : kind === 2
        ? `Paperwork for BREF${shipmentNo + 1} #${arrival}-${i}`
        : `Load ${firstShipment + shipmentNo} status #${arrival}-${i}`;
  const boundary = `b${i}`;
  const text = `Hello,\r\n\r\nThe truck is rolling on time. Message ${i}.\r\n\r\nDana Dispatch\r\nBench Carrier`;
  const headers = [
    'From: Dana Dispatch <dana@carrier.bench.test>',
    `To: ${reader.address}`,
    `Subject: ${subject}`,
    `Date: ${new Date().toUTCString()}`,
    `Message-ID: <${arrival}-${i}-${id}@carrier.bench.test>`,
    'MIME-Version: 1.0',
  ];
  const raw =
    kind === 1
      ? [
          ...headers,
          `Content-Type: multipart/mixed; boundary="${boundary}"`,
          '',
          `--${boundary}`,
          'Content-Type: text/plain; charset=utf-8',
          '',
          text,
          `--${boundary}`,
          `Content-Type: application/octet-stream; name="scan-${i}.bin"`,
          'Content-Transfer-Encoding: base64',
          `Content-Disposition: attachment; filename="scan-${i}.bin"`,
          '',
          file,
          `--${boundary}--`,
          '',
        ].join('\r\n')
      : [...headers, 'Content-Type: text/plain; charset=utf-8', '', text, ''].join('\r\n');
  return { subject, raw };
}

const mail = await startPrivateMailServer(mailServer);

const pgClient = new pg.Client({ connectionString: config.databaseUrl });
let system: Awaited<ReturnType<typeof startSystem>> | undefined;
let nc: Awaited<ReturnType<typeof connect>> | undefined;
/** Removes what the run made: the services, schemas, stream, queue keys and the private mail server. */
async function removeAll(): Promise<void> {
  await system?.stop();
  if (system) {
    rmSync(system.attachmentsDataDir, { recursive: true, force: true });
    rmSync(system.mailSink.dir, { recursive: true, force: true });
  }
  await pgClient.end().catch(() => undefined);
  const natsConnection = nc ?? (await connect({ servers: config.natsUrl }));
  const jsm = await jetstreamManager(natsConnection);
  await jsm.streams.delete(streamName(namespace)).catch(() => undefined);
  await natsConnection.close();
  const admin = new pg.Client({ connectionString: config.databaseUrl });
  await admin.connect();
  for (const s of [attachmentsSchema, activitySchema, `gateway${suffix}`]) {
    await admin.query(`drop schema if exists "${s}" cascade`);
  }
  await admin.end();
  const redis = new Redis(config.redisUrl);
  const keys = await redis.keys(`${namespace}:*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
  await mail.stop();
  rmSync(mailServer.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}
let cleaning: Promise<void> | undefined;
const cleanup = () => {
  cleaning ??= removeAll();
  return cleaning;
};
// Stopped early (Ctrl-C, a timeout): still remove everything.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  // The backlog: BENCH_MESSAGES messages waiting in the INBOX before the mailbox is configured.
  const t0 = performance.now();
  const imap = new ImapFlow({
    host: localMailServer.host,
    port: mailServer.imapPort,
    secure: false,
    auth: { user: reader.address, pass: password },
    logger: false,
  });
  imap.on('error', () => undefined);
  await imap.connect();
  for (let i = 0; i < total; i += 100) {
    const appends: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(total, i + 100); j++)
      appends.push(imap.append('INBOX', message(j, 'backlog').raw));
    await Promise.all(appends);
  }
  const status = await imap.status('INBOX', { messages: true });
  const waiting = status ? status.messages : Number.NaN;
  await imap.logout();
  console.log(
    `${waiting} messages waiting in ${reader.address} (private Dovecot on ${mailServer.imapPort}), appended in ${fmt((performance.now() - t0) / 1000, 1)} s`,
  );

  system = await startSystem({
    portOffset: benchPortOffset,
    schemaSuffix: suffix,
    eventNamespace: namespace,
    queuePrefix: namespace,
    seedDemoData: false,
    quiet: true,
    log: () => undefined,
    services: ['attachments', 'activity'],
  });
  const pid = system.processes.get('attachments')!.pid!;
  await pgClient.connect();
  // The broker's shipments as the attachments service knows them (its copy of shipment.updated).
  await pgClient.query(
    `insert into "${attachmentsSchema}".shipment_view (shipment_id, broker_id, customer_organization_id, status,
       shipment_type, carrier_master_ids, state, version)
     select ${firstShipment - 1} + n, $1, 'org_bench_customer', 410, 1, '{}',
       jsonb_build_object('referenceNumbers', jsonb_build_array(jsonb_build_object('type', 1, 'value', 'BREF' || n))), 1
     from generate_series(1, ${shipments}) as n`,
    [broker],
  );
  await pgClient.query(`analyze "${attachmentsSchema}".shipment_view`);

  // Commits: a NOTIFY per message recorded and per Email entry, delivered when its transaction commits.
  for (const [schema, table, payload, when] of [
    [attachmentsSchema, 'inbound_email', `new.inbound_id || ' ' || new.subject`, 'true'],
    [
      activitySchema,
      'shipment_activity',
      'new.email_automation_detail_id',
      'new.email_automation_detail_id is not null',
    ],
  ] as const) {
    await pgClient.query(`create function "${schema}".bench_committed() returns trigger language plpgsql as $$
        begin perform pg_notify('${schema}_committed', ${payload}); return null; end $$`);
    await pgClient.query(`create trigger bench_committed after insert on "${schema}".${table}
        for each row when (${when}) execute function "${schema}".bench_committed()`);
    await pgClient.query(`listen "${schema}_committed"`);
  }
  const recordedAt = new Map<string, { at: number; subject: string }>();
  const entryAt = new Map<string, number>();
  pgClient.on('notification', (n) => {
    const at = performance.now();
    if (n.channel === `${attachmentsSchema}_committed`) {
      const space = n.payload!.indexOf(' ');
      recordedAt.set(n.payload!.slice(0, space), { at, subject: n.payload!.slice(space + 1) });
    } else entryAt.set(n.payload!, at);
  });
  let peakSampled = 0;
  const sampler = setInterval(() => {
    peakSampled = Math.max(peakSampled, rssMb(pid));
  }, 500);
  const readyRss = rssMb(pid);
  const cpuBefore = cpuSeconds(pid);

  // The mailbox configured as the directory publishes it (decision 0071): the password only sealed.
  nc = await connect({ servers: config.natsUrl });
  const envelope = createEnvelope('directory', subjects.mailboxChanged, {
    userId: reader.userId,
    version: Date.now(),
    brokerId: broker,
    mailboxType: 2,
    username: reader.address,
    sealedPassword: sealSecret(parseSecretKey(mailboxSecretKey), reader.userId, password),
    incomingMailServer: `${localMailServer.host}:${mailServer.imapPort}`,
    permissions: 2,
    postProcessingAction: 'Archive',
    isAuthorized: true,
    outgoingMailServer: null,
    signature: '',
  });
  const configuredAt = performance.now();
  await jetstream(nc).publish(wireSubject(namespace, envelope.subject), JSON.stringify(envelope), {
    msgID: envelope.id,
  });
  const expectedEntries = total - Math.ceil(total / 10); // one in ten names no shipment
  const deadline = Date.now() + 30 * 60_000;
  let lastReport = Date.now();
  while ((recordedAt.size < total || entryAt.size < expectedEntries) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    if (Date.now() - lastReport > 15_000) {
      lastReport = Date.now();
      console.log(
        `  … ${recordedAt.size} recorded, ${entryAt.size} entries after ${fmt((performance.now() - configuredAt) / 1000, 0)} s; RSS ${fmt(rssMb(pid), 0)} MB`,
      );
    }
  }
  const times = [...recordedAt.values()].map((r) => r.at).sort((a, b) => a - b);
  const lastRecorded = times.at(-1)! - configuredAt;
  const firstRecorded = times[0]! - configuredAt;
  const lastEntry = Math.max(...entryAt.values()) - configuredAt;
  const backlogCpu = cpuSeconds(pid) - cpuBefore;
  const backlogPeak = peakSampled;
  console.log(
    `backlog: ${recordedAt.size} of ${total} messages recorded (${entryAt.size} Email entries of ${expectedEntries} expected) — ` +
      `first after ${fmt(firstRecorded / 1000, 2)} s, last after ${fmt(lastRecorded / 1000, 1)} s: ` +
      `${fmt(recordedAt.size / (lastRecorded / 1000), 0)} messages/s (${fmt(entryAt.size / (lastEntry / 1000), 0)} entries/s to the last entry, ${fmt(lastEntry / 1000, 1)} s); ` +
      `attachments CPU ${fmt(backlogCpu, 1)} s, RSS sampled peak ${fmt(backlogPeak, 1)} MB`,
  );

  // New mail while the reader waits in IDLE: delivered over LMTP, timed from delivery to its Email entry.
  const lmtp = createTransport({ host: localMailServer.host, port: mailServer.lmtpPort, lmtp: true });
  const deliveredAt = new Map<string, number>();
  const start = performance.now();
  const sends: Promise<unknown>[] = [];
  for (let sent = 0; sent < idleMessages; ) {
    const due = Math.min(idleMessages, Math.floor(((performance.now() - start) / 1000) * idleRate) + 1);
    for (; sent < due; sent++) {
      // every one of these names a shipment, so every one becomes an Email entry
      const i = sent * 10 + 3;
      const { subject, raw } = message(i, 'idle');
      sends.push(
        lmtp.sendMail({ envelope: { from: 'dana@carrier.bench.test', to: reader.address }, raw }).then(() => {
          deliveredAt.set(subject, performance.now());
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await Promise.all(sends);
  const idleDeadline = Date.now() + 120_000;
  const idleRecorded = () => [...recordedAt.values()].filter((r) => deliveredAt.has(r.subject));
  while (Date.now() < idleDeadline) {
    const recorded = idleRecorded();
    const ids = [...recordedAt].filter(([, r]) => deliveredAt.has(r.subject)).map(([k]) => k);
    if (recorded.length === idleMessages && ids.every((k) => entryAt.has(k))) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  lmtp.close();
  const toRecord: number[] = [];
  const toEntry: number[] = [];
  for (const [inboundId, r] of recordedAt) {
    const delivered = deliveredAt.get(r.subject);
    if (delivered === undefined) continue;
    toRecord.push(r.at - delivered);
    const entry = entryAt.get(inboundId);
    if (entry !== undefined) toEntry.push(entry - delivered);
  }
  toRecord.sort((a, b) => a - b);
  toEntry.sort((a, b) => a - b);
  clearInterval(sampler);
  const peak = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  console.log(
    `with IDLE: ${idleMessages} messages delivered over LMTP at ${idleRate}/s; ${toEntry.length} became Email entries: ` +
      `delivery → entry committed p50 ${fmt(percentile(toEntry, 50), 0)} ms, p99 ${fmt(percentile(toEntry, 99), 0)} ms, max ${fmt(toEntry.at(-1) ?? Number.NaN, 0)} ms ` +
      `(→ message recorded p50 ${fmt(percentile(toRecord, 50), 0)} ms, p99 ${fmt(percentile(toRecord, 99), 0)} ms)`,
  );
  console.log(
    `attachments process: peak RSS (VmHWM) ${fmt(peak, 1)} MB (${fmt(readyRss, 1)} MB when ready, sampled peak while reading the backlog ${fmt(backlogPeak, 1)} MB), ` +
      `CPU ${fmt(cpuSeconds(pid) - cpuBefore, 1)} s; ${availableParallelism()} cores, load average (1 min) ${fmt(loadavg()[0]!)}`,
  );
} finally {
  await cleanup();
}
process.exit(0);
