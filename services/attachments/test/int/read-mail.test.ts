// Reading staff mailboxes against the real servers (issue 18 item 4; decision 0071): the local mail server
// (Dovecot: mail delivered over LMTP, read over IMAP), PostgreSQL, NATS and Redis, with the directory,
// shipments, attachments and activity services in one event namespace. A staff member saves an IMAP mailbox
// in the directory; the attachments service learns it from mailbox.changed (the password sealed) and
// schedules its reading; a message naming a shipment becomes one Email entry on it with its file as the
// shipment's attachment, then is archived; one naming none waits for staff to assign or dismiss it; a reader
// SIGKILLed mid-read leaves every message filed exactly once; SendAndReadReplies reads only replies.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import { directoryService } from '@loadline/directory/service';
import { generateIdentityKeys, type Identity, identityHeader, signIdentity } from '@loadline/platform';
import {
  buildService,
  demoCallers,
  eventually,
  type TestService,
  testIdentity,
  uniqueTestId,
} from '@loadline/platform/testing';
import { seedDemoData as seedShipments, shipmentsService } from '@loadline/shipments/service';
import { ImapFlow } from 'imapflow';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestMailServer, testMailServerPorts } from '../../../../infra/dev/servers.ts';
import { type ActivityTables, activityService } from '../../../activity/src/service.ts';
import { seedDemoData as seedDirectory } from '../../../directory/src/store/seed.ts';
import { queues } from '../../src/app/queues.ts';
import { readMailbox, readSchedulerId } from '../../src/app/read-mail.ts';
import { attachmentsWorkers } from '../../src/jobs/index.ts';
import { attachmentsService } from '../../src/service.ts';
import type { AttachmentsTest } from './fixtures.ts';

/** This file's own Dovecot with the demo mailboxes (decision 0112): no other file's mail lands in them. */
const mailServer = testMailServerPorts();
let stopMailServer: (() => Promise<void>) | undefined;

// One sealing key for every service of this file and the reader process it starts (decision 0071).
process.env.MAILBOX_SECRET_KEY = randomBytes(32).toString('base64');

const { ops, otherBroker, shipper } = demoCallers;
const mailbox = ops.email;
const incoming = `${mailServer.host}:${mailServer.imapPort}`;
const today = '2026-11-23';

let att: AttachmentsTest;
let directory: TestService<never, never, never>;
let activity: TestService<ActivityTables, unknown, unknown>;
let closeAll: () => Promise<void>;
let dataDir: string;
/** headers carrying a signed identity, as the gateway sends them to every service of this file */
let as: (who: Partial<Identity>) => Record<string, string>;

const lmtp = createTransport({ host: mailServer.host, port: mailServer.lmtpPort, lmtp: true });

/** Delivers a message into the demo mailbox as the mail server does (LMTP), with a unique subject. */
async function deliver(subject: string, text: string, extra: Record<string, unknown> = {}): Promise<void> {
  await lmtp.sendMail({
    from: 'Dispatch Desk <dispatch@carrier.test>',
    to: mailbox,
    subject,
    text,
    ...extra,
  });
}

