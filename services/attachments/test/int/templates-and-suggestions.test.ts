// Content templates, email suggestions, a staff member's read mail and external documents against the real
// servers (issue 18 items 7 and 9; decisions 0075, 0076): the attachments service with the directory and
// shipments services beside it (their demo data reach its read models through JetStream). Mail the mailbox
// reader kept unmatched is recorded with the reader's own store functions. Two brokers, two roles.
import { messages } from '@loadline/contracts/catalogue';
import { firstDemoShipmentId } from '@loadline/contracts/demo/shipments';
import { newId } from '@loadline/platform';
import { demoCallers } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertInbound, keepFiles, updateInbound } from '../../src/store/inbound-mail.ts';
import { get, ops, pdfBytes, rival, type Service, send, shipper, startService } from './fixtures.ts';

const { admin } = demoCallers;
const siteAdmin = { ...ops, permissions: 8388608 }; // TMS Site Admin (002 §6.2)
const shipmentId = firstDemoShipmentId;
let s: Service;

/** An email the mailbox reader kept unmatched, with its files. */
async function unmatchedEmail(brokerId: string, mailboxUserId: string, files: string[]) {
  const inboundId = newId('eml');
  await insertInbound(s.t.runtime.db, {
    inbound_id: inboundId,
    message_key: `${mailboxUserId}:1:${inboundId}`,
    message_id_header: `<${inboundId}@sender.test>`,
    broker_id: brokerId,
    mailbox_user_id: mailboxUserId,
    from_name: 'Jane Shipper',
    from_address: 'jane@acme.test',
    subject: 'Paperwork',
    body: 'See attached.',
    received_at: new Date('2026-11-24T10:00:00Z'),
    in_reply_to: null,
    automation_type: 'Attachment',
    shipment_id: null,
    status: 'Unmatched',
  });
  await keepFiles(
    s.t.runtime.db,
    inboundId,
    files.map((name) => ({ fileName: name, contentType: 'application/pdf', bytes: pdfBytes(name) })),
  );
  return inboundId;
}

beforeAll(async () => {
  s = await startService();
}, 180_000);
afterAll(async () => s?.close());

