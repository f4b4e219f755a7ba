// The document sender on the real servers: 001 §5's refusals with their texts, emails delivered through
// BullMQ and nodemailer to a real SMTP sink with their attachments, the mail send statuses of 002 §3.8,
// faxes through the local fax sink, bulk sends and invoice notifications.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { BrokerCarrierStatus, MailSendStatus, messages } from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { eventually } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFinal } from '../../src/domain/mail-status.ts';
import {
  buyer,
  get,
  ops,
  outbox,
  pdfBytes,
  type Service,
  send,
  shipper,
  startService,
  upload,
} from './fixtures.ts';

let s: Service;
const S = MailSendStatus.values;
const sha = (b: Buffer | Uint8Array) => createHash('sha256').update(b).digest('hex');

beforeAll(async () => {
  s = await startService();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

async function finished(messageId: string, identity = ops) {
  return eventually(async () => {
    const m = await (await get(s, identity, `/api/documentsender/messages/${messageId}`)).json();
    return isFinal(m.status) ? m : undefined;
  }, 20_000);
}

describe('what a shipment can send', () => {
  it('offers staff the BOL, the carrier confirmation for its mode and the rate quote sheet, with its attachments', async () => {
    const { attachmentId } = (
      await upload(s, ops, { shipmentId: '10005' }, { name: 'pod.pdf', bytes: pdfBytes('pod') })
    ).body;
    const answer = await (
      await get(s, ops, '/api/documentsender/getavailabledocumentsforshipment/10005')
    ).json();
    // 10005 is a truckload with Old Line on it.
    expect(answer.documents.map((d: { document: string }) => d.document)).toEqual([
      'BOLEmail',
      'CarrierConfirmationTruckload',
      'RateQuoteSheet',
    ]);
    expect(answer.attachments.map((a: { attachmentId: string }) => a.attachmentId)).toContain(attachmentId);
    const customer = await (
      await get(s, shipper, '/api/documentsender/getavailabledocumentsforshipment/10005')
    ).json();
    expect(customer.documents.map((d: { document: string }) => d.document)).toEqual([
      'BOLEmail',
      'RateQuoteSheet',
    ]);
    expect((await get(s, buyer, '/api/documentsender/getavailabledocumentsforshipment/10005')).status).toBe(
      404,
    );
  });

  it("lists contacts: the broker's staff, the shipment's customer users and its carrier; a customer its own people", async () => {
    const staff = await (
      await get(s, ops, '/api/documentsender/contacts?shipmentid=10005&contactType=0')
    ).json();
    expect(staff).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Omar Operations', email: 'ops@demo.test', kind: 'broker' }),
        expect.objectContaining({ name: 'Sam Shipper', email: 'shipper@acme.test', kind: 'customer' }),
        expect.objectContaining({ kind: 'carrier', organizationName: 'Old Line Freight' }),
      ]),
    );
    expect(staff.some((c: { email: string }) => c.email === 'buyer@globex.test')).toBe(false);
    const filtered = await (
      await get(s, ops, '/api/documentsender/contacts?shipmentid=10005&query=sam')
    ).json();
    expect(filtered.map((c: { name: string }) => c.name)).toEqual(['Sam Shipper']);
    const customer = await (await get(s, shipper, '/api/documentsender/contacts')).json();
    expect(customer.map((c: { email: string }) => c.email)).toEqual(['shipper@acme.test']);
  });
});

