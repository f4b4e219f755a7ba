import { sql } from '@loadline/platform';
import { buildService } from '@loadline/platform/testing';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData, shipmentsService } from '../../src/service.ts';
import { otherBroker, type Shipments, today } from './fixtures.ts';
import { admin, call, csvOf, goodRow, type Row, until, upload } from './import-fixtures.ts';

let t: Shipments;

beforeAll(async () => {
  t = await buildService(shipmentsService, { background: true });
  await seedDemoData(t.runtime, today);
}, 60_000);
afterAll(() => t?.cleanup());

/** A workbook whose first sheet has `headers` and the rows; date-times as date cells, as a spreadsheet keeps them. */
async function workbookOf(
  headers: readonly string[],
  rows: readonly Row[],
  fromColumn: (h: string) => string,
) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Shipments');
  sheet.addRow([...headers]);
  for (const r of rows) {
    sheet.addRow(
      headers.map((h) => {
        const v = r[fromColumn(h)] ?? '';
        const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(v);
        // a wall time, kept as the spreadsheet keeps it (read back as UTC)
        if (m) return new Date(Date.UTC(+m[3]!, +m[1]! - 1, +m[2]!, +m[4]!, +m[5]!));
        if ((h === 'Total Weight' || h === 'Handling Units') && /^\d+$/.test(v)) return Number(v);
        return v;
      }),
    );
  }
  sheet.getColumn(headers.indexOf('Pickup Ready') + 1).numFmt = 'mm/dd/yyyy hh:mm';
  sheet.getColumn(headers.indexOf('Pickup Close') + 1).numFmt = 'mm/dd/yyyy hh:mm';
  // a second sheet is not read
  book.addWorksheet('Notes').addRow(['Shipment Type', 'not a shipment']);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const usual = [
  'Shipment Type',
  'Origin Company',
  'Origin City',
  'Origin State',
  'Origin Zip',
  'Pickup Ready',
  'Pickup Close',
  'Destination Company',
  'Destination City',
  'Destination State',
  'Destination Zip',
  'Total Weight',
  'Handling Units',
  'PO Number',
];

const pickupReadyOf = async (po: string) =>
  (
    await t.runtime.db
      .selectFrom('reference_number')
      .innerJoin('stop', 'stop.shipment_id', 'reference_number.shipment_id')
      .select(['stop.sequence', sql<string>`stop.scheduled_ready::text`.as('ready')])
      .where('reference_number.reference_type_code', '=', 'PONumber')
      .where('reference_number.value', '=', po)
      .orderBy('stop.sequence')
      .execute()
  ).map((s) => s.ready);