describe('content templates', () => {
  it('answers the default master until the broker writes its own; only TMS Site Admin and IT Support Admin write', async () => {
    const first = await get(s, ops, '/api/contenttemplates/317');
    expect(first.status).toBe(200);
    // the service says who may write it, for the page to show it read-only to the others
    expect(await first.json()).toMatchObject({
      contentTemplateType: 317,
      isDefaultMaster: true,
      canEdit: false,
    });
    expect(await (await get(s, siteAdmin, '/api/contenttemplates/317')).json()).toMatchObject({
      canEdit: true,
    });

    const refused = await send(s, ops, 'PUT', '/api/contenttemplates/317', { subject: 'Mine', body: 'Mine' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have permission to edit content templates.');
    expect(await (await get(s, ops, '/api/contenttemplates/317')).json()).toMatchObject({
      isDefaultMaster: true,
    });

    const saved = await send(s, siteAdmin, 'PUT', '/api/contenttemplates/317', {
      subject: 'Where are {{shipmentIds}}?',
      body: 'Hi {{carrierName}},\n{{shipments}}\n{{senderName}}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ isDefaultMaster: false, updatedBy: ops.displayName, canEdit: true });
    // the tracking status request reads the same template (decision 0072)
    const tracking = await get(s, ops, '/api/contentTemplates/emailTruckloadShipmentTrackingStatusUpdate');
    expect(await tracking.json()).toMatchObject({ subject: 'Where are {{shipmentIds}}?' });
    // the other broker still has the default master, and its admin's edit leaves this broker's alone
    const theirs = await get(s, { ...rival, permissions: admin.permissions }, '/api/contenttemplates/317');
    expect(await theirs.json()).toMatchObject({ isDefaultMaster: true });
    await send(s, { ...rival, permissions: admin.permissions }, 'PUT', '/api/contenttemplates/317', {
      subject: 'Rival',
      body: 'Rival',
    });
    expect(await (await get(s, ops, '/api/contenttemplates/317')).json()).toMatchObject({
      subject: 'Where are {{shipmentIds}}?',
    });
  });

  it('answers 404 for a type with neither, 400 outside 0–355, 403 to a customer', async () => {
    const none = await get(s, ops, '/api/contenttemplates/318');
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('Content template Claim request was not found.');
    expect((await get(s, ops, '/api/contenttemplates/356')).status).toBe(400);
    expect((await get(s, shipper, '/api/contenttemplates/317')).status).toBe(403);
    const blank = await send(s, admin, 'PUT', '/api/contenttemplates/318', { subject: ' ', body: 'x' });
    expect(blank.status).toBe(400);
  });

  it('says who may write a type that has no template (404): an editor may, other staff not, a customer is refused', async () => {
    // Decision 0116: the page shows a type with neither read-only to who may not write it, not only a template.
    for (const who of [ops, siteAdmin])
      expect((await get(s, who, '/api/contenttemplates/319')).status).toBe(404);
    const editor = await get(s, siteAdmin, '/api/contenttemplates/permissions');
    expect(editor.status).toBe(200);
    expect(await editor.json()).toMatchObject({ canEdit: true });
    expect(await (await get(s, admin, '/api/contenttemplates/permissions')).json()).toMatchObject({
      canEdit: true,
    });
    const other = await get(s, ops, '/api/contenttemplates/permissions');
    expect(other.status).toBe(200);
    expect(await other.json()).toMatchObject({ canEdit: false });
    // the same answer as the GET of a template gives, and the PUT holds to
    expect(await (await get(s, ops, '/api/contenttemplates/317')).json()).toMatchObject({ canEdit: false });
    expect((await send(s, ops, 'PUT', '/api/contenttemplates/319', { subject: 'S', body: 'B' })).status).toBe(
      403,
    );
    expect((await get(s, shipper, '/api/contenttemplates/permissions')).status).toBe(403);
  });

  it("fills a template with the shipment's values; another broker's shipment is not found", async () => {
    const res = await get(s, ops, `/api/getByContentTemplateTypeDefaultMaster/${shipmentId}/313`);
    expect(res.status).toBe(200);
    const filled = await res.json();
    expect(filled).toMatchObject({
      contentTemplateType: 313,
      shipmentId,
      subject: `Status of shipment ${shipmentId}`,
    });
    expect(filled.body).not.toContain('{{');
    expect(filled.body).toContain(ops.displayName);
    expect((await get(s, rival, `/api/getByContentTemplateTypeDefaultMaster/${shipmentId}/313`)).status).toBe(
      404,
    );
    expect(
      (await get(s, shipper, `/api/getByContentTemplateTypeDefaultMaster/${shipmentId}/313`)).status,
    ).toBe(403);
  });

  it('keeps the organization custom email templates 0–9 per broker', async () => {
    const body = { name: 'Holiday hours', subject: 'Our holiday hours', body: 'We are closed on the 25th.' };
    expect((await send(s, ops, 'PUT', '/api/contenttemplates/custom/3', body)).status).toBe(403);
    expect((await send(s, admin, 'PUT', '/api/contenttemplates/custom/10', body)).status).toBe(400);
    const saved = await send(s, admin, 'PUT', '/api/contenttemplates/custom/3', body);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ templateNumber: 3, name: 'Holiday hours' });
    expect(await (await get(s, ops, '/api/contenttemplates/custom')).json()).toMatchObject([
      { templateNumber: 3, subject: 'Our holiday hours' },
    ]);
    expect(await (await get(s, rival, '/api/contenttemplates/custom')).json()).toEqual([]);
  });

  it('names each blank field of a template once (decision 0116, addendum): name, subject and body', async () => {
    // The walkthrough's empty custom template answered six lines (two schema rules a field).
    const empty = await send(s, admin, 'PUT', '/api/contenttemplates/custom/4', {
      name: '',
      subject: '',
      body: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({
      'model.name': ["Enter the template's name."],
      'model.subject': ['Enter a subject.'],
      'model.body': ['Enter a body.'],
    });
    // spaces only are blank too; a named template without subject and body names just those two
    const blank = await send(s, admin, 'PUT', '/api/contenttemplates/custom/4', {
      name: 'Rates',
      subject: '   ',
      body: '\n ',
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({
      'model.subject': ['Enter a subject.'],
      'model.body': ['Enter a body.'],
    });
    // a type's template, the same
    const typed = await send(s, admin, 'PUT', '/api/contenttemplates/320', { subject: '', body: '' });
    expect(typed.status).toBe(400);
    expect(typed.body.errors).toEqual({
      'model.subject': ['Enter a subject.'],
      'model.body': ['Enter a body.'],
    });
    // too long is still one message
    const long = await send(s, admin, 'PUT', '/api/contenttemplates/custom/4', {
      name: 'Rates',
      subject: 'x'.repeat(501),
      body: 'Body',
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body.errors)).toEqual(['model.subject']);
    expect(long.body.errors['model.subject']).toHaveLength(1);
    expect(await (await get(s, admin, '/api/contenttemplates/custom')).json()).not.toContainEqual(
      expect.objectContaining({ templateNumber: 4 }),
    );
  });

  it('says which placeholders each type is filled with, and fills exactly those', async () => {
    const shipmentSet = [
      'shipmentId',
      'status',
      'origin',
      'destination',
      'pickupDate',
      'deliveryDate',
      'proNumber',
      'referenceNumbers',
      'carrierName',
      'senderName',
      'shipmentIds',
      'shipments',
    ];
    // a shipment type (Tracking response, 313) and the Truckload tracking status update (317)
    expect(await (await get(s, ops, '/api/contenttemplates/313')).json()).toMatchObject({
      placeholders: shipmentSet,
    });
    expect(await (await get(s, rival, '/api/contenttemplates/317')).json()).toMatchObject({
      contentTemplateType: 317,
      placeholders: ['carrierName', 'shipmentIds', 'shipments', 'senderName'],
    });
    // a type with neither (404): the permissions answer names what a template written from nothing gets
    expect((await get(s, ops, '/api/contenttemplates/321')).status).toBe(404);
    expect(await (await get(s, ops, '/api/contenttemplates/permissions')).json()).toEqual({
      canEdit: false,
      placeholders: shipmentSet,
    });
    // the save answers them too
    const saved = await send(s, admin, 'PUT', '/api/contenttemplates/322', {
      subject: '{{shipmentId}} {{shipmentIds}}',
      body: '{{origin}} {{shipments}}',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.placeholders).toEqual(shipmentSet);
    // filled for a shipment: the type's placeholders, and no others
    const filled = await (
      await get(s, admin, `/api/getByContentTemplateTypeDefaultMaster/${shipmentId}/322`)
    ).json();
    // the tracking request's two as one load, as templates written before the sets were told apart expect
    expect(filled.subject).toBe(`${shipmentId} ${shipmentId}`);
    expect(filled.body).not.toContain('{{origin}}');
    expect(filled.body).toContain(`- Shipment ${shipmentId}`);
    // the tracking status update (the broker's own, written above) filled as a request about this one load
    const tracking = await (
      await get(s, admin, `/api/getByContentTemplateTypeDefaultMaster/${shipmentId}/317`)
    ).json();
    expect(tracking.subject).toBe(`Where are ${shipmentId}?`);
    expect(tracking.body).toContain(`- Shipment ${shipmentId}`);
    expect(tracking.body).not.toContain('{{');
  });
});

describe('suggestions', () => {
  it("suggests the type and the broker's shipment the email names; another broker's staff get no shipment", async () => {
    const email = {
      subject: `Quote for shipment ${shipmentId}`,
      body: 'Can you quote it?',
      fromAddress: 'jane@acme.test',
    };
    const mine = await send(s, ops, 'POST', '/api/emailai/getsuggestion', email);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ emailAutomationType: 'Quote', shipmentId });
    const theirs = await send(s, rival, 'POST', '/api/emailai/getsuggestion', email);
    expect(theirs.body).toMatchObject({ emailAutomationType: 'Quote', shipmentId: null });
    const bounce = await send(s, ops, 'POST', '/api/emailai/getsuggestion', {
      subject: 'Undeliverable: your mail',
      fromAddress: 'MAILER-DAEMON@mx.test',
    });
    expect(bounce.body).toMatchObject({ emailAutomationType: 'Other', shipmentId: null });
  });

  it("suggests, for an email naming no shipment, the shipment of the sender's last filed mail, within the broker", async () => {
    const from = `nora-${newId('x')}@northwind.test`;
    /** Mail from `from` the reader recorded with this status and shipment, filed (or decided) at `at`. */
    const recorded = async (
      brokerId: string,
      status: 'Filed' | 'Unmatched' | 'Dismissed',
      shipment: number | null,
      at: string,
    ) => {
      const inboundId = newId('eml');
      await insertInbound(s.t.runtime.db, {
        inbound_id: inboundId,
        message_key: `sender-rule:${inboundId}`,
        message_id_header: null,
        broker_id: brokerId,
        mailbox_user_id: ops.userId,
        from_name: 'Nora Northwind',
        from_address: from,
        subject: 'Load update',
        body: 'On our way.',
        received_at: new Date('2026-11-20T10:00:00Z'),
        in_reply_to: null,
        automation_type: 'Operations',
        shipment_id: shipment,
        status,
      });
      await updateInbound(s.t.runtime.db, inboundId, {
        decided_by: 'Omar Operations',
        decided_at: new Date(at),
      });
    };
    const email = { subject: 'Lumper receipt', body: 'Attached.', fromAddress: from.toUpperCase() };
    const before = await send(s, ops, 'POST', '/api/emailai/getsuggestion', email);
    expect(before.body).toMatchObject({
      shipmentId: null,
      shipmentReason: 'It names none of your shipments.',
    });

    await recorded(ops.brokerId, 'Filed', shipmentId, '2026-11-21T10:00:00Z');
    await recorded(ops.brokerId, 'Filed', shipmentId + 1, '2026-11-22T10:00:00Z');
    // neither an unmatched nor a dismissed mail, though later, nor another broker's filed mail counts
    await recorded(ops.brokerId, 'Unmatched', null, '2026-11-23T10:00:00Z');
    await recorded(ops.brokerId, 'Dismissed', shipmentId + 2, '2026-11-23T11:00:00Z');
    await recorded(rival.brokerId, 'Filed', shipmentId + 3, '2026-11-23T12:00:00Z');

    const mine = await send(s, ops, 'POST', '/api/emailai/getsuggestion', email);
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({
      shipmentId: shipmentId + 1,
      shipmentReason: `The last email from ${from.toUpperCase()} was filed on shipment ${shipmentId + 1}.`,
    });
    // the shipment the email names still comes first
    const naming = await send(s, ops, 'POST', '/api/emailai/getsuggestion', {
      ...email,
      subject: `Lumper receipt ${shipmentId}`,
    });
    expect(naming.body).toMatchObject({ shipmentId });
    // the other broker's staff are suggested their own broker's filing, never this one's
    const theirs = await send(s, rival, 'POST', '/api/emailai/getsuggestion', email);
    expect(theirs.body).toMatchObject({ shipmentId: shipmentId + 3 });
  });

  it('names the field of an empty email; refuses a customer', async () => {
    const empty = await send(s, ops, 'POST', '/api/emailai/getsuggestion', { subject: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("Give the email's subject or body.");
    expect((await send(s, shipper, 'POST', '/api/emailai/getsuggestion', { subject: 'x' })).status).toBe(403);
  });
});

describe('external documents and staff emails', () => {
  it("attaches a document that came by email to the broker's shipment, once; other brokers change nothing", async () => {
    const inboundId = await unmatchedEmail(ops.brokerId, ops.userId, ['bol.pdf', 'pod.pdf']);
    const rivalInbound = await unmatchedEmail(rival.brokerId, rival.userId, ['theirs.pdf']);
    const list = await (await get(s, ops, '/api/externaldocumentlist')).json();
    expect(list.map((d: { documentId: string }) => d.documentId)).toEqual([
      `${inboundId}.0`,
      `${inboundId}.1`,
    ]);
    expect(list[0]).toMatchObject({ fileName: 'bol.pdf', name: 'Jane Shipper', subject: 'Paperwork' });
    expect(
      (await (await get(s, rival, '/api/externaldocumentlist')).json()).map(
        (d: { fileName: string }) => d.fileName,
      ),
    ).toEqual(['theirs.pdf']);

    const attachments = () =>
      s.t.runtime.db
        .selectFrom('attachment')
        .select(['attachment_id', 'shipment_id', 'file_name'])
        .where('attachment_id', 'like', `att_${inboundId}%`)
        .execute();
    // another broker's staff: the document is not found, nothing moves
    expect(
      (await send(s, rival, 'PUT', `/api/addexternaldocumenttoshipment/${inboundId}.0/${shipmentId}`)).status,
    ).toBe(404);
    // another broker's document onto this broker's shipment
    expect(
      (await send(s, ops, 'PUT', `/api/addexternaldocumenttoshipment/${rivalInbound}.0/${shipmentId}`))
        .status,
    ).toBe(404);
    // a shipment that is not this broker's
    expect(
      (await send(s, ops, 'PUT', `/api/addexternaldocumenttoshipment/${inboundId}.0/999999`)).status,
    ).toBe(404);
    expect(
      (await send(s, shipper, 'PUT', `/api/addexternaldocumenttoshipment/${inboundId}.0/${shipmentId}`))
        .status,
    ).toBe(403);
    expect(await attachments()).toEqual([]);
    expect((await (await get(s, ops, '/api/externaldocumentlist')).json()).length).toBe(2);

    const added = await send(
      s,
      ops,
      'PUT',
      `/api/addexternaldocumenttoshipment/${inboundId}.1/${shipmentId}`,
    );
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      documentId: `${inboundId}.1`,
      attachmentId: `att_${inboundId}_2`,
      shipmentId,
      fileName: 'pod.pdf',
    });
    expect(await attachments()).toEqual([
      { attachment_id: `att_${inboundId}_2`, shipment_id: shipmentId, file_name: 'pod.pdf' },
    ]);
    expect(
      (await send(s, ops, 'PUT', `/api/addexternaldocumenttoshipment/${inboundId}.1/${shipmentId}`)).status,
    ).toBe(404);
    expect(
      (await (await get(s, ops, '/api/externaldocumentlist')).json()).map(
        (d: { documentId: string }) => d.documentId,
      ),
    ).toEqual([`${inboundId}.0`]);
    // assigning the whole email later files the file that is left under its own number
    const assigned = await send(s, ops, 'PUT', `/api/inboundemail/${inboundId}/assign`, { shipmentId });
    expect(assigned.status).toBe(200);
    expect((await attachments()).map((a) => a.attachment_id).sort()).toEqual([
      `att_${inboundId}_1`,
      `att_${inboundId}_2`,
    ]);
  });

  it("lists a staff member's read mail to the broker's staff; another broker's staff get 404, a customer 403", async () => {
    const inboundId = await unmatchedEmail(ops.brokerId, ops.userId, []);
    const own = await get(s, ops, `/api/staff/emails/${ops.userId}`);
    expect(own.status).toBe(200);
    expect(
      (await own.json()).map((e: { emailAutomationDetailId: string }) => e.emailAutomationDetailId),
    ).toContain(inboundId);
    expect((await get(s, admin, `/api/staff/emails/${ops.userId}`)).status).toBe(200);
    expect((await get(s, shipper, `/api/staff/emails/${ops.userId}`)).status).toBe(403);
    expect((await get(s, ops, `/api/staff/emails/${shipper.userId}`)).status).toBe(404);
    const other = await get(s, rival, `/api/staff/emails/${ops.userId}`);
    expect(other.status).toBe(404);
    expect((await other.json()).message).toBe(messages.email.userEmailsLoadFailed);
  });
});
