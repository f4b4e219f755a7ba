// An email's activity moved to another shipment takes its files and its record along (decision 0039), against
// the real servers: the attachments service with the activity, shipments and directory services beside it in
// one event namespace. Staff file an unmatched email on a shipment (its file becomes that shipment's
// attachment, the activity service files the email from email.received), then move the activity in the
// activity service; its reassigned event, through the outbox relay and JetStream, moves the file and the
// record in the attachments service. Two brokers: a move to the other broker's shipment is refused in the
// activity service, and an event naming one changes nothing here.
import { type ActivityTables, activityService } from '@loadline/activity/service';
import { type ShipmentActivityChangedV1, subjects } from '@loadline/contracts/events';
import { newId } from '@loadline/platform';
import { buildService, eventually, type TestService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInbound, keepFiles } from '../../src/store/inbound-mail.ts';
import { get, ops, pdfBytes, rival, type Service, send, startService } from './fixtures.ts';

let s: Service;
// biome-ignore lint/suspicious/noExplicitAny: the activity service's own settings and adapters
let activity: TestService<ActivityTables, any, any>;
/** two of the demo broker's shipments with different customers, and one of another broker */
let from: { id: number; customer: string };
let to: { id: number; customer: string };
const rivalShipment = 99_001;

const activityCall = async (who: object, method: 'GET' | 'PUT', url: string, payload?: object) => {
  const res = await activity.app.inject({
    method,
    url,
    headers: s.as(who),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
};

/** Waits until a shipment's activity log holds the Email entry of an inbound message (filed through JetStream). */
const emailEntryIn = (shipmentId: number, inboundId: string) =>
  eventually(async () => {
    const log = (await activityCall(ops, 'GET', `/api/activitylog?shipmentId=${shipmentId}`)).body;
    return log.some(
      (e: { email?: { emailAutomationDetailId: string } }) => e.email?.emailAutomationDetailId === inboundId,
    );
  }, 60_000);

const attachmentIdsOf = async (shipmentId: number) =>
  (await (await get(s, ops, `/api/files/getattachments/${shipmentId}/shipment`)).json()).map(
    (a: { attachmentId: string }) => a.attachmentId,
  );

const inboundRow = (inboundId: string) =>
  s.t.runtime.db
    .selectFrom('inbound_email')
    .selectAll()
    .where('inbound_id', '=', inboundId)
    .executeTakeFirstOrThrow();

const changedEvents = async (attachmentId: string) =>
  (
    await s.t.runtime.db
      .selectFrom('outbox')
      .select('envelope')
      .where('subject', '=', subjects.attachmentChanged)
      .execute()
  )
    .map((e) => (e.envelope as { data: { attachmentId: string; shipmentId: number } }).data)
    .filter((d) => d.attachmentId === attachmentId);

/** An unmatched email from `address` with one file, as the mailbox reader keeps it. */
async function unmatchedEmail(address: string) {
  const inboundId = newId('eml');
  await insertInbound(s.t.runtime.db, {
    inbound_id: inboundId,
    message_key: `${ops.userId}:1:${inboundId}`,
    message_id_header: `<${inboundId}@sender.test>`,
    broker_id: ops.brokerId,
    mailbox_user_id: ops.userId,
    from_name: 'Pat Carrier',
    from_address: address,
    subject: 'Lumper receipt',
    body: 'Receipt attached.',
    received_at: new Date('2026-11-24T10:00:00Z'),
    in_reply_to: null,
    automation_type: 'Attachment',
    shipment_id: null,
    status: 'Unmatched',
  });
  await keepFiles(s.t.runtime.db, inboundId, [
    { fileName: 'lumper.pdf', contentType: 'application/pdf', bytes: pdfBytes('lumper') },
  ]);
  return inboundId;
}

beforeAll(async () => {
  s = await startService();
  activity = await buildService(activityService, {
    config: { eventNamespace: s.namespace, identityPublicKey: s.keys.publicKey },
    background: true,
  });
  const views = await s.t.runtime.db
    .selectFrom('shipment_view')
    .selectAll()
    .where('broker_id', '=', ops.brokerId)
    .orderBy('shipment_id')
    .execute();
  const first = views[0]!;
  const other = views.find((v) => v.customer_organization_id !== first.customer_organization_id)!;
  from = { id: Number(first.shipment_id), customer: first.customer_organization_id };
  to = { id: Number(other.shipment_id), customer: other.customer_organization_id };
  // Another broker's shipment, known to both services.
  const theirs = {
    ...(first.state as object),
    shipmentId: rivalShipment,
    brokerId: rival.brokerId,
    customerOrganizationId: 'org_rival_customer',
    version: 1,
  } as never;
  await s.t.deliver(subjects.shipmentUpdated, theirs);
  await activity.deliver(subjects.shipmentUpdated, theirs);
  // the activity service has learned the demo shipments from JetStream
  await eventually(
    async () => (await activityCall(ops, 'GET', `/api/activitylog?shipmentId=${to.id}`)).status === 200,
    60_000,
  );
}, 240_000);

afterAll(async () => {
  await activity?.cleanup();
  await s?.close();
});

describe("an email's activity moved to another shipment (decision 0039)", () => {
  it('moves the email’s file and its record with the activity, once; the sender rule follows', async () => {
    const address = `pat-${newId('x')}@carrier.test`;
    const inboundId = await unmatchedEmail(address);
    const filed = await send(s, ops, 'PUT', `/api/inboundemail/${inboundId}/assign`, { shipmentId: from.id });
    expect(filed.status).toBe(200);
    const attachmentId = `att_${inboundId}_1`;
    expect(await attachmentIdsOf(from.id)).toContain(attachmentId);

    // The activity service files it from email.received (through JetStream).
    await emailEntryIn(from.id, inboundId);

    const moved = await activityCall(ops, 'PUT', `/api/emailautomationlog/${inboundId}/reassign`, {
      shipmentId: to.id,
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ shipmentId: to.id });

    // The reassigned event reaches the attachments service: the file is now the second shipment's.
    await eventually(async () => (await attachmentIdsOf(to.id)).includes(attachmentId), 60_000);
    expect(await attachmentIdsOf(from.id)).not.toContain(attachmentId);
    const file = await s.t.runtime.db
      .selectFrom('attachment')
      .selectAll()
      .where('attachment_id', '=', attachmentId)
      .executeTakeFirstOrThrow();
    expect(file).toMatchObject({
      shipment_id: to.id,
      source_type: 'shipment',
      source_id: String(to.id),
      source_ids: { shipmentId: String(to.id) },
      customer_organization_id: to.customer,
      version: 2,
    });
    expect(await inboundRow(inboundId)).toMatchObject({ shipment_id: to.id, status: 'Filed' });
    expect(await changedEvents(attachmentId)).toEqual([
      expect.objectContaining({
        shipmentId: to.id,
        sourceId: String(to.id),
        customerOrganizationId: to.customer,
      }),
    ]);
    // The suggestions' sender rule now names the shipment the email was moved to.
    const suggestion = await send(s, ops, 'POST', '/api/emailai/getsuggestion', {
      subject: 'Another receipt',
      body: 'Attached.',
      fromAddress: address,
    });
    expect(suggestion.body).toMatchObject({ shipmentId: to.id });

    // The same event again (a redelivery) and an older version of the entry change nothing.
    const event = (
      await activity.runtime.db
        .selectFrom('outbox')
        .select('envelope')
        .where('subject', '=', subjects.shipmentActivityChanged)
        .execute()
    )
      .map((e) => e.envelope as { id: string; data: ShipmentActivityChangedV1 })
      .find((e) => e.data.change === 'reassigned' && e.data.emailAutomationDetailId === inboundId)!;
    expect(event.data).toMatchObject({ shipmentId: to.id, version: 2 });
    expect(await s.t.deliver(subjects.shipmentActivityChanged, event.data, event.id)).toBe(false);
    await s.t.deliver(subjects.shipmentActivityChanged, {
      ...event.data,
      shipmentId: from.id,
      customerOrganizationId: from.customer,
      version: 1,
    });
    expect(await attachmentIdsOf(to.id)).toContain(attachmentId);
    expect(await inboundRow(inboundId)).toMatchObject({ shipment_id: to.id, activity_version: 2 });
    expect(await changedEvents(attachmentId)).toHaveLength(1);
  });

  it("refuses a move to another broker's shipment before anything changes; such an event moves nothing here", async () => {
    const inboundId = await unmatchedEmail(`pat-${newId('x')}@carrier.test`);
    expect(
      (await send(s, ops, 'PUT', `/api/inboundemail/${inboundId}/assign`, { shipmentId: from.id })).status,
    ).toBe(200);
    await emailEntryIn(from.id, inboundId);
    const attachmentId = `att_${inboundId}_1`;

    // The demo broker's staff moving it to the other broker's shipment, and the other broker's staff moving it.
    const refused = await activityCall(ops, 'PUT', `/api/emailautomationlog/${inboundId}/reassign`, {
      shipmentId: rivalShipment,
    });
    expect(refused.status).toBe(404);
    const byRival = await activityCall(rival, 'PUT', `/api/emailautomationlog/${inboundId}/reassign`, {
      shipmentId: rivalShipment,
    });
    expect(byRival.status).toBe(404);
    const published = (
      await activity.runtime.db
        .selectFrom('outbox')
        .select('envelope')
        .where('subject', '=', subjects.shipmentActivityChanged)
        .execute()
    ).map((e) => (e.envelope as { data: ShipmentActivityChangedV1 }).data);
    expect(
      published.filter((d) => d.emailAutomationDetailId === inboundId && d.change === 'reassigned'),
    ).toHaveLength(0);

    // An event that named another broker's shipment, or came from another broker, moves nothing.
    const entry = published.find((d) => d.emailAutomationDetailId === inboundId)!;
    const forged = { ...entry, change: 'reassigned' as const, version: entry.version + 1 };
    await s.t.deliver(subjects.shipmentActivityChanged, {
      ...forged,
      shipmentId: rivalShipment,
      customerOrganizationId: 'org_rival_customer',
    });
    await s.t.deliver(subjects.shipmentActivityChanged, {
      ...forged,
      shipmentId: rivalShipment,
      brokerId: rival.brokerId,
      customerOrganizationId: 'org_rival_customer',
    });
    await s.t.deliver(subjects.shipmentActivityChanged, {
      ...forged,
      brokerId: rival.brokerId,
      shipmentId: to.id,
    });
    expect(await attachmentIdsOf(from.id)).toContain(attachmentId);
    expect((await get(s, rival, `/api/files/getattachments/${rivalShipment}/shipment`)).status).toBe(200);
    expect(await (await get(s, rival, `/api/files/getattachments/${rivalShipment}/shipment`)).json()).toEqual(
      [],
    );
    expect(await inboundRow(inboundId)).toMatchObject({ shipment_id: from.id, activity_version: 0 });
    expect(await changedEvents(attachmentId)).toHaveLength(0);
  });
});
