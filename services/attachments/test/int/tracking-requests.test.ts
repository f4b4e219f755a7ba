// Tracking status requests against the real servers (001 §2, §7; issue 18 item 8; decision 0072): the
// directory, shipments, carriers, attachments, tracking and activity services in one event namespace, the
// SMTP server in front of the local mail server (Dovecot). Staff split chosen shipments by their carriers'
// tracking emails, read the template, send one request per carrier through the document sender; the
// carrier's reply to the staff member's mailbox is read back: naming a place it becomes a check call, else
// an email-based activity. Another broker's staff and a customer are refused.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { messages } from '@loadline/contracts/catalogue';
import { demoMailboxPassword } from '@loadline/contracts/demo';
import type { Identity } from '@loadline/platform';
import { demoCallers, eventually } from '@loadline/platform/testing';
import { createTransport } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailSink, startMailSink } from '../../../../infra/dev/mail-sink.ts';
import { localMailboxes, startTestMailServer, testMailServerPorts } from '../../../../infra/dev/servers.ts';
import { readMailbox } from '../../src/app/read-mail.ts';
import { type MailboxSystem, startMailboxSystem } from './mailbox-system.ts';

/** This file's own Dovecot with the demo mailboxes (decision 0112): no other file's mail lands in them. */
const mailServer = testMailServerPorts();
let stopMailServer: (() => Promise<void>) | undefined;

const { ops, otherBroker, shipper } = demoCallers;

let sys: MailboxSystem;
let att: MailboxSystem['att'];
let tracking: NonNullable<MailboxSystem['tracking']>;
let activity: MailboxSystem['activity'];
let directory: MailboxSystem['directory'];
let sink: MailSink;
let dataDir: string;
let as: (who: Partial<Identity>) => Record<string, string>;
const lmtp = createTransport({ host: mailServer.host, port: mailServer.lmtpPort, lmtp: true });