describe('refusals (001 §5)', () => {
  it('needs a recipient', async () => {
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ' ;, ',
      documents: ['BOLEmail'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors['model.recipients']).toEqual([messages.email.recipientRequired]);
  });

  it('refuses a fax number under 10 characters and files a fax cannot carry', async () => {
    const { attachmentId } = (
      await upload(
        s,
        ops,
        { shipmentId: '10005' },
        { name: 'photo.gif', bytes: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;') },
      )
    ).body;
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      contactType: 1,
      recipients: '555-0101',
      attachmentIds: [attachmentId],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors['model.recipients']).toEqual([
      '555-0101 is not a fax number: a fax number is a phone number of at least 10 characters, such as (555) 010-2001.',
    ]);
    expect(answer.body.errors['model.attachmentIds']).toEqual([
      'photo.gif cannot be faxed: only pdf, txt, doc, jpg, png, tif files can be faxed.',
    ]);
  });

  it('refuses the carrier confirmation sheet of a carrier out of compliance, as the carriers service says', async () => {
    // The carriers service's brokercarrier.changed, through the consumer that keeps the read model.
    const consumer = s.t.runtime.consumers.find((c) => c.durableName === 'attachments_carriers-compliance')!;
    const changed = (version: number, inCompliance: boolean) =>
      consumer.apply(
        createEnvelope('carriers', subjects.brokerCarrierChanged, {
          brokerCarrierId: 'bc_oldline',
          version,
          brokerId: 'org_demo_broker',
          carrierMasterId: 'car_demo_oldline',
          carrierMasterName: 'Old Line Freight',
          scac: 'OLFT',
          status: BrokerCarrierStatus.valueList[0]!,
          previousStatus: null,
          favorite: false,
          inherited: false,
          insuranceStatus: 'Expired',
          inCompliance,
          changedBy: null,
        }) as never,
      );
    await changed(100, false);
    const refused = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['dispatch@oldline.test'],
      documents: ['CarrierConfirmationTruckload'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors['model.documents']).toEqual([
      messages.carrier.confirmationSheetOutOfCompliance,
    ]);
    await changed(101, true);
    const sent = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['dispatch@oldline.test'],
      documents: ['CarrierConfirmationTruckload'],
      // an address the service does not know is not the carrier's: the warning was shown and dismissed
      dismissedWarnings: ['carrierConfirmation'],
    });
    expect(sent.status).toBe(202);
  });

  it('decides the delivery warnings from who the addresses belong to, typed or picked (001 §5, issue 14 item 14)', async () => {
    // Sam Shipper is a customer user of Acme, typed by hand in another spelling.
    const draft = {
      shipmentId: 10005,
      recipients: 'SHIPPER@acme.test',
      documents: ['CarrierConfirmationTruckload'],
    };
    const warned = await send(s, ops, 'POST', '/api/documentsender/deliverywarnings', draft);
    expect(warned.status).toBe(200);
    expect(warned.body.warnings).toEqual([
      {
        code: 'carrierConfirmation',
        message:
          'A carrier confirmation usually goes only to the carrier. Some recipients are not the carrier.',
      },
      {
        code: 'carrierDocuments',
        message: 'Carrier documents must not go to customers. A recipient is a customer.',
      },
    ]);
    // A customer in copy counts as one too; the broker's own staff do not.
    const copied = await send(s, ops, 'POST', '/api/documentsender/deliverywarnings', {
      ...draft,
      recipients: 'ops@demo.test',
      cc: 'shipper@acme.test',
    });
    expect(copied.body.warnings.map((w: { code: string }) => w.code)).toContain('carrierDocuments');
    const toStaff = await send(s, ops, 'POST', '/api/documentsender/deliverywarnings', {
      shipmentId: 10005,
      recipients: 'ops@demo.test',
      documents: ['BOLEmail'],
    });
    expect(toStaff.body.warnings).toEqual([]);

    // The send itself is refused until the sender dismissed every warning.
    const refused = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      ...draft,
      dismissedWarnings: ['carrierConfirmation'],
    });
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toEqual({
      'warning.carrierDocuments': ['Carrier documents must not go to customers. A recipient is a customer.'],
    });
    const sent = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      ...draft,
      dismissedWarnings: ['carrierConfirmation', 'carrierDocuments'],
    });
    expect(sent.status).toBe(202);
  });

  it("refuses a customer the carrier confirmation and another customer's files", async () => {
    const answer = await send(s, shipper, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['me@acme.test'],
      documents: ['CarrierConfirmationTruckload'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors['model.documents']).toEqual([
      'CarrierConfirmationTruckload is not available for shipment 10005.',
    ]);
    const other = await send(s, buyer, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['me@globex.test'],
      documents: ['BOLEmail'],
    });
    expect(other.status).toBe(404);
  });
});

