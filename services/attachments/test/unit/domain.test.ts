// The pure rules of the attachments service, by the spec's words.
import { AccessLevel, MailSendStatus, messages } from '@loadline/contracts/catalogue';
import { testIdentity } from '@loadline/platform/testing';
import { describe, expect, it } from 'vitest';
import { canSeeAttachment, canSeeShipment } from '../../src/domain/access.ts';
import { checkContent } from '../../src/domain/content-check.ts';
import { deliveryWarnings, undismissed, warningTexts } from '../../src/domain/delivery-warnings.ts';
import {
  type ChargeLine,
  carrierChargeLines,
  documentContent,
  formatCents,
  isHazardous,
} from '../../src/domain/document-content.ts';
import {
  availableDocuments,
  carrierConfirmationFor,
  type ShipmentState,
} from '../../src/domain/documents.ts';
import { chooseDocument } from '../../src/domain/file-links.ts';
import { afterFailure } from '../../src/domain/mail-status.ts';
import { checkRecipients, isFaxable, recipientList } from '../../src/domain/recipients.ts';
import { cleanFileName, defaultAccessLevel, planUpload } from '../../src/domain/uploads.ts';

const S = MailSendStatus.values;
const { Public, Private } = AccessLevel.values;

describe('planUpload: source, type and access (000 §3, §5; 001 §4, §5)', () => {
  const staff: { kind: 'staff' | 'customer' } = { kind: 'staff' };
  const plan = (fields: Record<string, string>, name = 'file.pdf', who = staff) =>
    planUpload(fields, name, who);

  it('finds the source by the id the upload carries, and uses its own type number', () => {
    const cases: [Record<string, string>, string, number | null, number][] = [
      [{ shipmentId: '10001' }, 'shipment', 1, Public],
      [{ carrierId: 'c1', carrierMasterId: 'm1' }, 'brokercarrier', 2, Private],
      [{ brokerCarrierInsuranceId: 'i1', carrierId: 'c1' }, 'brokercarrierinsurance', 9, Public],
      [{ tariffId: 't1' }, 'tariff', 1, Public],
      [{ organizationId: 'o1' }, 'organization', 1, Private],
      [{ marketplaceOrganizationId: 'm1' }, 'taishippingmarketplace', 20, Private],
      [{ sourceType: 'customer', organizationId: 'o1' }, 'customer', 1, Private],
    ];
    for (const [fields, source, type, access] of cases) {
      const answer = plan(fields);
      expect(answer.ok && answer.target).toMatchObject({
        sourceType: source,
        accessLevel: access,
        attachmentType: { value: type },
      });
    }
  });

  it('guesses the type from keywords in the file name (pod, bol, inv, insu, airbill)', () => {
    const typeOf = (name: string) => {
      const answer = plan({ shipmentId: '1' }, name);
      return answer.ok ? answer.target.attachmentType : null;
    };
    expect(typeOf('Signed_POD.pdf')).toEqual({ value: 4, code: 'POD' });
    expect(typeOf('bol-10001.pdf')).toEqual({ value: 5, code: 'BOL' });
    expect(typeOf('INV 2231.pdf')).toEqual({ value: 6, code: 'Invoice' });
    expect(typeOf('insurance cert.pdf')).toEqual({ value: 9, code: 'Insurance' });
    // 002 §3.10 does not show the Air Waybill's number.
    expect(typeOf('airbill.pdf')).toEqual({ value: null, code: 'AirWaybill' });
    expect(typeOf('scan.pdf')).toEqual({ value: 1, code: 'Document' });
  });

  it('is Private by default when the source or the type says so', () => {
    expect(defaultAccessLevel('shipment', { value: 7, code: 'CarrierBill' })).toBe(Private);
    expect(defaultAccessLevel('shipment', { value: 13, code: 'CarrierConfirmation' })).toBe(Private);
    expect(defaultAccessLevel('shipment', { value: 18, code: 'AccessorialAuth' })).toBe(Private);
    expect(defaultAccessLevel('shipment', { value: 4, code: 'POD' })).toBe(Public);
    expect(defaultAccessLevel('brokercarrier', { value: 9, code: 'Insurance' })).toBe(Private);
  });

  it('keeps customers to their shipments and to Public files', () => {
    const customer = { kind: 'customer' as const };
    expect(plan({ tariffId: 't1' }, 'x.pdf', customer)).toMatchObject({ ok: false, status: 403 });
    expect(plan({ shipmentId: '1', accessLevel: '1' }, 'x.pdf', customer)).toMatchObject({
      ok: false,
      status: 400,
    });
    const answer = plan({ shipmentId: '1', attachmentType: 'CarrierBill' }, 'x.pdf', customer);
    expect(answer.ok && answer.target.accessLevel).toBe(Public);
  });

  it('names every problem', () => {
    expect(plan({})).toMatchObject({ ok: false, problems: [{ field: 'shipmentId' }] });
    expect(
      plan({ shipmentId: 'abc', attachmentType: 'Nope', accessLevel: 'Admin', title: 'x'.repeat(201) }),
    ).toMatchObject({
      ok: false,
      problems: [
        { field: 'shipmentId', message: 'shipmentId must be a shipment number.' },
        { field: 'attachmentType', message: 'attachmentType "Nope" is not a known attachment type.' },
        { field: 'accessLevel', message: 'accessLevel must be Public (0) or Private (1).' },
        { field: 'title', message: 'title must be at most 200 characters.' },
      ],
    });
  });
});