const call = (method: 'GET' | 'POST', url: string, who: Partial<Identity>, payload?: unknown) =>
  att.app.inject({
    method,
    url,
    headers: as(who),
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

beforeAll(async () => {
  stopMailServer = (await startTestMailServer(mailServer)).stop;
  dataDir = await mkdtemp(join(tmpdir(), 'attachments-tracking-'));
  sink = await startMailSink({
    dir: join(dataDir, 'mail'),
    smtpPort: 0,
    httpPort: 0,
    localDelivery: { lmtpPort: mailServer.lmtpPort, mailboxes: localMailboxes },
  });
  sys = await startMailboxSystem({
    tag: 'trk',
    carriersAndTracking: true,
    // The send worker runs (the request goes out through the document sender); the mailbox is read here.
    settings: {
      dataDir,
      smtpUrl: `smtp://127.0.0.1:${sink.smtpPort}`,
      sendBackoffMs: 200,
      mailIdleMs: 0,
      mailPollIntervalMs: 3_600_000,
    },
  });
  ({ att, activity, directory, as } = sys);
  tracking = sys.tracking!;
  // ops reads their mailbox: SendAndRead.
  const saved = await directory.app.inject({
    method: 'PUT',
    url: '/api/staff/mailbox',
    headers: as(ops),
    payload: {
      mailboxType: 2,
      username: ops.email,
      password: demoMailboxPassword,
      incomingMailServer: `${mailServer.host}:${mailServer.imapPort}`,
      outgoingMailServer: `127.0.0.1:${sink.smtpPort}`,
      permissions: 2,
      postProcessingAction: 'Archive',
    },
  });
  expect(saved.statusCode).toBe(200);
  await eventually(
    async () =>
      (await (att.runtime.db as never as import('kysely').Kysely<Record<string, { user_id: string }>>)
        .selectFrom('mailbox_view')
        .select('user_id')
        .where('user_id', '=', ops.userId)
        .executeTakeFirst()) !== undefined,
    30_000,
  );
}, 180_000);

afterAll(async () => {
  lmtp.close();
  await sys?.close();
  await sink?.close();
  await rm(dataDir, { recursive: true, force: true });
  await stopMailServer?.();
});

interface Split {
  withCarrierEmail: {
    carrierMasterId: string;
    carrierName: string;
    email: string;
    shipments: { shipmentId: number }[];
  }[];
  withoutCarrierEmail: { shipmentId: number }[];
  notTruckload: number[];
}

const allDemoShipments = Array.from({ length: 40 }, (_, i) => 10001 + i);

describe('tracking status requests', () => {
  it("splits the chosen shipments by their carrier's tracking email; other tenants refused", async () => {
    const res = await call('POST', '/api/truckloadTrackingStatusRequest', ops, allDemoShipments);
    expect(res.statusCode).toBe(200);
    const split = res.json() as Split;
    expect(split.withCarrierEmail.length).toBeGreaterThan(0);
    expect(split.notTruckload.length).toBeGreaterThan(0);
    // Every chosen shipment is in exactly one list.
    const listed = [
      ...split.withCarrierEmail.flatMap((g) => g.shipments.map((s) => s.shipmentId)),
      ...split.withoutCarrierEmail.map((s) => s.shipmentId),
      ...split.notTruckload,
    ].sort();
    expect(listed).toEqual([...allDemoShipments].sort());
    // The carriers' emails as the carriers service holds them (contracts/demo).
    expect(split.withCarrierEmail.every((g) => g.email.endsWith('.example'))).toBe(true);
    // Another broker's staff: the demo broker's shipments are not theirs; a customer: staff only.
    const rival = await call('POST', '/api/truckloadTrackingStatusRequest', otherBroker, {
      shipmentIds: [10001],
    });
    expect(rival.statusCode).toBe(400);
    expect(rival.json().message).toContain('not found');
    expect((await call('POST', '/api/truckloadTrackingStatusRequest', shipper, [10001])).statusCode).toBe(
      403,
    );
  });

  it("answers the broker's template, and the spec's words when the broker has none", async () => {
    const res = await call('GET', '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate', ops);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ contentTemplateType: 317 });
    const rival = await call(
      'GET',
      '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate',
      otherBroker,
    );
    expect(rival.statusCode).toBe(404);
    expect(rival.json().message).toBe(messages.email.trackingStatusTemplateMissing);
    const customer = await call(
      'GET',
      '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate',
      shipper,
    );
    expect(customer.statusCode).toBe(403);
  });

  it('sends one request per carrier; a reply naming a place becomes a check call, one without an email activity', async () => {
    const split = (
      await call('POST', '/api/truckloadTrackingStatusRequest', ops, allDemoShipments)
    ).json() as Split;
    const groups = split.withCarrierEmail.slice(0, 2);
    const sent = await call('POST', '/api/shipmentmanagement/emailTrackingStatusRequest', ops, {
      emails: groups.map((g) => ({ email: g.email, shipmentIds: g.shipments.map((s) => s.shipmentId) })),
    });
    expect(sent.statusCode).toBe(201);
    const requests = sent.json() as { messageId: string; recipients: string[]; shipmentIds: number[] }[];
    expect(requests).toHaveLength(groups.length);
    expect(requests.map((r) => r.recipients)).toEqual(groups.map((g) => [g.email]));
    // Another broker's staff cannot send about the demo broker's shipments.
    const rival = await call('POST', '/api/shipmentmanagement/emailTrackingStatusRequest', otherBroker, {
      emails: [{ email: groups[0]!.email, shipmentIds: groups[0]!.shipments.map((s) => s.shipmentId) }],
    });
    expect(rival.statusCode).toBe(400);

    // The request reaches the carrier through the SMTP server.
    const first = requests[0]!;
    const outgoing = await sink.waitFor((m) => m.messageId === `<${first.messageId}@loadline>`, 60_000);
    expect(outgoing.envelope.to).toEqual([groups[0]!.email]);
    expect(outgoing.text).toContain(`Shipment ${first.shipmentIds[0]}`);
    expect(outgoing.replyTo).toContain(ops.email);

    // The carrier answers the staff member (Reply-To), quoting the request; one reply names a place.
    const placed = first.shipmentIds[0]!;
    const token = randomBytes(4).toString('hex');
    await lmtp.sendMail({
      from: `Dispatch <${groups[0]!.email}>`,
      to: ops.email,
      subject: `Re: ${outgoing.subject} ${token}`,
      text: `Shipment ${placed}: truck is in Joliet, IL, on time.\n\n> ${outgoing.text.split('\n').join('\n> ')}`,
      inReplyTo: `<${first.messageId}@loadline>`,
      references: [`<${first.messageId}@loadline>`],
    });
    const second = requests[1] ?? requests[0]!;
    const unplaced = second.shipmentIds[0]!;
    await lmtp.sendMail({
      from: `Dispatch <${groups[1]?.email ?? groups[0]!.email}>`,
      to: ops.email,
      subject: `Re: tracking ${token}`,
      text: `Shipment ${unplaced}: driver will call you back.`,
      inReplyTo: `<${second.messageId}@loadline>`,
    });
    await readMailbox(att.deps, ops.userId);

    // The place: a check call on the shipment, placed by the tracking service.
    const location = await eventually(async () => {
      const rows = await (tracking.runtime.db as never as import('kysely').Kysely<Record<string, never>>)
        .selectFrom('location' as never)
        .selectAll()
        .where('shipment_id' as never, '=', placed as never)
        .where('source' as never, '=', 'checkCall' as never)
        .execute();
      return rows.length > 0
        ? (rows as { city: string | null; state: string | null; latitude: number | null }[])
        : undefined;
    }, 30_000);
    expect(location).toHaveLength(1);
    expect(location[0]).toMatchObject({ city: 'Joliet', state: 'IL' });
    expect(location[0]!.latitude).not.toBeNull();
    // No place: an email-based activity (type Reply) on the shipment; the placed one is none.
    const replies = await eventually(async () => {
      const res = await activity.app.inject({
        method: 'GET',
        url: `/api/emailautomationlog/replies/${unplaced}`,
        headers: as(ops),
      });
      const body = res.json() as { description: string }[];
      return body.some((b) => b.description.includes('driver will call you back')) ? body : undefined;
    }, 30_000);
    expect(replies.filter((r) => r.description.includes('driver will call you back'))).toHaveLength(1);
    const placedReplies = await activity.app.inject({
      method: 'GET',
      url: `/api/emailautomationlog/replies/${placed}`,
      headers: as(ops),
    });
    expect(
      (placedReplies.json() as { description: string }[]).filter((r) => r.description.includes('Joliet')),
    ).toEqual([]);
  }, 120_000);

  it("sends from the staff member's own mailbox, signed; a refused sign-in is an Invalid Sender", async () => {
    const signature = await directory.app.inject({
      method: 'PUT',
      url: '/api/staff/signature',
      headers: as(ops),
      payload: { signature: '<p>Olivia Ops<br>Demo Logistics &amp; Co</p>' },
    });
    expect(signature.statusCode).toBe(200);
    const mailboxRow = () =>
      (
        att.runtime.db as never as import('kysely').Kysely<
          Record<string, { user_id: string; signature: string }>
        >
      )
        .selectFrom('mailbox_view')
        .selectAll()
        .where('user_id', '=', ops.userId)
        .executeTakeFirstOrThrow();
    await eventually(async () => (await mailboxRow()).signature.includes('Olivia Ops'), 30_000);
    const split = (
      await call('POST', '/api/truckloadTrackingStatusRequest', ops, allDemoShipments)
    ).json() as Split;
    const group = split.withCarrierEmail[0]!;
    const send = () =>
      call('POST', '/api/shipmentmanagement/emailTrackingStatusRequest', ops, {
        emails: [
          {
            email: group.email,
            shipmentIds: [group.shipments[0]!.shipmentId],
            // What the sender wrote over the template: its placeholders are filled for the carrier too.
            subject: 'Where is {{shipmentIds}}, {{carrierName}}?',
          },
        ],
      });
    const [request] = (await send()).json() as { messageId: string }[];
    const mail = await sink.waitFor((m) => m.messageId === `<${request!.messageId}@loadline>`, 60_000);
    expect(mail.subject).toBe(`Where is ${group.shipments[0]!.shipmentId}, ${group.carrierName}?`);
    // Signed in to the sender's SMTP server as their mailbox, from their address, the signature appended.
    expect(mail.signedInAs).toBe(ops.email);
    expect(mail.envelope.from).toBe(ops.email);
    expect(mail.from).toContain(ops.email);
    expect(mail.text).toContain('-- \nOlivia Ops\nDemo Logistics & Co');

    // A wrong stored password: the server refuses the sign-in, the message ends as Invalid Sender.
    const before = (await mailboxRow()) as unknown as { sealed_password: string };
    const wrong = await directory.app.inject({
      method: 'PUT',
      url: '/api/staff/mailbox',
      headers: as(ops),
      payload: {
        mailboxType: 2,
        username: ops.email,
        password: 'not-the-password',
        incomingMailServer: `${mailServer.host}:${mailServer.imapPort}`,
        outgoingMailServer: `127.0.0.1:${sink.smtpPort}`,
        permissions: 2,
        postProcessingAction: 'Archive',
      },
    });
    expect(wrong.statusCode).toBe(200);
    await eventually(
      async () =>
        ((await mailboxRow()) as unknown as { sealed_password: string }).sealed_password !==
        before.sealed_password,
      30_000,
    );
    const [refused] = (await send()).json() as { messageId: string }[];
    const status = await eventually(async () => {
      const res = await call('GET', `/api/documentsender/messages/${refused!.messageId}`, ops);
      const body = res.json() as { status: number; statusName: string };
      return body.status >= 90 ? body : undefined;
    }, 30_000);
    expect(status.statusName).toBe('Invalid Sender');
  }, 120_000);
});
