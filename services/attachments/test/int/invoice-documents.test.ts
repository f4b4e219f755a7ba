// The invoice PDF (issue 16): an invoice the accounting service issues (invoice.created) becomes an Invoice
// attachment of its shipment, once, generated with the shared PDF helper and stored like any file; the
// shipment's customer sees it, another customer does not; an opening balance (no shipment) adds no file.
import { AttachmentType } from '@loadline/contracts/catalogue';
import { type InvoiceCreatedV1, subjects } from '@loadline/contracts/events';
import { createEnvelope } from '@loadline/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceContent } from '../../src/domain/invoice-document.ts';
import { buyer, get, ops, outbox, type Service, shipper, startService } from './fixtures.ts';

let s: Service;

beforeAll(async () => {
  s = await startService();
}, 120_000);
afterAll(async () => {
  await s?.close();
});

const invoice = (over: Partial<InvoiceCreatedV1> = {}): InvoiceCreatedV1 => ({
  invoiceId: 'inv_test_10009',
  invoiceNumber: 100007,
  brokerId: 'org_demo_broker',
  brokerName: 'Loadline Demo Logistics',
  kind: 'Shipment',
  shipmentId: 10009,
  payerOrganizationId: 'org_demo_acme',
  payerName: 'Acme Manufacturing',
  customerOrganizationId: 'org_demo_acme',
  invoiceDate: '2026-11-20',
  dueDate: '2026-12-20',
  invoiceDateType: 'Delivery',
  proNumber: 'OLFT123456',
  pickupDate: '2026-11-17',
  deliveryDate: '2026-11-20',
  billTo: {
    companyName: 'Acme Manufacturing AP',
    streetAddress: '1 Acme Way',
    streetAddressTwo: null,
    city: 'Kansas City',
    state: 'MO',
    zipCode: '64120',
    country: 'USA',
  },
  lines: [
    { chargeLineId: 'chl_1', chargeLineType: 'Linehaul', description: 'Linehaul', amountCents: 110000 },
    { chargeLineId: 'chl_2', chargeLineType: 'Fuel', description: 'Fuel surcharge 28%', amountCents: 30800 },
  ],
  totalCents: 140800,
  createdBy: { userId: 'usr_demo_ops', name: 'Omar Operations' },
  ...over,
});

const deliver = async (data: InvoiceCreatedV1) => {
  const consumer = s.t.runtime.consumers.find((c) => c.durableName.endsWith('accounting-invoice-pdfs'))!;
  return consumer.apply(createEnvelope('accounting', subjects.invoiceCreated, data) as never);
};

describe('the invoice PDF among the shipment’s attachments', () => {
  it('says what the invoice says, amounts as dollars from cents', () => {
    const content = invoiceContent(invoice());
    expect(content.title).toBe('Invoice');
    expect(content.subtitle).toBe('Invoice 100007 · Shipment 10009 · dated 11/20/2026');
    const charges = content.blocks.find((b) => b.heading === 'Charges');
    expect(charges?.kind === 'table' && charges.rows).toEqual([
      ['Linehaul', '$1,100.00'],
      ['Fuel surcharge 28%', '$308.00'],
    ]);
    const due = content.blocks.find((b) => b.heading === 'Amount due');
    expect(due?.kind === 'fields' && due.rows[0]).toEqual(['Total', '$1,408.00']);
    const billTo = content.blocks[0];
    expect(billTo?.kind === 'boxes' && billTo.boxes[0]?.lines).toEqual([
      'Acme Manufacturing AP',
      '1 Acme Way',
      'Kansas City, MO 64120',
      'USA',
    ]);
  });

  it('stores the PDF as a Public Invoice attachment of the shipment, with attachment.added', async () => {
    expect(await deliver(invoice())).toBe(true);
    const list = await (await get(s, ops, '/api/files/getattachments/10009/shipment')).json();
    const pdf = list.find((a: { fileName: string }) => a.fileName === 'Invoice-100007.pdf');
    expect(pdf).toMatchObject({
      attachmentId: 'att_inv_test_10009',
      attachmentType: AttachmentType.values.Invoice,
      attachmentTypeCode: 'Invoice',
      accessLevel: 0,
      contentType: 'application/pdf',
      title: 'Invoice 100007',
      uploadedBy: 'Omar Operations',
    });
    const file = await get(s, ops, `/files/Attachment?i=${pdf.attachmentId}&t=6`);
    expect(file.status).toBe(200);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const added = (await outbox(s.t)).filter(
      (e) => e.subject === subjects.attachmentAdded && e.envelope.data.attachmentId === 'att_inv_test_10009',
    );
    expect(added).toHaveLength(1);
  });

  it("shows it to the shipment's customer and to no other customer", async () => {
    const mine = await (await get(s, shipper, '/api/files/getattachments/10009/shipment')).json();
    expect(mine.map((a: { fileName: string }) => a.fileName)).toContain('Invoice-100007.pdf');
    expect((await get(s, buyer, '/files/Attachment?i=att_inv_test_10009&t=6')).status).toBe(404);
  });

  it('adds it once, however often the event comes (a redelivery, the same invoice again)', async () => {
    expect(await deliver(invoice())).toBe(true); // a new event id: the consumer handles it, the file exists
    const list = await (await get(s, ops, '/api/files/getattachments/10009/shipment')).json();
    expect(list.filter((a: { fileName: string }) => a.fileName === 'Invoice-100007.pdf')).toHaveLength(1);
  });

  it('adds no file for an opening balance, which belongs to no shipment', async () => {
    const before = (await outbox(s.t)).length;
    await deliver(invoice({ invoiceId: 'inv_open', kind: 'OpeningBalance', shipmentId: null }));
    expect((await outbox(s.t)).length).toBe(before);
  });
});