describe('cleanFileName', () => {
  it('keeps only the last path segment and drops what hides or escapes', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Windows\\system32\\drivers\\etc\\hosts.txt')).toBe('hosts.txt');
    expect(cleanFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(cleanFileName('a<b>c:d"e|f?g*.pdf')).toBe('a_b_c_d_e_f_g_.pdf');
    expect(cleanFileName('...hidden.pdf ')).toBe('hidden.pdf');
    expect(cleanFileName('CON.pdf')).toBe('_CON.pdf');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    const long = `${'é'.repeat(200)}.pdf`;
    expect(Buffer.byteLength(cleanFileName(long))).toBeLessThanOrEqual(255);
    expect(cleanFileName(long).endsWith('.pdf')).toBe(true);
  });
});

describe('checkContent: the real type from the bytes', () => {
  const bytes = (...values: (number | string)[]) =>
    new Uint8Array(values.flatMap((v) => (typeof v === 'string' ? [...Buffer.from(v)] : [v])));
  it('refuses programs whatever their name, and program names whatever their bytes', () => {
    expect(
      checkContent('pod.pdf', { ext: 'exe', mime: 'application/x-msdownload' }, bytes('MZ')),
    ).toMatchObject({ ok: false, status: 415 });
    expect(checkContent('pod.pdf', undefined, bytes('MZ', 0, 0))).toMatchObject({ ok: false });
    expect(checkContent('run.bat', undefined, bytes('echo hi'))).toEqual({
      ok: false,
      status: 415,
      message: 'Files of type .BAT cannot be attached: programs and scripts are refused.',
    });
    expect(checkContent('x.txt', undefined, bytes('#!/usr/bin/env node'))).toMatchObject({ ok: false });
    expect(checkContent('x.dat', undefined, bytes(0, 1, 2, 3))).toMatchObject({ ok: false });
  });
  it('keeps documents typed by what they are', () => {
    expect(checkContent('scan.pdf', { ext: 'png', mime: 'image/png' }, bytes(0x89, 'PNG'))).toEqual({
      ok: true,
      contentType: 'image/png',
    });
    expect(checkContent('list.csv', undefined, bytes('a,b'))).toEqual({ ok: true, contentType: 'text/csv' });
    expect(checkContent('note', undefined, bytes('hello'))).toEqual({ ok: true, contentType: 'text/plain' });
  });
});

describe('delivery warnings (001 §5)', () => {
  it('warns when a carrier confirmation goes to anyone but the carrier', () => {
    expect(deliveryWarnings(['CarrierConfirmationLTL'], ['carrier'])).toEqual([]);
    expect(deliveryWarnings(['CarrierConfirmationLTL'], [undefined])).toEqual([
      { code: 'carrierConfirmation', message: warningTexts.carrierConfirmation },
    ]);
  });
  it('warns when an invoice goes to a carrier, and when carrier documents go to a customer', () => {
    const codes = (documents: string[], kinds: ('broker' | 'customer' | 'carrier' | undefined)[]) =>
      deliveryWarnings(documents, kinds).map((w) => w.code);
    expect(codes(['Invoice'], ['carrier'])).toEqual(['invoice']);
    expect(codes(['Invoice'], ['customer', 'broker'])).toEqual([]);
    expect(codes(['CarrierBill'], ['customer'])).toEqual(['carrierDocuments']);
    expect(codes(['CarrierPacket'], ['broker', 'customer'])).toEqual(['carrierDocuments']);
    expect(codes(['CarrierConfirmationTruckload'], ['customer'])).toEqual([
      'carrierConfirmation',
      'carrierDocuments',
    ]);
    expect(codes(['POD'], ['customer', 'carrier'])).toEqual([]);
    expect(codes(['CarrierBill'], [])).toEqual([]);
  });
  it('leaves only the warnings not dismissed', () => {
    const all = deliveryWarnings(['CarrierConfirmationTruckload'], ['customer']);
    expect(undismissed(all, ['carrierConfirmation']).map((w) => w.code)).toEqual(['carrierDocuments']);
  });
});

