// Front mailboxes (type 5) read and send for real through Front's Core API (issue 18 items 2, 4, 5; decision
// 0037, "Front"), against real servers the test starts: the local OAuth 2 server (infra/dev/oauth-server.ts)
// that signs the mailboxes in and answers token introspection, and the local Front-compatible API server
// (infra/dev/front-server.ts) that checks every bearer token there. FRONT_API_URL points the attachments
// service at it. The directory, shipments, activity and attachments services share one event namespace: the
// sign-in goes through the directory's routes, the sealed token reaches the attachments service on
// mailbox.changed, a token refused goes back on tms.attachments.mailbox.signin.refused.v1 and the directory
// renews it. Two brokers: the demo broker's ops and the other broker's staff each sign a Front account in.

import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { MailSendStatus } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { type Identity, openSecret, parseSecretKey } from '@loadline/platform';
import { demoCallers, eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FrontServer, startFrontServer } from '../../../../infra/dev/front-server.ts';
import { type OAuthServer, signInSettings, startOAuthServer } from '../../../../infra/dev/oauth-server.ts';
import { FrontRefused, frontApi } from '../../src/adapters/front.ts';
import { readMailbox } from '../../src/app/read-mail.ts';
import { tablesOf as db, type MailboxSystem, otherShipmentId, startMailboxSystem } from './mailbox-system.ts';

// The OAuth server and the Front server, on ports of their own; FRONT_MAILBOX_PORT moves them.
const basePort = Number(process.env.FRONT_MAILBOX_PORT || 11540);
const ports = { oauth: basePort, front: basePort + 1 };

const { ops, otherBroker } = demoCallers;
const opsAccount = 'ops.front@broker.example';
const olgaAccount = 'olga.front@other-broker.example';
const redirectUrl = 'http://127.0.0.1:9/back-office/mailbox-sign-in';
const clients = {
  front: { clientId: 'loadline-front', clientSecret: randomBytes(16).toString('hex') },
  // the Front API server, as a resource server, introspects tokens with its own client
  api: { clientId: 'local-front-api', clientSecret: randomBytes(16).toString('hex') },
};
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let sys: MailboxSystem;
let att: MailboxSystem['att'];
let activity: MailboxSystem['activity'];
let as: (who: Partial<Identity>) => Record<string, string>;
let oauth: OAuthServer;
let front: FrontServer;
let inboxes: { ops: { inboxId: string; channelId: string }; olga: { inboxId: string; channelId: string } };
let dataDir: string;
let demoTruckload: number;

async function signIn(
  who: Partial<Identity>,
  account: string,
  postProcessingAction: string,
  permissions = 2,
) {
  const mailbox = await sys.signIn(who, 'front', account, { permissions, postProcessingAction });
  expect(mailbox).toMatchObject({ mailboxType: 5 });
}

/** The attachments service's copy once it holds a Front token other than `not` (a sign-in or renewal reached it). */
const tokenReached = (userId: string, not: string | null = null) =>
  eventually(async () => {
    const m = await sys.mailboxView(userId);
    return m?.sealed_access_token && m.sealed_access_token !== not && m.mailbox_type === 5 ? m : undefined;
  }, 60_000);

const inboundCount = (word: string) =>
  att.runtime.db
    .selectFrom('inbound_email')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('subject', 'like', `%${word}%`)
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));