describe('sending', () => {
  it('delivers an email with its generated BOL and an attachment to the SMTP sink, and shows Success', async () => {
    const bytes = pdfBytes('POD signed by R. Receiver');
    const { attachmentId } = (await upload(s, ops, { shipmentId: '10005' }, { name: 'POD 10005.pdf', bytes }))
      .body;
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      // 001 §5: split on comma, semicolon or space; repeats dropped
      recipients: 'dock@acme.test; billing@acme.test,dock@acme.test',
      cc: ['ops-lead@demo.test'],
      subject: 'Shipment 10005 paperwork',
      body: 'BOL and POD attached.',
      documents: ['BOLEmail'],
      attachmentIds: [attachmentId],
      privateActivityLog: true,
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toMatchObject({
      recipients: ['dock@acme.test', 'billing@acme.test'],
      cc: ['ops-lead@demo.test'],
      status: S.GeneratePDFs,
      statusName: 'Generate PDFs',
    });
    const mail = await s.sink.waitFor((m) => m.subject === 'Shipment 10005 paperwork');
    expect(mail.envelope.to.sort()).toEqual(['billing@acme.test', 'dock@acme.test', 'ops-lead@demo.test']);
    expect(mail.replyTo).toBe('"Omar Operations" <ops@demo.test>');
    expect(mail.text.trim()).toBe('BOL and POD attached.');
    expect(mail.attachments.map((a) => a.filename)).toEqual(['BOL-10005.pdf', 'POD 10005.pdf']);
    expect(mail.attachments[1]).toMatchObject({ contentType: 'application/pdf', sha256: sha(bytes) });
    const bol = await readFile(join(s.sink.dir, mail.id, 'BOL-10005.pdf'));
    expect(bol.subarray(0, 5).toString()).toBe('%PDF-');
    const done = await finished(answer.body.messageId);
    expect(done).toMatchObject({ status: S.Success, statusName: 'Success', attempts: 1, lastError: null });
    expect(done.sentDate).not.toBeNull();
    const listed = await (await get(s, ops, '/api/documentsender/messages?shipmentId=10005')).json();
    expect(listed[0].messageId).toBe(answer.body.messageId);
    const event = (await outbox(s.t)).find(
      (r) =>
        r.subject === 'tms.attachments.message.finished.v1' &&
        r.envelope.data.messageId === answer.body.messageId,
    );
    expect(event?.envelope.data).toMatchObject({
      status: S.Success,
      shipmentId: 10005,
      privateActivityLog: true,
      documents: ['BOLEmail'],
    });
  });

  it("fills a custom email template's placeholders with the shipment's values; leaves unknown ones", async () => {
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: 'dock@acme.test',
      subject: 'Paperwork for shipment {{shipmentId}}',
      body: 'The paperwork for {{ shipmentId }} to {{destination}} ({{noSuchValue}}).\n\nThank you,\n{{senderName}}',
      documents: ['BOLEmail'],
    });
    expect(answer.status).toBe(202);
    expect(answer.body.subject).toBe('Paperwork for shipment 10005');
    const mail = await s.sink.waitFor((m) => m.subject === 'Paperwork for shipment 10005');
    expect(mail.text).toMatch(/^The paperwork for 10005 to [^{\n]+ \(\{\{noSuchValue\}\}\)\./);
    expect(mail.text).toContain('Thank you,\nOmar Operations');
    // Templates are the broker staff's: a customer's message goes as typed.
    const customer = await send(s, shipper, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['me@acme.test'],
      subject: 'Our copy of {{shipmentId}} to {{destination}}',
      documents: ['BOLEmail'],
    });
    expect(customer.status).toBe(202);
    expect(customer.body.subject).toBe('Our copy of {{shipmentId}} to {{destination}}');
  });

  it('records Invalid Recipient when the server refuses the recipient, without retrying', async () => {
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      recipients: ['nobody@nowhere.invalid'],
      documents: ['RateQuoteSheet'],
    });
    const done = await finished(answer.body.messageId);
    expect(done).toMatchObject({ status: S.InvalidRecipient, statusName: 'Invalid Recipient', attempts: 1 });
    expect(done.lastError).toMatch(/550/);
  });

  it('retries when the SMTP server cannot be reached (Retry 1, Retry 2), then stops at Retry Timeout', async () => {
    const unreachable = await startService({ settings: { smtpUrl: 'smtp://127.0.0.1:1' } });
    try {
      const answer = await send(unreachable, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
        shipmentId: 10009,
        recipients: ['dock@acme.test'],
        documents: ['BOLEmail'],
      });
      const seen = new Set<number>();
      const done = await eventually(async () => {
        const m = await (
          await get(unreachable, ops, `/api/documentsender/messages/${answer.body.messageId}`)
        ).json();
        seen.add(m.status);
        return m.status === S.RetryTimeout ? m : undefined;
      }, 20_000);
      expect(done.attempts).toBe(3);
      expect(seen.has(S.Retry1) || seen.has(S.Retry2)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });

  it('faxes through the local fax sink', async () => {
    const answer = await send(s, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
      shipmentId: 10005,
      contactType: 1,
      recipients: '+1-555-010-2001',
      subject: 'Carrier confirmation',
      documents: ['CarrierConfirmationTruckload'],
      // a number the service cannot tie to the carrier: the warning was shown and dismissed
      dismissedWarnings: ['carrierConfirmation'],
    });
    expect(answer.status).toBe(202);
    const done = await finished(answer.body.messageId);
    expect(done.status).toBe(S.Success);
    const folder = join(s.dataDir, 'fax-sink', answer.body.messageId);
    expect((await readdir(folder)).sort()).toEqual(['Carrier-Confirmation-10005.pdf', 'fax.json']);
    expect(JSON.parse(await readFile(join(folder, 'fax.json'), 'utf8'))).toMatchObject({
      to: ['+1-555-010-2001'],
    });
  });
});