describe('recipients (001 §5)', () => {
  it('splits on comma, semicolon or space and drops repeats', () => {
    expect(recipientList('a@x.test; b@x.test,c@x.test  A@x.test')).toEqual([
      'a@x.test',
      'b@x.test',
      'c@x.test',
    ]);
    expect(recipientList(['a@x.test b@x.test', 'c@x.test'])).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
  });
  it('needs one, with the spec text', () => {
    expect(checkRecipients({ contactType: 0, recipients: '' })).toEqual({
      ok: false,
      problems: [{ field: 'recipients', message: messages.email.recipientRequired }],
    });
  });
  it('takes fax numbers of at least 10 characters', () => {
    expect(checkRecipients({ contactType: 1, recipients: '5550102001' }).ok).toBe(true);
    expect(checkRecipients({ contactType: 1, recipients: '555010200' }).ok).toBe(false);
    expect(checkRecipients({ contactType: 1, recipients: 'fax@x.test' }).ok).toBe(false);
    expect(checkRecipients({ contactType: 0, recipients: 'not-an-email' }).ok).toBe(false);
  });
  it('takes fax numbers in the usual format, spaces and extension included (issue 14 item 13)', () => {
    expect(checkRecipients({ contactType: 1, recipients: '(555) 010-2001' })).toEqual({
      ok: true,
      value: { recipients: ['(555) 010-2001'], cc: [], bcc: [] },
    });
    expect(
      checkRecipients({ contactType: 1, recipients: '(555) 010-2001 ext 4; +44 20 7946 0958' }),
    ).toMatchObject({ ok: true, value: { recipients: ['(555) 010-2001 ext 4', '+44 20 7946 0958'] } });
    expect(checkRecipients({ contactType: 1, recipients: 'abcdefghijkl' }).ok).toBe(false);
  });
  it('checks copies with the multiple-emails rule, naming the bad ones in one message', () => {
    expect(
      checkRecipients({ contactType: 0, recipients: 'a@x.test', cc: 'b@x.test, dock@acme; nope' }),
    ).toEqual({
      ok: false,
      problems: [{ field: 'cc', message: 'dock@acme, nope are not valid email addresses.' }],
    });
  });
  it('faxes pdf, txt, doc, jpg, png and tif only', () => {
    for (const name of ['a.pdf', 'a.TXT', 'a.doc', 'a.jpg', 'a.png', 'a.tif'])
      expect(isFaxable(name)).toBe(true);
    for (const name of ['a.docx', 'a.gif', 'a.tiff', 'a']) expect(isFaxable(name)).toBe(false);
  });
});

describe('mail send status (002 §3.8)', () => {
  it('retries a transient failure twice, then times out', () => {
    const refused = { code: 'ECONNECTION' };
    expect(afterFailure(refused, 1)).toEqual({ status: S.Retry1, retry: true });
    expect(afterFailure(refused, 2)).toEqual({ status: S.Retry2, retry: true });
    expect(afterFailure(refused, 3)).toEqual({ status: S.RetryTimeout, retry: false });
    expect(afterFailure({ responseCode: 451, command: 'DATA' }, 1)).toEqual({
      status: S.Retry1,
      retry: true,
    });
    expect(afterFailure({ code: 'EBUSY' }, 1)).toEqual({ status: S.AttachmentLocked, retry: true });
  });
  it('ends a permanent failure with its reason', () => {
    expect(afterFailure({ responseCode: 550, command: 'RCPT TO' }, 1)).toEqual({
      status: S.InvalidRecipient,
      retry: false,
    });
    expect(afterFailure({ responseCode: 553, command: 'RCPT TO' }, 1)).toEqual({
      status: S.InvalidEmailAddressFormat,
      retry: false,
    });
    expect(afterFailure({ responseCode: 550, command: 'MAIL FROM' }, 1)).toEqual({
      status: S.InvalidSender,
      retry: false,
    });
    expect(afterFailure({ responseCode: 552, command: 'DATA' }, 1)).toEqual({
      status: S.Undeliverable,
      retry: false,
    });
    expect(afterFailure({ code: 'ENOENT' }, 1)).toEqual({ status: S.MissingAttachment, retry: false });
    expect(afterFailure({ reason: 'quota' }, 1)).toEqual({ status: S.QuotaExceeded, retry: false });
    expect(afterFailure({ code: 'EAUTH' }, 1)).toEqual({ status: S.UnspecifiedError, retry: false });
  });
});