type Refusal = { userId: string; reason: string; refusals: number; protocol: string };

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'attachments-front-'));
  oauth = await startOAuthServer({
    account: opsAccount,
    port: ports.oauth,
    clients: [
      { ...clients.front, redirectUris: [redirectUrl] },
      { ...clients.api, redirectUris: [] },
    ],
  });
  front = await startFrontServer({
    port: ports.front,
    introspectionUrl: oauth.introspectionUrl,
    ...clients.api,
    // small pages: the reader must follow _pagination.next
    pageSize: 2,
  });
  inboxes = {
    ops: front.addInbox({ name: 'Operations', address: opsAccount, teammates: [opsAccount] }),
    olga: front.addInbox({ name: 'Olga', address: olgaAccount, teammates: [olgaAccount] }),
  };

  sys = await startMailboxSystem({
    tag: 'frt',
    otherBroker: true,
    directoryEnv: {
      MAILBOX_OAUTH_REDIRECT_URL: redirectUrl,
      ...signInSettings(oauth, 'front', clients.front),
    },
    attachmentsEnv: { FRONT_API_URL: front.url },
    settings: { dataDir, smtpUrl: null, sendBackoffMs: 3000, mailIdleMs: 0, mailPollIntervalMs: 3_600_000 },
  });
  ({ att, activity, as } = sys);
  demoTruckload = await sys.shipmentOfEachBroker();

  await signIn(ops, opsAccount, 'Archive');
  await signIn(otherBroker, olgaAccount, 'DoNothing');
  await tokenReached(ops.userId);
  await tokenReached(otherBroker.userId);
}, 300_000);