describe('a fax provider over HTTP (FAX_PROVIDER=http)', () => {
  it('posts the numbers, the cover and each document with the token and the fax id as idempotency key', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const provider = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (c: Buffer) => chunks.push(c));
      request.on('end', () => {
        received.push({ headers: request.headers, body: Buffer.concat(chunks) });
        response.writeHead(received.length === 1 ? 503 : 200, { 'content-type': 'application/json' });
        response.end(received.length === 1 ? '{"error":"busy"}' : '{"id":"fx-42"}');
      });
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/faxes`;
    const withProvider = await startService({ settings: { fax: { kind: 'http', url, token: 'fax-token' } } });
    try {
      const answer = await send(withProvider, ops, 'POST', '/api/documentsender/sendshipmentdocuments', {
        shipmentId: 10005,
        contactType: 1,
        recipients: '+1-555-010-2001',
        subject: 'Carrier confirmation',
        documents: ['CarrierConfirmationTruckload'],
        dismissedWarnings: ['carrierConfirmation'],
      });
      expect(answer.status).toBe(202);
      const done = await eventually(async () => {
        const m = await (
          await get(withProvider, ops, `/api/documentsender/messages/${answer.body.messageId}`)
        ).json();
        return isFinal(m.status) ? m : undefined;
      }, 20_000);
      // the first answer (503) is retried; the second takes it
      expect(done.status).toBe(S.Success);
      expect(received).toHaveLength(2);
      const last = received[1]!;
      expect(last.headers.authorization).toBe('Bearer fax-token');
      expect(last.headers['idempotency-key']).toBe(answer.body.messageId);
      expect(received[0]!.headers['idempotency-key']).toBe(answer.body.messageId);
      expect(last.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
      const body = last.body.toString('latin1');
      expect(body).toContain('name="to"\r\n\r\n+1-555-010-2001\r\n');
      expect(body).toMatch(/name="file"; filename="Carrier-Confirmation-10005\.pdf"/);
      expect(body).toContain('%PDF-');
      // nothing went to the local sink
      await expect(readdir(join(withProvider.dataDir, 'fax-sink'))).rejects.toThrow();
    } finally {
      await withProvider.close();
      provider.close();
    }
  });
});

describe('bulk sends', () => {
  it('refuses carrier documents to the customers before any shipment goes, until the warning is dismissed (001 §5)', async () => {
    const bulk = { shipmentIds: [10009, 10019], documentTypes: ['CarrierConfirmationTruckload'] };
    const warned = await send(s, ops, 'POST', '/api/documentsender/deliverywarnings', {
      documents: bulk.documentTypes,
      toShipmentCustomers: true,
    });
    expect(warned.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      'carrierConfirmation',
      'carrierDocuments',
    ]);
    const queuedMessages = () => s.t.runtime.db.selectFrom('outgoing_message').select('message_id').execute();
    const before = await queuedMessages();
    const refused = await send(s, ops, 'POST', '/api/documentsender/getBulkShipmentDocument', bulk);
    expect(refused.status).toBe(409);
    expect(Object.keys(refused.body.errors)).toEqual([
      'warning.carrierConfirmation',
      'warning.carrierDocuments',
    ]);
    expect(await queuedMessages()).toEqual(before);
    // A customer's address typed as the custom recipient warns the same way.
    const typed = await send(s, ops, 'POST', '/api/documentsender/getBulkShipmentDocument', {
      ...bulk,
      customRecipientEmail: 'Shipper@Acme.test',
      dismissedWarnings: ['carrierConfirmation'],
    });
    expect(Object.keys(typed.body.errors)).toEqual(['warning.carrierDocuments']);
  });

  it("sends each shipment's chosen documents, skipping what it cannot", async () => {
    const answer = await send(s, ops, 'POST', '/api/documentsender/getBulkShipmentDocument', {
      shipmentIds: [10009, 10019, 99999],
      documentTypes: ['BOLEmail'],
      customRecipientEmail: 'ap@acme.test',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.queued.map((q: { shipmentId: number }) => q.shipmentId)).toEqual([10009, 10019]);
    expect(answer.body.skipped).toEqual([{ shipmentId: 99999, reason: 'Shipment 99999 was not found.' }]);
    await s.sink.waitFor((m) => m.subject === 'Shipment 10019 documents');
  });

  it('notifies an organization of at most 50 of its own invoices per call, and of nothing it does not have', async () => {
    // The accounting service's invoices, as its invoice.changed events bring them (issue 16).
    const invoice = (invoiceId: string, invoiceNumber: number, payerOrganizationId: string) => ({
      invoiceId,
      invoiceNumber,
      version: 1,
      brokerId: 'org_demo_broker',
      shipmentId: 10009,
      payerOrganizationId,
      customerOrganizationId: payerOrganizationId,
      invoiceDate: '2026-11-20',
      dueDate: '2026-12-20',
      totalCents: 123450,
      paidCents: 0,
      balanceCents: 123450,
      status: 1 as const,
      paymentStatus: 0 as const,
      change: 'created' as const,
    });
    const readModel = s.t.runtime.consumers.find((c) => c.durableName.endsWith('accounting-invoices'))!;
    for (const data of [
      invoice('inv_acme_1', 100001, 'org_demo_acme'),
      invoice('inv_acme_2', 100002, 'org_demo_acme'),
      invoice('inv_globex_1', 100003, 'org_demo_globex'),
    ])
      await readModel.apply(createEnvelope('accounting', subjects.invoiceChanged, data) as never);

    const tooMany = await send(s, ops, 'POST', '/api/organization/invoiceNotification', {
      organizationId: 'org_demo_acme',
      invoiceIds: Array.from({ length: 51 }, (_, i) => `INV-${i}`),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors['model.invoiceIds']).toEqual(['Send at most 50 invoices per call.']);
    // Invented invoice numbers, and another customer's invoice: refused, nothing queued.
    const messageCount = async () =>
      Number(
        (
          await s.t.runtime.db
            .selectFrom('outgoing_message')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await messageCount();
    const invented = await send(s, ops, 'POST', '/api/organization/invoiceNotification', {
      organizationId: 'org_demo_acme',
      invoiceIds: ['inv_acme_1', 'INV-1002', 'inv_globex_1', 100003],
    });
    expect(invented.status).toBe(400);
    expect(invented.body.errors['model.invoiceIds']).toEqual([
      'Invoices INV-1002, inv_globex_1, 100003 were not found for Acme Manufacturing: nothing was sent.',
    ]);
    expect(await messageCount()).toBe(before);
    // Its own invoices, by id or by number.
    const ok = await send(s, ops, 'POST', '/api/organization/invoiceNotification', {
      organizationId: 'org_demo_acme',
      invoiceIds: ['inv_acme_1', 100002],
    });
    expect(ok.status).toBe(202);
    const mail = await s.sink.waitFor((m) => m.subject === 'Invoices from Loadline Demo Logistics');
    expect(mail.envelope.to).toEqual(['shipper@acme.test']);
    expect(mail.text).toContain('Invoice 100001 (shipment 10009): $1,234.50 due 2026-12-20');
    expect(mail.text).toContain('Invoice 100002');
    expect(mail.text).not.toContain('100003');
    expect(
      (
        await send(s, shipper, 'POST', '/api/organization/invoiceNotification', {
          organizationId: 'org_demo_acme',
          invoiceIds: ['1'],
        })
      ).status,
    ).toBe(403);
  });
});