describe('who sees what', () => {
  const staff = testIdentity({ brokerId: 'b1' });
  const acme = testIdentity({ kind: 'customer', brokerId: 'b1', organizationId: 'acme' });
  const file = {
    brokerId: 'b1',
    sourceType: 'shipment',
    customerOrganizationId: 'acme',
    accessLevel: Public,
  };
  it('shows staff their broker’s files and customers the Public files of their own shipments', () => {
    expect(canSeeAttachment(staff, { ...file, accessLevel: Private })).toBe(true);
    expect(canSeeAttachment(testIdentity({ brokerId: 'b2' }), file)).toBe(false);
    expect(canSeeAttachment(acme, file)).toBe(true);
    expect(canSeeAttachment(acme, { ...file, accessLevel: Private })).toBe(false);
    expect(canSeeAttachment(acme, { ...file, customerOrganizationId: 'globex' })).toBe(false);
    expect(canSeeAttachment(acme, { ...file, sourceType: 'organization' })).toBe(false);
    expect(canSeeShipment(acme, { brokerId: 'b1', customerOrganizationId: 'globex' })).toBe(false);
  });
});

describe('generated documents', () => {
  const shipment = (over: Partial<ShipmentState> = {}): ShipmentState => ({
    shipmentId: 10005,
    version: 1,
    brokerId: 'b1',
    customerOrganizationId: 'acme',
    shipmentType: 4,
    status: 300,
    transitDays: 2,
    weightUnit: 0,
    totalWeight: 12000,
    dimensionUnit: 0,
    totalHandlingUnits: 10,
    originBaseUTCOffset: -5,
    lockdownMarketplaceBuyer: false,
    noAccountingInvoice: false,
    lostQuote: false,
    shipmentAlertTypes: [],
    consolidationParentId: null,
    createdDate: '2026-11-20T10:00:00.000Z',
    transitLegs: [
      {
        transitLegId: 'leg1',
        sequence: 0,
        transitType: 2,
        status: 300,
        active: true,
        carrierMasterId: 'car1',
        carrierMasterName: 'Old Line Freight',
        carrierPhone: null,
        serviceLevel: 0,
        scac: 'OLFT',
        trackingUrl: null,
        integrationEnableAPITracking: false,
        trackingIntegrationEnableAPITracking: false,
        trackingIntegrationSourceId: null,
        integrationSourceId: null,
      },
    ],
    stops: [],
    referenceNumbers: [
      {
        referenceId: 'r1',
        referenceType: 1060,
        referenceTypeCode: 'OfferRate',
        value: '2150.00',
        transitLegId: null,
      },
    ],
    ...over,
  });

  it('picks the carrier confirmation by mode; TONU for a canceled load', () => {
    expect(carrierConfirmationFor(shipment())).toBe('CarrierConfirmationTruckload');
    expect(carrierConfirmationFor(shipment({ shipmentType: 2 }))).toBe('CarrierConfirmationLTL');
    expect(carrierConfirmationFor(shipment({ shipmentType: 2048 }))).toBe('CarrierConfirmationDrayage');
    expect(carrierConfirmationFor(shipment({ shipmentType: 1 }))).toBe('CarrierConfirmationDomesticFreight');
    expect(carrierConfirmationFor(shipment({ status: 1100 }))).toBe('CarrierConfirmationTONU');
  });

  it('offers no carrier confirmation without a carrier, nor to customers', () => {
    const noCarrier = shipment({ transitLegs: [{ ...shipment().transitLegs[0]!, carrierMasterId: null }] });
    expect(availableDocuments(noCarrier, 'staff').map((d) => d.document)).toEqual([
      'BOLEmail',
      'RateQuoteSheet',
    ]);
    expect(availableDocuments(shipment({ shipmentType: 2048 }), 'customer').map((d) => d.document)).toEqual([
      'BOLEmail',
      'RateQuoteSheetDrayage',
    ]);
  });

  it("keeps the carrier's rate off the BOL and the rate quote sheet: only its carrier confirmation has it", () => {
    const line = (over: Partial<ChargeLine>): ChargeLine => ({
      chargeLineId: 'c1',
      transitLegId: 'leg1',
      chargeLineType: 'Linehaul',
      description: 'Linehaul',
      carrierMasterId: 'car1',
      buyCents: 0,
      sellCents: 0,
      ...over,
    });
    const chargeLines = [
      line({ buyCents: 185000, sellCents: 240000 }),
      line({
        chargeLineId: 'c2',
        transitLegId: null,
        description: 'Fuel surcharge',
        buyCents: 27550,
        sellCents: 31000,
      }),
      // another leg's carrier, and this carrier on another leg: not this confirmation's rate
      line({ chargeLineId: 'c3', carrierMasterId: 'car9', buyCents: 9900 }),
      line({ chargeLineId: 'c4', transitLegId: 'leg0', buyCents: 4400 }),
    ];
    const inputs = { brokerName: 'Demo', customerName: 'Acme', chargeLines };
    const text = (c: ReturnType<typeof documentContent>) => JSON.stringify(c);
    const bol = text(documentContent('BOLEmail', shipment(), inputs));
    for (const amount of ['2150.00', '$1,850.00', '$2,400.00']) expect(bol).not.toContain(amount);
    const confirmation = text(documentContent('CarrierConfirmationTruckload', shipment(), inputs));
    for (const amount of ['$1,850.00', '$275.50', '$2,125.50']) expect(confirmation).toContain(amount);
    for (const amount of ['$99.00', '$44.00', '$2,400.00']) expect(confirmation).not.toContain(amount);
    expect(carrierChargeLines(shipment(), chargeLines).map((l) => l.chargeLineId)).toEqual(['c1', 'c2']);
    const quote = text(documentContent('RateQuoteSheet', shipment(), inputs));
    for (const amount of ['$2,400.00', '$310.00', '$2,710.00']) expect(quote).toContain(amount);
    expect(quote).not.toContain('$1,850.00');
    // no charge lines yet (accounting has published none): the rate is to be confirmed
    const none = { ...inputs, chargeLines: [] };
    expect(text(documentContent('CarrierConfirmationTruckload', shipment(), none))).toContain(
      'Rate: to be confirmed',
    );
    expect(text(documentContent('RateQuoteSheet', shipment(), none))).toContain('Charges: to be confirmed');
  });

  it('prints integer cents as dollars', () => {
    expect(formatCents(212550)).toBe('$2,125.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(-2500)).toBe('-$25.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(() => formatCents(10.5)).toThrow(RangeError);
  });

  it('flags a shipment declared hazardous (accessorial 46) whose items are not described yet', () => {
    const inputs = { brokerName: 'Demo', customerName: 'Acme', chargeLines: [] };
    const flagged = shipment({ accessorials: [{ accessorialId: 46, name: 'Hazardous' }] });
    expect(isHazardous(flagged)).toBe(true);
    expect(isHazardous(shipment())).toBe(false);
    const bol = documentContent('BOLEmail', flagged, inputs);
    const hazmat = bol.blocks.find((b) => b.heading === 'Hazardous materials');
    expect(hazmat).toMatchObject({
      kind: 'text',
      paragraphs: [expect.stringContaining('UN number, proper shipping name, hazard class, packing group')],
    });
    const items = bol.blocks.find((b) => b.heading === 'Line items');
    expect(items).toMatchObject({
      kind: 'table',
      rows: [
        [
          expect.anything(),
          '—',
          '—',
          '—',
          '12,000',
          'X',
          'Freight as tendered (no line items entered)',
          '—',
          '—',
          '—',
        ],
      ],
    });
  });

  it('reads the print links’ t', () => {
    expect(chooseDocument('BOL', shipment(), 'customer')).toEqual({ ok: true, document: 'BOLEmail' });
    expect(chooseDocument('13', shipment(), 'staff')).toEqual({
      ok: true,
      document: 'CarrierConfirmationTruckload',
    });
    expect(chooseDocument('CarrierConfirmation', shipment(), 'customer')).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(chooseDocument('103', shipment(), 'staff')).toMatchObject({ ok: false, status: 404 });
    expect(chooseDocument('', shipment(), 'staff')).toMatchObject({ ok: false, status: 400 });
  });
});