afterAll(async () => {
  await sys?.close();
  await front?.close();
  await oauth?.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a Front mailbox read through Front’s API', () => {
  it('files a message of a Front inbox on the right shipment with its attachment, as one activity, and archives its conversation', async () => {
    const word = randomBytes(4).toString('hex');
    const { conversationId } = front.receive(inboxes.ops.inboxId, {
      from: { handle: 'dispatch@carrier.example', name: 'Carrier Dispatch' },
      subject: `POD for load ${demoTruckload} ${word}`,
      text: 'Signed POD attached.',
      attachments: [{ filename: 'pod.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const row = await sys.recorded(ops.userId, word);
    expect(row).toMatchObject({
      status: 'Filed',
      shipment_id: demoTruckload,
      broker_id: ops.brokerId,
      from_address: 'dispatch@carrier.example',
      from_name: 'Carrier Dispatch',
    });
    // Its attachment, stored as the shipment's.
    const files = await att.runtime.db
      .selectFrom('attachment')
      .select(['file_name', 'size_bytes', 'shipment_id', 'broker_id'])
      .where('attachment_id', 'in', row.attachment_ids as string[])
      .execute();
    expect(files).toEqual([
      { file_name: 'pod.pdf', size_bytes: pdf.length, shipment_id: demoTruckload, broker_id: ops.brokerId },
    ]);
    // One activity, on its shipment.
    const entries = await eventually(async () => {
      const found = await db(activity)
        .selectFrom('shipment_activity')
        .select(['shipment_id', 'email_automation_detail_id'])
        .where('email_automation_detail_id', '=', row.inbound_id)
        .execute();
      return found.length > 0 ? found : undefined;
    }, 60_000);
    expect(entries).toEqual([{ shipment_id: demoTruckload, email_automation_detail_id: row.inbound_id }]);
    // Post-processing Archive: the conversation archived in Front.
    expect(front.conversation(conversationId)?.status).toBe('archived');
    // Read again: nothing new.
    const again = await readMailbox(att.deps, ops.userId);
    expect(again.filed + again.unmatched).toBe(0);
    expect(await inboundCount(word)).toBe(1);
  });

  it('never makes a message two activities when the reader died between recording it and archiving it', async () => {
    const word = randomBytes(4).toString('hex');
    const { conversationId } = front.receive(inboxes.ops.inboxId, {
      from: { handle: 'billing@carrier.example' },
      subject: `Invoice for ${demoTruckload} ${word}`,
      text: 'Invoice attached.',
    });
    await sys.recorded(ops.userId, word);
    expect(front.conversation(conversationId)?.status).toBe('archived');
    // What a reader killed after its commit leaves: the message recorded, its conversation not archived, the
    // cursor not moved.
    front.setStatus(conversationId, 'unassigned');
    await att.runtime.db.deleteFrom('mailbox_cursor').where('user_id', '=', ops.userId).execute();
    const next = await readMailbox(att.deps, ops.userId);
    expect(next.filed + next.unmatched).toBe(0);
    expect(next.known).toBeGreaterThanOrEqual(1);
    expect(front.conversation(conversationId)?.status).toBe('archived');
    expect(await inboundCount(word)).toBe(1);
  });

  it("keeps each broker's mail to itself: the other broker's message on its shipment, one naming ours unmatched, and DoNothing leaves it open", async () => {
    const word = randomBytes(4).toString('hex');
    const theirs = front.receive(inboxes.olga.inboxId, {
      from: { handle: 'dispatch@carrier.example' },
      subject: `Load ${otherShipmentId} delivered ${word}`,
      text: 'Delivered.',
    });
    front.receive(inboxes.olga.inboxId, {
      from: { handle: 'dispatch@carrier.example' },
      subject: `About ${demoTruckload} ${word}x`,
      text: 'Wrong broker.',
    });
    expect(await sys.recorded(otherBroker.userId, `delivered ${word}`)).toMatchObject({
      status: 'Filed',
      shipment_id: otherShipmentId,
      broker_id: otherBroker.brokerId,
    });
    expect(await sys.recorded(otherBroker.userId, `${word}x`)).toMatchObject({
      status: 'Unmatched',
      shipment_id: null,
    });
    expect(front.conversation(theirs.conversationId)?.status).toBe('unassigned');
    // The demo broker's reader never saw the other broker's inbox.
    const ours = await att.runtime.db
      .selectFrom('inbound_email')
      .select('inbound_id')
      .where('mailbox_user_id', '=', ops.userId)
      .where('subject', 'like', `%${word}%`)
      .execute();
    expect(ours).toEqual([]);
    // DoNothing: read again, the messages are listed again but known, never recorded twice.
    const again = await readMailbox(att.deps, otherBroker.userId);
    expect(again.filed + again.unmatched).toBe(0);
    expect(await inboundCount(word)).toBe(2);
  });

  it('waits out Front’s rate limit (429, Retry-After) and reads on', async () => {
    const word = randomBytes(4).toString('hex');
    front.receive(inboxes.ops.inboxId, {
      from: { handle: 'dispatch@carrier.example' },
      subject: `Load ${demoTruckload} at the dock ${word}`,
      text: 'At the dock.',
    });
    const limited = front.answered[429] ?? 0;
    front.throttle(2, 1);
    // This read, or the scheduled one when it holds the mailbox at that moment, meets the two 429s, waits
    // them out and files the message once.
    await sys.recorded(ops.userId, word);
    expect(front.answered[429]).toBe(limited + 2);
    expect(await inboundCount(word)).toBe(1);
  });
});

describe('a Front mailbox sends through Front’s API', () => {
  /** A tracking status request sent through Front, once Success: its row and what the Front server got. */
  const request = async (who: Partial<Identity>, shipmentId: number, email = 'dispatch@carrier.example') => {
    const sent = await sys.requestTracking(who, shipmentId, { email });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await eventually(async () => {
      const found = await att.runtime.db
        .selectFrom('outgoing_message')
        .selectAll()
        .where('message_id', '=', sent.messageId!)
        .executeTakeFirst();
      return found?.status === MailSendStatus.values.Success ? found : undefined;
    }, 60_000);
    const out = front.sent.findLast((m) => m.subject.includes(String(shipmentId)) && m.to.includes(email))!;
    return Object.assign(out, { row });
  };

  it('sends a tracking status request through the channel of each broker’s Front account', async () => {
    const fromOps = await request(ops, demoTruckload);
    expect(fromOps).toMatchObject({
      channelId: inboxes.ops.channelId,
      from: opsAccount,
      author: opsAccount,
      to: ['dispatch@carrier.example'],
      reply: false,
    });
    expect(fromOps.text).toContain('Please reply with the city and state.');
    const fromOlga = await request(otherBroker, otherShipmentId);
    expect(fromOlga).toMatchObject({
      channelId: inboxes.olga.channelId,
      from: olgaAccount,
      author: olgaAccount,
    });
    // What the mailbox sent is not read back as mail received.
    const report = await readMailbox(att.deps, ops.userId);
    expect(report.filed + report.unmatched).toBe(0);
  });

  it('reads the carrier’s reply in the conversation the request started as a reply: a check call, or a Reply activity', async () => {
    const carrier = `reply-${randomBytes(3).toString('hex')}@carrier.example`;
    const out = await request(ops, demoTruckload, carrier);
    // The conversation Front put the request in is recorded with it.
    expect(out.row.front_conversation_id).toBe(out.conversationId);
    expect(out.row.provider_message_id).toBe(`front:${out.messageId}`);
    // The carrier answers in that conversation; Front gives the request a Message-ID of its own, so only
    // the conversation tells the reply.
    const word = randomBytes(4).toString('hex');
    front.receive(inboxes.ops.inboxId, {
      conversationId: out.conversationId,
      from: { handle: carrier, name: 'Carrier Dispatch' },
      subject: `Re: ${out.subject} ${word}`,
      text: 'Truck is in Joliet, IL, on time.',
    });
    const placed = await sys.recorded(ops.userId, word);
    expect(placed).toMatchObject({
      status: 'Filed',
      shipment_id: demoTruckload,
      automation_type: 'Reply',
      in_reply_to: `<${out.row.message_id}@loadline>`,
    });
    // A place in it: the email.received event carries the check call the tracking service records.
    const received = await att.runtime.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', subjects.emailReceived)
      .execute();
    const event = received
      .map((r) => (r.envelope as { data: { emailAutomationDetailId: string; checkCall: unknown } }).data)
      .find((d) => d.emailAutomationDetailId === placed.inbound_id);
    expect(event?.checkCall).toMatchObject({ city: 'Joliet', state: 'IL' });

    // With SendAndReadReplies (the other broker signs in again so): a reply in the conversation of its
    // request is read, an email in another conversation is not, and its conversation is left as it is.
    const current = (await sys.mailboxView(otherBroker.userId))!.sealed_access_token;
    await signIn(otherBroker, olgaAccount, 'DoNothing', 3);
    await tokenReached(otherBroker.userId, current);
    await eventually(async () => (await sys.mailboxView(otherBroker.userId))?.permissions === 3, 30_000);
    const theirs = await request(otherBroker, otherShipmentId, carrier);
    expect(theirs.row.front_conversation_id).toBe(theirs.conversationId);
    const other = front.receive(inboxes.olga.inboxId, {
      from: { handle: carrier },
      subject: `Load ${otherShipmentId} news ${word}y`,
      text: 'Not a reply.',
    });
    front.receive(inboxes.olga.inboxId, {
      conversationId: theirs.conversationId,
      from: { handle: carrier },
      subject: `Re: ${theirs.subject} ${word}z`,
      text: 'Driver will call you back.',
    });
    expect(await sys.recorded(otherBroker.userId, `${word}z`)).toMatchObject({
      status: 'Filed',
      shipment_id: otherShipmentId,
      automation_type: 'Reply',
      in_reply_to: `<${theirs.row.message_id}@loadline>`,
    });
    const again = await readMailbox(att.deps, otherBroker.userId);
    expect(again.filed + again.unmatched).toBe(0);
    expect(await inboundCount(`${word}y`)).toBe(0);
    expect(front.conversation(other.conversationId)?.status).toBe('unassigned');
    // No place: an email-based activity of type Reply on the shipment.
    await eventually(async () => {
      const res = await activity.app.inject({
        method: 'GET',
        url: `/api/emailautomationlog/replies/${otherShipmentId}`,
        headers: as(otherBroker),
      });
      return (res.json() as { description: string }[]).some((b) =>
        b.description.includes('Driver will call you back'),
      );
    }, 60_000);
  });
});

describe('the Front adapter against the local server', () => {
  it('sends attachments as multipart, replies in a conversation, and refuses an unknown token', async () => {
    const m = (await sys.mailboxView(otherBroker.userId))!;
    const key = parseSecretKey(process.env.MAILBOX_SECRET_KEY!);
    const token = openSecret(key, otherBroker.userId, m.sealed_access_token!);
    const api = frontApi(front.url, 10_000);
    const sent = await api.send(token, olgaAccount, {
      senderName: 'Olga',
      to: ['docs@carrier.example'],
      cc: ['cc@carrier.example'],
      bcc: [],
      subject: 'Rate confirmation',
      text: 'Attached.',
      attachments: [
        {
          filename: 'rate-con.pdf',
          contentType: 'application/pdf',
          content: async () => Readable.from([pdf]),
        },
      ],
    });
    expect(sent.providerMessageId).toMatch(/^front:/);
    const out = front.sent.find((x) => x.subject === 'Rate confirmation')!;
    expect(out).toMatchObject({
      from: olgaAccount,
      to: ['docs@carrier.example'],
      cc: ['cc@carrier.example'],
      attachments: [{ filename: 'rate-con.pdf', contentType: 'application/pdf', size: pdf.length }],
    });
    await api.reply(token, out.conversationId, { to: [], cc: [], bcc: [], text: 'One more thing.' });
    expect(front.sent.at(-1)).toMatchObject({
      reply: true,
      conversationId: out.conversationId,
      author: olgaAccount,
    });
    await expect(api.open('not-a-token').messagesSince(0)).rejects.toBeInstanceOf(FrontRefused);
    // The other broker's token reaches none of the demo broker's conversations.
    await expect(api.open(token).setStatus(front.sent[0]!.conversationId, 'archived')).rejects.toThrow(/404/);
  });
});

describe('a Front token refused: reported, renewed by the directory, never looped on', () => {
  it('reports a refused token once, and reads with the renewed one', async () => {
    const current = (await sys.mailboxView(ops.userId))!.sealed_access_token;
    const before = (await sys.refusalsPublished<Refusal>(ops.userId)).length;
    // The provider ends the account's sessions: Front answers 401.
    oauth.revokeAccessTokens(opsAccount);
    const word = randomBytes(4).toString('hex');
    front.receive(inboxes.ops.inboxId, {
      from: { handle: 'dispatch@carrier.example' },
      subject: `Load ${demoTruckload} arrived ${word}`,
      text: 'Arrived.',
    });
    await eventually(async () => !(await readMailbox(att.deps, ops.userId)).alreadyBeingRead, 30_000);
    const seen = await sys.mailboxView(ops.userId);
    expect(seen!.refused_access_token === current || seen!.sealed_access_token !== current).toBe(true);
    const reports = (await sys.refusalsPublished<Refusal>(ops.userId)).slice(before);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: 'refused', refusals: 1 });
    // The directory renews it; the message is read with the new token, and the other broker is untouched.
    await tokenReached(ops.userId, current);
    expect(await sys.recorded(ops.userId, word)).toMatchObject({
      status: 'Filed',
      shipment_id: demoTruckload,
    });
    await eventually(async () => (await sys.mailboxView(ops.userId))!.signin_refusals === 0, 30_000);
    expect(await sys.refusalsPublished<Refusal>(otherBroker.userId)).toEqual([]);
  });

  it('a send meeting a refused token is reported, retried, and goes out through Front with the renewed one', async () => {
    const current = (await sys.mailboxView(ops.userId))!.sealed_access_token;
    oauth.revokeAccessTokens(opsAccount);
    const sent = await sys.requestTracking(ops, demoTruckload, {
      email: 'night@carrier.example',
      subject: 'Status?',
      body: 'Where?',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const row = await eventually(async () => {
      const found = await att.runtime.db
        .selectFrom('outgoing_message')
        .select(['status', 'attempts'])
        .where('message_id', '=', sent.messageId!)
        .executeTakeFirst();
      return found?.status === MailSendStatus.values.Success ? found : undefined;
    }, 90_000);
    expect(row.attempts).toBeGreaterThanOrEqual(2);
    expect((await sys.mailboxView(ops.userId))!.sealed_access_token).not.toBe(current);
    expect(front.sent.filter((m) => m.to.includes('night@carrier.example'))).toMatchObject([
      { from: opsAccount, author: opsAccount },
    ]);
  });
});
