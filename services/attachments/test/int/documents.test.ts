// The generated documents as a broker hands them out (issue 14 item 16): printed through /Files/Print,
// read back with a PDF text extractor (pdf.js, through unpdf) and checked for what a straight bill of
// lading and a rate confirmation carry. The shipment is created through the shipments service; its line
// items and the charge lines arrive as the event contracts describe them (the shipments service takes
// commodities with issue 17; the accounting service publishes charge lines with issue 16).
import { type ChargeLinesChangedV1, subjects } from '@loadline/contracts/events';
import type { PlatformTables } from '@loadline/platform';
import { createTestRuntime, eventually, type TestRuntime } from '@loadline/platform/testing';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentState } from '../../src/domain/documents.ts';
import { findShipment } from '../../src/store/views.ts';
import { get, ops, type Service, shipper, startService } from './fixtures.ts';

let s: Service;
let accounting: TestRuntime<PlatformTables>;
let shipmentId: number;

const hazmatPhone = '(555) 010-9999';

beforeAll(async () => {
  s = await startService();
  const created = await s.shipments.app.inject({
    method: 'POST',
    url: '/api/shipments',
    headers: s.as(ops),
    payload: {
      customerOrganizationId: 'org_demo_acme',
      shipmentType: 2,
      status: 10,
      weightUnit: 0,
      totalWeight: 2400,
      totalHandlingUnits: 3,
      transitLegs: [
        {
          transitType: 1,
          carrierMasterId: 'car_demo_oldline',
          carrierMasterName: 'Old Line Freight',
          carrierPhone: '(555) 010-2001',
          scac: 'OLFT',
          proNumber: 'OL-558812',
        },
      ],
      stops: [
        {
          stopType: 'FirstPick',
          companyName: 'Zakład Mechaniczny Łódź Sp. z o.o.',
          streetAddress: 'ul. Piotrkowska 104',
          city: 'Łódź',
          zipCode: '90-926',
          country: 'Poland',
          scheduledReadyDateTime: '2026-11-24T08:00:00',
          scheduledCloseDateTime: '2026-11-24T16:00:00',
        },
        {
          stopType: 'Drop',
          companyName: 'Склад Москва',
          city: 'Москва',
          country: 'Russia',
          scheduledReadyDateTime: '2026-11-26T09:00:00',
        },
        {
          stopType: 'LastDrop',
          companyName: 'Αποθήκη Θεσσαλονίκης',
          city: 'Θεσσαλονίκη',
          country: 'Greece',
          scheduledReadyDateTime: '2026-11-28T09:00:00',
        },
      ],
      referenceNumbers: [
        { referenceType: 5, value: 'PO-7781' },
        { referenceType: 3, value: 'SHP-4410' },
        { referenceType: 1061, value: '$25,000.00' },
        { referenceType: 1067, value: '1500.00' },
      ],
      billTo: { companyName: 'Ünal Lojistik A.Ş.', city: 'İstanbul', country: 'Türkiye' },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  shipmentId = created.json().shipmentId;
  await eventually(async () => Boolean(await findShipment(s.t.runtime.db, shipmentId)), 60_000);
  accounting = await createTestRuntime<PlatformTables>({
    service: 'accounting',
    migrations: {},
    config: { eventNamespace: s.namespace, identityPublicKey: s.keys.publicKey },
  });
  await accounting.runtime.start();
}, 180_000);

afterAll(async () => {
  await accounting?.cleanup();
  await s?.close();
});

async function print(t: string, who = ops) {
  const response = await get(s, who, `/Files/Print?s=${shipmentId}&t=${t}`);
  expect(response.status).toBe(200);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const pdf = await getDocumentProxy(bytes.slice());
  // lines of a wrapped paragraph come apart with a line break: read the words with single spaces
  const text = (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, ' ');
  return { bytes, pdf, text, raw: Buffer.from(bytes).toString('latin1') };
}

/** The shipment's state with line items, as the shipments service publishes it once it takes them. */
async function publishShipmentWithLineItems() {
  const view = (await findShipment(s.t.runtime.db, shipmentId))!;
  const state: ShipmentState = {
    ...view.state,
    version: view.state.version + 1,
    commodities: [
      {
        commodityId: 'cmd_1',
        sequence: 0,
        description: 'Machine parts, steel',
        handlingUnits: 2,
        handlingUnitType: 120,
        pieces: 24,
        packageType: 50,
        weight: 1800,
        freightClass: 55,
        nmfc: '133300',
        length: 48,
        width: 40,
        height: 48,
        hazardous: false,
        hazmat: null,
      },
      {
        commodityId: 'cmd_2',
        sequence: 1,
        description: 'Paint in 5 gallon pails',
        handlingUnits: 1,
        handlingUnitType: 120,
        pieces: 12,
        packageType: 100,
        weight: 600,
        freightClass: 77,
        nmfc: '149980',
        length: 48,
        width: 40,
        height: 36,
        hazardous: true,
        hazmat: {
          unNumber: 'UN1263',
          properShippingName: 'Paint',
          hazardClass: '3',
          packingGroup: 2,
          emergencyContactName: 'Hazmat desk',
          emergencyContactPhone: hazmatPhone,
        },
      },
    ],
    accessorials: [
      { accessorialId: 46, name: 'Hazardous' },
      { accessorialId: 12, name: 'Liftgate at delivery' },
    ],
    specialInstructions: 'Call the consignee two hours before arrival.',
  };
  await s.shipments.t.runtime.db
    .transaction()
    .execute((trx) => s.shipments.t.runtime.appendEvent(trx, subjects.shipmentUpdated, state));
  await eventually(
    async () => (await findShipment(s.t.runtime.db, shipmentId))!.state.version === state.version,
    60_000,
  );
}

describe('generated documents print any name as written (an embedded Unicode font)', () => {
  it('prints Polish, Turkish, Greek and Cyrillic names, with the font embedded and no standard font', async () => {
    for (const t of ['BOL', 'CarrierConfirmation', 'RateQuoteSheet']) {
      const { text, raw } = await print(t);
      expect(text).toContain('Zakład Mechaniczny Łódź Sp. z o.o.');
      expect(text).toContain('Łódź');
      expect(text).toContain('Θεσσαλονίκη');
      expect(raw).toContain('/FontFile2');
      expect(raw).not.toMatch(/\/BaseFont \/(Helvetica|Times|Courier)/);
    }
    const bol = (await print('BOL')).text;
    expect(bol).toContain('Склад Москва');
    expect(bol).toContain('Ünal Lojistik A.Ş.');
    expect(bol).toContain('İstanbul');
  });
});

describe('generated documents are tagged PDFs', () => {
  it('carries a structure tree with headings and tables, the language and the title shown', async () => {
    for (const [t, title] of [
      ['BOL', 'Straight Bill of Lading'],
      ['CarrierConfirmation', 'Carrier confirmation (LTL)'],
      ['RateQuoteSheet', 'Rate quote sheet'],
    ] as const) {
      const { pdf, raw } = await print(t);
      expect(raw).toContain('/StructTreeRoot');
      expect(raw).toMatch(/\/MarkInfo \d+ 0 R/);
      expect(raw).toContain('/DisplayDocTitle true');
      expect(await pdf.getMarkInfo()).toMatchObject({ Marked: true });
      const { info } = (await pdf.getMetadata()) as unknown as { info: { Language: string; Title: string } };
      expect(info.Language).toBe('en-US');
      expect(info.Title).toContain(title);
      const roles = new Set<string>();
      const walk = (node: { role?: string; children?: unknown[] }) => {
        if (node.role) roles.add(node.role);
        for (const child of node.children ?? []) walk(child as typeof node);
      };
      walk(await (await pdf.getPage(1)).getStructTree());
      for (const role of ['Document', 'H1', 'Sect', 'H2', 'Table', 'TR', 'TH', 'TD'])
        expect(roles).toContain(role);
    }
  });
});

describe('the bill of lading is a straight bill of lading', () => {
  it('names shipper, consignee, bill-to, carrier, SCAC, pro number and references, with terms and signature blocks', async () => {
    const { text } = await print('BOL');
    for (const expected of [
      'Straight Bill of Lading',
      'Not negotiable',
      'Ship from (shipper)',
      'Ship to (consignee)',
      'Bill to (freight charges)',
      'Old Line Freight',
      'OLFT',
      'OL-558812',
      'PO-7781',
      'SHP-4410',
      '11/24/2026',
      '$25,000.00',
      'COD amount',
      'Terms and conditions',
      'Received, subject to the classifications and tariffs in effect on the date of this bill of lading',
      'Shipper signature',
      'Carrier signature',
      'Consignee signature',
      'Pickup date',
      // without line items yet, the shipment's totals stand as one line
      'Freight as tendered (no line items entered)',
      '2,400',
    ])
      expect(text).toContain(expected);
    // the broker's buy limits are on no document
    expect(text).not.toContain('1500.00');
  });

  it('lists the line items with class, NMFC, dimensions and the hazardous item with its UN number', async () => {
    await publishShipmentWithLineItems();
    const { text } = await print('BOL');
    for (const expected of [
      'Line items',
      'Machine parts, steel',
      'Pallet',
      'Carton',
      '1,800',
      '133300',
      '48 x 40 x 48',
      'Drum',
      '149980',
      '77.5',
      'UN1263, Paint, 3, PG II',
      'Hazardous materials',
      'UN1263',
      hazmatPhone,
      'Hazmat desk',
      'Total',
      '2,400',
      'Special services: Hazardous, Liftgate at delivery.',
      'Call the consignee two hours before arrival.',
    ])
      expect(text).toContain(expected);
    expect(text).not.toContain('Freight as tendered');
  });
});

describe('the carrier confirmation carries the carrier’s rate from its charge lines', () => {
  type Line = ChargeLinesChangedV1['chargeLines'][number];
  const line = (over: Partial<Line>): Line => ({
    chargeLineId: 'chl_1',
    transitLegId: null,
    chargeLineType: 'Linehaul',
    description: 'Linehaul',
    carrierMasterId: 'car_demo_oldline',
    buyCents: 0,
    sellCents: 0,
    ...over,
  });

  it('reads "Rate: to be confirmed" until accounting publishes charge lines, then the lines and their total', async () => {
    const before = await print('CarrierConfirmation');
    expect(before.text).toContain('Rate: to be confirmed');
    for (const expected of ['Carrier acceptance', 'Carrier signature', 'Broker signature', 'Terms', 'Stops'])
      expect(before.text).toContain(expected);
    expect((await print('RateQuoteSheet', shipper)).text).toContain('Charges: to be confirmed');

    await accounting.runtime.db.transaction().execute((trx) =>
      accounting.runtime.appendEvent(trx, subjects.chargeLinesChanged, {
        shipmentId,
        version: 1,
        brokerId: ops.brokerId!,
        chargeLines: [
          line({ chargeLineId: 'chl_1', description: 'Linehaul', buyCents: 185000, sellCents: 240000 }),
          line({
            chargeLineId: 'chl_2',
            chargeLineType: 'Fuel',
            description: 'Fuel surcharge',
            buyCents: 27550,
            sellCents: 31000,
          }),
          // another carrier's line (a pickup carrier, say) is not this carrier's rate
          line({
            chargeLineId: 'chl_3',
            description: 'Pickup',
            carrierMasterId: 'car_demo_prairie',
            buyCents: 9900,
          }),
        ],
      }),
    );
    await eventually(async () => (await print('CarrierConfirmation')).text.includes('$2,125.50'), 60_000);

    const { text } = await print('CarrierConfirmation');
    for (const expected of ['Linehaul', '$1,850.00', 'Fuel surcharge', '$275.50', 'Total', '$2,125.50'])
      expect(text).toContain(expected);
    expect(text).not.toContain('to be confirmed');
    expect(text).not.toContain('$99.00');
    expect(text).not.toContain('$2,400.00');

    // the customer's charges on the rate quote sheet, never the carrier's rate; neither on the BOL
    const quote = (await print('RateQuoteSheet', shipper)).text;
    for (const expected of ['$2,400.00', '$310.00', '$2,710.00']) expect(quote).toContain(expected);
    expect(quote).not.toContain('$1,850.00');
    const bol = (await print('BOL')).text;
    expect(bol).not.toContain('$1,850.00');
    expect(bol).not.toContain('$2,400.00');
  });
});