async function imapClient(): Promise<ImapFlow> {
  const client = new ImapFlow({
    host: mailServer.host,
    port: mailServer.imapPort,
    secure: false,
    auth: { user: mailbox, pass: demoMailboxPassword },
    logger: false,
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** How many messages whose subject holds `token` each folder has. */
async function foldersHolding(token: string): Promise<{ inbox: number; archive: number }> {
  const client = await imapClient();
  try {
    const count = async (folder: string) => {
      const lock = await client.getMailboxLock(folder);
      try {
        return ((await client.search({ subject: token }, { uid: true })) || []).length;
      } finally {
        lock.release();
      }
    };
    return { inbox: await count('INBOX'), archive: await count('Archive') };
  } finally {
    await client.logout();
  }
}

const put = (app: TestService<never, never, never>, who: Partial<Identity>, payload: object) =>
  app.app.inject({ method: 'PUT', url: '/api/staff/mailbox', headers: as(who), payload });

async function saveMailbox(permissions: number, postProcessingAction = 'Archive') {
  const res = await put(directory, ops, {
    mailboxType: 2,
    username: mailbox,
    password: demoMailboxPassword,
    incomingMailServer: incoming,
    outgoingMailServer: '127.0.0.1:2525',
    permissions,
    postProcessingAction,
  });
  expect(res.statusCode).toBe(200);
  // The attachments service has it from the directory's event.
  await eventually(async () => {
    const row = await att.runtime.db
      .selectFrom('mailbox_view')
      .selectAll()
      .where('user_id', '=', ops.userId)
      .executeTakeFirst();
    return row?.permissions === permissions && row.post_processing_action === postProcessingAction;
  }, 30_000);
}

const inboundWith = (token: string) =>
  att.runtime.db
    .selectFrom('inbound_email')
    .selectAll()
    .where('subject', 'like', `%${token}%`)
    .orderBy('created_at')
    .execute();

const emailEntriesFor = (ids: string[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : activity.runtime.db
        .selectFrom('shipment_activity')
        .selectAll()
        .where('email_automation_detail_id', 'in', ids)
        .execute();

beforeAll(async () => {
  stopMailServer = (await startTestMailServer(mailServer)).stop;
  dataDir = await mkdtemp(join(tmpdir(), 'attachments-mail-'));
  const keys = generateIdentityKeys();
  as = (who) => ({ [identityHeader]: signIdentity(testIdentity(who), keys.privateKey) });
  const shared = { eventNamespace: `t_${uniqueTestId('mail')}`, identityPublicKey: keys.publicKey };
  const dir = await buildService(directoryService, { config: shared });
  const ships = await buildService(shipmentsService, { config: shared });
  att = (await buildService(attachmentsService, {
    config: shared,
    settings: { dataDir, mailIdleMs: 0 },
  })) as AttachmentsTest;
  const act = await buildService(activityService, { config: shared });
  directory = dir as never;
  activity = act as never;
  await seedDirectory(dir.deps);
  await seedShipments(ships.runtime, today);
  // Consumers and relays: the events travel through JetStream as in production. No worker runs the
  // mailbox's scheduled job here: each test reads when it means to, and the reader process below is killed.
  await Promise.all([dir.runtime.start(), ships.runtime.start(), att.runtime.start(), act.runtime.start()]);
  await eventually(async () => {
    const n = await att.runtime.db
      .selectFrom('shipment_view')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const m = await act.runtime.db
      .selectFrom('shipment_read')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n.n) >= 40 && Number(m.n) >= 40;
  }, 60_000);
  closeAll = async () => {
    await Promise.all([att.cleanup(), act.cleanup(), ships.cleanup(), dir.cleanup()]);
  };
}, 120_000);

afterAll(async () => {
  lmtp.close();
  await closeAll?.();
  await rm(dataDir, { recursive: true, force: true });
  await stopMailServer?.();
});

describe('reading a staff mailbox into email-based activities', () => {
  it('schedules a reading job per mailbox that reads, and none for SendOnly', async () => {
    await saveMailbox(2);
    const schedulers = async () =>
      (await att.runtime.queue(queues.readMail).queue.getJobSchedulers()).map((s) => s.key);
    expect(await schedulers()).toContain(readSchedulerId(ops.userId));
    // The sealed password reached it, never the plain one.
    const row = await att.runtime.db
      .selectFrom('mailbox_view')
      .selectAll()
      .where('user_id', '=', ops.userId)
      .executeTakeFirstOrThrow();
    expect(row.sealed_password).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(demoMailboxPassword);
    // And one read as soon as the change is committed: the schedule's first run, started inside the
    // change's transaction, could not see the mailbox yet.
    const readOf = (version: number) =>
      att.runtime.queue(queues.readMail).queue.getJob(`${readSchedulerId(ops.userId)}-changed-${version}`);
    await eventually(async () => (await readOf(row.version))?.data.userId === ops.userId, 10_000);
    await saveMailbox(1);
    expect(await schedulers()).not.toContain(readSchedulerId(ops.userId));
    const sendOnly = await att.runtime.db
      .selectFrom('mailbox_view')
      .select('version')
      .where('user_id', '=', ops.userId)
      .executeTakeFirstOrThrow();
    expect(await readOf(sendOnly.version)).toBeUndefined();
  });

  it('files a message on the shipment it names, with its attachment, once, then archives it', async () => {
    await saveMailbox(2, 'Archive');
    const token = `T${randomBytes(4).toString('hex')}`;
    const pdf = Buffer.from(`%PDF-1.4\n% signed POD ${token}\n%%EOF\n`);
    await deliver(`POD for shipment 10007 ${token}`, 'Delivered, signed POD attached.', {
      attachments: [{ filename: 'pod.pdf', content: pdf, contentType: 'application/pdf' }],
    });
    await readMailbox(att.deps, ops.userId);
    const [inbound, ...more] = await inboundWith(token);
    expect(more).toEqual([]);
    expect(inbound).toMatchObject({ status: 'Filed', shipment_id: 10007, automation_type: 'Attachment' });
    // The file is the shipment's attachment, through the attachments service's own API.
    const files = await att.app.inject({
      method: 'GET',
      url: '/api/files/getattachments/10007/shipment',
      headers: as(ops),
    });
    const stored = (files.json() as { attachmentId: string; fileName: string }[]).filter((f) =>
      inbound!.attachment_ids.includes(f.attachmentId),
    );
    expect(stored.map((f) => f.fileName)).toEqual(['pod.pdf']);
    // One Email entry on the shipment: body, type, name, date, emailAutomationDetailId (000 §3).
    const entries = await eventually(async () => {
      const found = await emailEntriesFor([inbound!.inbound_id]);
      return found.length > 0 ? found : undefined;
    }, 30_000);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      shipment_id: 10007,
      description: 'Delivered, signed POD attached.',
      email_type: 'Attachment',
      email_from_name: 'Dispatch Desk',
    });
    // Post-processing: archived.
    expect(await foldersHolding(token)).toEqual({ inbox: 0, archive: 1 });
    // Reading again adds nothing.
    await readMailbox(att.deps, ops.userId);
    expect(await inboundWith(token)).toHaveLength(1);
  });

  it('finds a shipment by its pro number; MarkAsRead leaves the message in the INBOX, read', async () => {
    await saveMailbox(2, 'MarkAsRead');
    const shipment = await att.runtime.db
      .selectFrom('shipment_view')
      .select(['shipment_id', 'state'])
      .where('shipment_id', '=', 10020)
      .executeTakeFirstOrThrow();
    const refs = (shipment.state as { referenceNumbers: { value: string }[] }).referenceNumbers;
    const pro = refs.map((r) => r.value).find((v) => /\d/.test(v));
    expect(pro).toBeDefined();
    const token = `T${randomBytes(4).toString('hex')}`;
    await deliver(`Status ${token}`, `Load with PRO ${pro} is rolling.`);
    await readMailbox(att.deps, ops.userId);
    const [inbound] = await inboundWith(token);
    expect(inbound).toMatchObject({ status: 'Filed', automation_type: 'Operations' });
    const matched = await att.runtime.db
      .selectFrom('shipment_view')
      .select('shipment_id')
      .where('shipment_id', '=', inbound!.shipment_id!)
      .executeTakeFirstOrThrow();
    const matchedRefs = (
      (
        await att.runtime.db
          .selectFrom('shipment_view')
          .select('state')
          .where('shipment_id', '=', matched.shipment_id)
          .executeTakeFirstOrThrow()
      ).state as { referenceNumbers: { value: string }[] }
    ).referenceNumbers.map((r) => r.value);
    expect(matchedRefs).toContain(pro);
    expect(await foldersHolding(token)).toEqual({ inbox: 1, archive: 0 });
    const client = await imapClient();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        const uids = (await client.search({ subject: token }, { uid: true })) || [];
        const msg = await client.fetchOne(String(uids[0]), { flags: true }, { uid: true });
        expect(msg && [...(msg.flags ?? [])]).toContain('\\Seen');
        // Tidy the demo mailbox.
        await client.messageDelete(String(uids[0]), { uid: true });
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('keeps a message naming no shipment for staff to assign or dismiss; other tenants refused', async () => {
    await saveMailbox(2, 'Archive');
    const token = `T${randomBytes(4).toString('hex')}`;
    await deliver(`Question ${token}`, 'Can you call me back about next week?', {
      attachments: [{ filename: 'note.txt', content: 'call me', contentType: 'text/plain' }],
    });
    const second = `T${randomBytes(4).toString('hex')}`;
    await deliver(`Newsletter ${second}`, 'Nothing to do with freight.');
    await readMailbox(att.deps, ops.userId);
    const [waiting] = await inboundWith(token);
    expect(waiting).toMatchObject({ status: 'Unmatched', shipment_id: null });
    const [noise] = await inboundWith(second);
    const list = await att.app.inject({ method: 'GET', url: '/api/inboundemail', headers: as(ops) });
    expect(list.statusCode).toBe(200);
    expect(
      (list.json() as { emailAutomationDetailId: string }[]).map((e) => e.emailAutomationDetailId),
    ).toEqual(expect.arrayContaining([waiting!.inbound_id, noise!.inbound_id]));
    // Another broker's staff neither sees nor assigns it; a customer is refused.
    const rivalList = await att.app.inject({
      method: 'GET',
      url: '/api/inboundemail',
      headers: as(otherBroker),
    });
    expect(rivalList.statusCode).toBe(200);
    expect(rivalList.json()).toEqual([]);
    const rivalAssign = await att.app.inject({
      method: 'PUT',
      url: `/api/inboundemail/${waiting!.inbound_id}/assign`,
      headers: as(otherBroker),
      payload: { shipmentId: 10003 },
    });
    expect(rivalAssign.statusCode).toBe(404);
    const customer = await att.app.inject({ method: 'GET', url: '/api/inboundemail', headers: as(shipper) });
    expect(customer.statusCode).toBe(403);
    // Staff assign it: its file becomes the shipment's attachment and the activity log shows it.
    const assigned = await att.app.inject({
      method: 'PUT',
      url: `/api/inboundemail/${waiting!.inbound_id}/assign`,
      headers: as(ops),
      payload: { shipmentId: 10003 },
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'Filed', shipmentId: 10003 });
    expect(assigned.json().attachmentIds).toHaveLength(1);
    const entries = await eventually(async () => {
      const found = await emailEntriesFor([waiting!.inbound_id]);
      return found.length > 0 ? found : undefined;
    }, 30_000);
    expect(entries[0]).toMatchObject({ shipment_id: 10003, email_type: 'Attachment' });
    const again = await att.app.inject({
      method: 'PUT',
      url: `/api/inboundemail/${waiting!.inbound_id}/assign`,
      headers: as(ops),
      payload: { shipmentId: 10004 },
    });
    expect(again.statusCode).toBe(400);
    const dismissed = await att.app.inject({
      method: 'PUT',
      url: `/api/inboundemail/${noise!.inbound_id}/dismiss`,
      headers: as(ops),
    });
    expect(dismissed.json()).toMatchObject({ status: 'Dismissed' });
  });

  it('SendAndReadReplies reads only replies to mail the product sent', async () => {
    await saveMailbox(3, 'Archive');
    // A message the broker's document sender sent (its row is what a reply names).
    const messageId = `msg_${randomBytes(6).toString('hex')}`;
    await att.runtime.db
      .insertInto('outgoing_message')
      .values({
        message_id: messageId,
        broker_id: ops.brokerId,
        message_type: 0,
        shipment_id: 10012,
        organization_id: null,
        sender_user_id: ops.userId,
        sender_name: 'Olivia Ops',
        sender_email: ops.email,
        recipients: ['dispatch@carrier.test'],
        subject: 'Shipment 10012 documents',
        body: 'Documents attached.',
        status: MailSendStatus.values.Success,
        last_error: null,
        provider_message_id: null,
        sent_at: new Date(),
      } as never)
      .execute();
    const reply = `T${randomBytes(4).toString('hex')}`;
    const other = `T${randomBytes(4).toString('hex')}`;
    await deliver(`Re: Shipment 10012 documents ${reply}`, 'Received, thanks.', {
      inReplyTo: `<${messageId}@loadline>`,
      references: [`<${messageId}@loadline>`],
    });
    await deliver(`Lunch ${other} about 10012`, 'Not for the product.');
    await readMailbox(att.deps, ops.userId);
    const [filed] = await inboundWith(reply);
    expect(filed).toMatchObject({ status: 'Filed', shipment_id: 10012, automation_type: 'Reply' });
    expect(await inboundWith(other)).toEqual([]);
    // The staff member's own mail is left as it was.
    expect(await foldersHolding(other)).toEqual({ inbox: 1, archive: 0 });
    expect(await foldersHolding(reply)).toEqual({ inbox: 0, archive: 1 });
    // GET /api/emailautomationlog/replies/{shipment}: the reply; another broker's staff 404.
    const replies = await eventually(async () => {
      const res = await activity.app.inject({
        method: 'GET',
        url: '/api/emailautomationlog/replies/10012',
        headers: as(ops),
      });
      const body = res.json() as { emailAutomationDetailId?: string; description: string }[];
      return body.length > 0 ? body : undefined;
    }, 30_000);
    expect(replies.map((r) => r.description)).toEqual(['Received, thanks.']);
    const rival = await activity.app.inject({
      method: 'GET',
      url: '/api/emailautomationlog/replies/10012',
      headers: as(otherBroker),
    });
    expect(rival.statusCode).toBe(404);
    // Tidy the demo mailbox.
    const client = await imapClient();
    try {
      const lock = await client.getMailboxLock('INBOX');
      try {
        await client.messageDelete({ subject: other });
      } finally {
        lock.release();
      }
    } finally {
      await client.logout();
    }
  });

  it('reads a mailbox in one run at a time: a run that starts while another reads (or waits in IDLE) reads nothing', async () => {
    await saveMailbox(2, 'Archive');
    const token = `W${randomBytes(4).toString('hex')}`;
    await deliver(`Shipment 10004 first ${token}`, 'First update.');
    // The schedule's next run starts while a long read is still going on (a backlog, then IDLE).
    const first = readMailbox(att.deps, ops.userId, { idleMs: 15_000 });
    await eventually(async () => (await inboundWith(token)).length === 1, 30_000);
    const second = await readMailbox(att.deps, ops.userId);
    expect(second).toEqual({
      filed: 0,
      unmatched: 0,
      skipped: 0,
      known: 0,
      alreadyBeingRead: true,
      idled: false,
    });
    // The first run, waiting in IDLE, reads what arrives meanwhile.
    await deliver(`Shipment 10004 second ${token}`, 'Second update.');
    const report = await first;
    expect(report).toEqual({
      filed: 2,
      unmatched: 0,
      skipped: 0,
      known: 0,
      alreadyBeingRead: false,
      idled: true,
    });
    expect(await foldersHolding(token)).toEqual({ inbox: 0, archive: 2 });
    expect(await inboundWith(token)).toHaveLength(2);
    // Once it is done, the next run reads again.
    expect((await readMailbox(att.deps, ops.userId)).alreadyBeingRead).toBe(false);
  }, 60_000);

  it('a run that waited in IDLE to its end has the next one queued at once', async () => {
    await saveMailbox(2, 'Archive');
    const worker = attachmentsWorkers({
      ...att.deps,
      settings: { ...att.deps.settings, mailIdleMs: 1_000 },
    }).find((w) => w.queue === queues.readMail)!;
    const report = await worker.process({ data: { userId: ops.userId } } as never);
    expect(report).toMatchObject({ idled: true, alreadyBeingRead: false });
    const queued = await att.runtime.queue(queues.readMail).queue.getJobs(['waiting', 'prioritized']);
    const next = queued.filter((j) => j.id?.startsWith(`${readSchedulerId(ops.userId)}-again-`));
    expect(next.map((j) => j.data.userId)).toEqual([ops.userId]);
  }, 60_000);

  it('files every message exactly once when the reader is SIGKILLed mid-read', async () => {
    await saveMailbox(2, 'Archive');
    const token = `K${randomBytes(4).toString('hex')}`;
    const count = 30;
    for (let i = 1; i <= count; i++) {
      await deliver(`Shipment ${10000 + i} update ${token} #${i}`, `Update ${i} for shipment ${10000 + i}.`, {
        attachments: [
          { filename: `update-${i}.txt`, content: `update ${i} ${token}`, contentType: 'text/plain' },
        ],
      });
    }
    // A reader in its own process, on this file's schema, queue prefix and namespace.
    const child: ChildProcess = spawn(process.execPath, [join(import.meta.dirname, 'read-mail-reader.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        READER_SCHEMA: att.config.databaseSchema,
        READER_NAMESPACE: att.config.eventNamespace,
        READER_PREFIX: att.config.queuePrefix,
        READER_DATA_DIR: dataDir,
        READER_USER_ID: ops.userId,
      },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Killed once some, not all, of the messages are filed.
    await eventually(async () => (await inboundWith(token)).length >= 3, 60_000);
    child.kill('SIGKILL');
    await exited;
    const before = (await inboundWith(token)).length;
    // The next run reads what is left, post-processes what was filed but not yet archived: as soon as
    // PostgreSQL has seen the killed reader's connection close (its reading lock goes with it).
    await eventually(async () => !(await readMailbox(att.deps, ops.userId)).alreadyBeingRead, 30_000);
    const rows = await inboundWith(token);
    expect(rows).toHaveLength(count);
    expect(new Set(rows.map((r) => r.shipment_id)).size).toBe(count);
    expect(rows.every((r) => r.status === 'Filed' && r.attachment_ids.length === 1)).toBe(true);
    expect(await foldersHolding(token)).toEqual({ inbox: 0, archive: count });
    const entries = await eventually(async () => {
      const found = await emailEntriesFor(rows.map((r) => r.inbound_id));
      return found.length >= count ? found : undefined;
    }, 60_000);
    expect(entries).toHaveLength(count);
    expect(new Set(entries.map((e) => e.email_automation_detail_id)).size).toBe(count);
    // The kill landed mid-read: some were filed by the killed process, the rest after.
    expect(before).toBeGreaterThanOrEqual(3);
    console.info(`reader SIGKILLed after filing ${before} of ${count} messages`);
  }, 180_000);
});