describe('an Excel workbook (.xlsx)', () => {
  it('is read row by row from its first sheet, date cells as dates, and imported', async () => {
    const book = await workbookOf(
      usual,
      [goodRow(1, { 'PO Number': 'XLSX-A-1' }), goodRow(2, { 'PO Number': 'XLSX-A-2', 'Total Weight': 'x' })],
      (h) => h,
    );
    const res = await upload(t, admin, book, { fileName: 'June loads.XLSX' });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    const reviewed = await until(t, id, ['review', 'error']);
    expect(reviewed).toMatchObject({ importStatus: 'review', totalRows: 2, goodRows: 1, badRows: 1 });
    const review = (await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}/review`)).json();
    expect(review.problems).toEqual([expect.objectContaining({ rowNumber: 3, column: 'Total Weight' })]);
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);
    expect(await until(t, id, ['imported'])).toMatchObject({ importedRows: 1 });
    const [origin] = await pickupReadyOf('XLSX-A-1');
    expect(origin).toContain('2026-03-02');
    expect(origin).toContain('08:00');
  });

  it('another kind of file is refused on upload; a file that is not a workbook is in error, naming why', async () => {
    const refused = await upload(t, admin, 'a,b\r\n', { fileName: 'shipments.numbers' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(
      'Upload the file as CSV (.csv) or Excel workbook (.xlsx); save other spreadsheets as one of those first.',
    );
    const broken = await upload(t, admin, Buffer.from('this is not a zip file at all'), {
      fileName: 'x.xlsx',
    });
    expect(broken.statusCode, broken.body).toBe(201);
    const id = broken.json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    const failed = await until(t, id, ['error', 'review']);
    expect(failed.importStatus).toBe('error');
    expect(failed.error).toContain('The file is not an Excel workbook (.xlsx) that can be read');
  });
});

describe('the mapping step', () => {
  // a customer's own export: two columns under its own names
  const theirs: Record<string, string> = { 'Mode of shipment': 'Shipment Type', 'Customer PO': 'PO Number' };
  const headers = usual.map((h) => Object.entries(theirs).find(([, c]) => c === h)?.[0] ?? h);
  const put = (id: number, mapping: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/bulkProcessQueue/${id}/mapping`,
      headers: t.as(admin),
      payload: { mapping },
    });

  it('maps the headers the importer does not know, checks the file again and imports it', async () => {
    const book = await workbookOf(
      [...headers, 'Internal notes'],
      [goodRow(1, { 'PO Number': 'MAP-1' }), goodRow(2, { 'PO Number': 'MAP-2' })],
      (h) => theirs[h] ?? h,
    );
    const id = (await upload(t, admin, book, { fileName: 'export.xlsx' })).json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    const failed = await until(t, id, ['error', 'review']);
    expect(failed.importStatus).toBe('error');
    expect(failed.error).toContain('The header row has no Shipment Type column.');
    expect(failed.unknownHeaders).toEqual(['Mode of shipment', 'Customer PO', 'Internal notes']);
    expect(failed.templateColumns).toContain('Shipment Type');

    // a column that is not the template's, or one taken twice, is a field error naming the header
    const wrong = await put(id, { 'Mode of shipment': 'Hovercraft', 'Customer PO': 'PO Number' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('mapping.Mode of shipment');
    expect(wrong.body).toContain('Hovercraft is not a column of this import');
    const twice = await put(id, { 'Mode of shipment': 'PO Number', 'Customer PO': 'PO Number' });
    expect(twice.statusCode).toBe(400);
    expect(twice.body).toContain('PO Number is already taken by the header Mode of shipment.');
    expect((await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}`)).json().importStatus).toBe('error');

    const mapped = await put(id, { ...theirs, 'Internal notes': '' });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json()).toMatchObject({ importStatus: 'processing', columnMapping: { ...theirs } });
    // the same mapping again while it is checked changes nothing
    expect((await put(id, { ...theirs, 'Internal notes': '' })).statusCode).toBe(200);
    const reviewed = await until(t, id, ['review', 'error']);
    expect(reviewed).toMatchObject({ importStatus: 'review', goodRows: 2, badRows: 0, unknownHeaders: [] });
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);
    expect(await until(t, id, ['imported'])).toMatchObject({ importedRows: 2 });
    expect(await pickupReadyOf('MAP-2')).toHaveLength(2);
    // once imported, there is nothing left to map
    expect((await put(id, theirs)).statusCode).toBe(409);
  });

  it("another broker's importer cannot map this broker's import (404)", async () => {
    const id = (
      await upload(t, admin, await workbookOf(usual, [goodRow(1)], (h) => h), { fileName: 'a.xlsx' })
    ).json().bulkProcessId;
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `/api/bulkProcessQueue/${id}/mapping`,
      headers: t.as({ ...otherBroker, permissions: admin.permissions }),
      payload: { mapping: {} },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('commodity, accessorial and special-instruction columns (decision 0097)', () => {
  it('import a hazardous line with its details, the accessorials by name, through the create rules', async () => {
    const rows = [
      goodRow(1, {
        'PO Number': 'LINE-1',
        Commodity: 'Paint',
        Pieces: '4',
        'Commodity Weight': '800',
        'Freight Class': '85',
        Hazardous: 'Yes',
        'UN Number': 'UN1263',
        'Proper Shipping Name': 'Paint',
        'Hazard Class': '3',
        'Packing Group': 'II',
        'Emergency Contact Name': 'Chemtrec',
        'Emergency Contact Phone': '(800) 424-9300',
        Accessorials: 'Liftgate Delivery; Delivery Appointment',
        'Special Instructions': 'Dock 4',
      }),
      goodRow(2, { 'PO Number': 'LINE-2', Accessorials: 'Teleport' }),
    ];
    const id = (await upload(t, admin, csvOf(70, rows))).json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    expect(await until(t, id, ['review', 'error'])).toMatchObject({ goodRows: 1, badRows: 1 });
    const review = (await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}/review`)).json();
    expect(review.problems).toEqual([
      { rowNumber: 3, column: 'Accessorials', reason: 'Teleport is not an accessorial of the list.' },
    ]);
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);
    await until(t, id, ['imported']);
    const { shipment_id } = await t.runtime.db
      .selectFrom('reference_number')
      .select('shipment_id')
      .where('value', '=', 'LINE-1')
      .executeTakeFirstOrThrow();
    const lines = await t.runtime.db
      .selectFrom('commodity')
      .select(['description', 'hazardous', 'un_number'])
      .where('shipment_id', '=', shipment_id)
      .execute();
    expect(lines).toEqual([{ description: 'Paint', hazardous: true, un_number: 'UN1263' }]);
    const accessorials = await t.runtime.db
      .selectFrom('shipment_accessorial')
      .select('accessorial_id')
      .where('shipment_id', '=', shipment_id)
      .orderBy('accessorial_id')
      .execute();
    // the two chosen, the required fuel surcharge and 46 for the hazardous line (decision 0090)
    expect(accessorials.map((a) => a.accessorial_id)).toEqual([11, 15, 30, 46]);
    const shipment = await t.runtime.db
      .selectFrom('shipment')
      .select('special_instructions')
      .where('shipment_id', '=', shipment_id)
      .executeTakeFirstOrThrow();
    expect(shipment.special_instructions).toBe('Dock 4');
  });
});
