// The shipment importer against the real servers (issue 17 items 4–6; decision 0095): a file with bad rows
// gives a review listing each (row, column, reason) and imports nothing until confirmed; confirmed, the good
// rows become shipments through the create rules with their events; historical imports keep their final
// statuses without status events; going back drops the file; other brokers, customers and staff without the
// importer's role are refused.
import {
  BulkProcessStatus,
  BulkProcessType,
  ShipmentStatus,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import { subjects } from '@loadline/contracts/events';
import { sql } from '@loadline/platform';
import { buildService } from '@loadline/platform/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_BATCH_ROWS, IMPORT_CHUNK_BYTES } from '../../src/domain/bulk-import.ts';
import { updatedEvent } from '../../src/domain/shipment.ts';
import { seedDemoData, shipmentsService } from '../../src/service.ts';
import { loadShipment } from '../../src/store/shipments.ts';
import {
  lastPosition,
  ops,
  otherBroker,
  outbox,
  outboxAfter,
  type Shipments,
  shipper,
  today,
} from './fixtures.ts';
import { admin, call, csvOf, goodRow, siteAdmin, until, upload } from './import-fixtures.ts';

const T = BulkProcessType.values;
const B = BulkProcessStatus.values;
const S = ShipmentStatus.values;
let t: Shipments;

beforeAll(async () => {
  t = await buildService(shipmentsService, { background: true });
  await seedDemoData(t.runtime, today);
}, 60_000);
afterAll(() => t?.cleanup());

const shipmentsWithPo = async (prefix: string) =>
  (
    await t.runtime.db
      .selectFrom('reference_number')
      .select('shipment_id')
      .where('reference_type_code', '=', 'PONumber')
      .where('value', 'like', `${prefix}%`)
      .execute()
  ).length;

describe('a file with bad rows', () => {
  it('is reviewed row by row, nothing imported until confirmed; confirmed, the good rows become shipments', async () => {
    const rows = [
      goodRow(1, { 'PO Number': 'BAD-A-1' }),
      goodRow(2, { 'PO Number': 'BAD-A-2', 'Origin Zip': '' }),
      goodRow(3, { 'PO Number': 'BAD-A-3', 'Total Weight': 'heavy' }),
      goodRow(4, { 'PO Number': 'BAD-A-4', 'Pickup Close': '03/01/2026 07:00' }),
      goodRow(5, { 'PO Number': 'BAD-A-5', 'Customer Id': 'org_nobody' }),
      goodRow(6, { 'PO Number': 'BAD-A-6', 'Pickup Ready': '02/30/2026' }),
      goodRow(7, { 'PO Number': 'BAD-A-7', 'Shipment Type': 'Hovercraft' }),
      goodRow(8, { 'PO Number': 'BAD-A-8, with "quotes"', 'Origin Company': 'Acme, Plant "3"' }),
      // longer than an order may say (the create call's limits, the event's and the table's too): refused in
      // the review, not at the import
      goodRow(9, {
        'PO Number': 'BAD-A-9',
        Commodity: 'x'.repeat(501),
        Pieces: '1',
        'Commodity Weight': '100',
      }),
      goodRow(10, { 'PO Number': 'BAD-A-10', 'Origin Company': 'C'.repeat(201) }),
    ];
    const res = await upload(t, admin, csvOf(T.ShipmentImport, rows));
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json();
    expect(uploaded).toMatchObject({ status: B.Pending, importStatus: 'uploaded', processType: 70 });
    expect(uploaded.sizeBytes).toBeGreaterThan(0);

    // 001 §4: confirm, then processing; the check runs as a job and reports to the progress tracker
    const started = await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/start`);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().traceLogId).toMatch(/^trc_/);
    const reviewed = await until(t, uploaded.bulkProcessId, ['review', 'error']);
    expect(reviewed).toMatchObject({
      importStatus: 'review',
      status: B.Pending,
      totalRows: 10,
      goodRows: 2,
      badRows: 8,
    });

    const review = (
      await call(t, admin, 'GET', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/review`)
    ).json();
    const byRow = (row: number) => review.problems.filter((p: { rowNumber: number }) => p.rowNumber === row);
    // the header is row 1: the file's first shipment is row 2
    expect(byRow(2)).toEqual([]);
    expect(byRow(3)).toEqual([
      { rowNumber: 3, column: 'Origin Zip', reason: 'The origin ZIP or postal code is required.' },
    ]);
    expect(byRow(4)).toEqual([
      { rowNumber: 4, column: 'Total Weight', reason: 'heavy is not a number of 0 or more.' },
    ]);
    expect(byRow(5)).toEqual([
      {
        rowNumber: 5,
        column: 'Pickup Close',
        reason: 'Pickup close (03/01/2026 07:00) must not be before pickup ready (03/02/2026 08:00).',
      },
    ]);
    expect(byRow(6)).toEqual([
      { rowNumber: 6, column: 'Customer Id', reason: 'org_nobody is not a customer of your broker.' },
    ]);
    expect(byRow(7)).toEqual([
      {
        rowNumber: 7,
        column: 'Pickup Ready',
        reason:
          '02/30/2026 is not a date and time: write mm/dd/yyyy with a 24-hour time, as 03/02/2026 14:30.',
      },
    ]);
    expect(byRow(8)).toEqual([
      { rowNumber: 8, column: 'Shipment Type', reason: 'Hovercraft is not a known shipment type.' },
    ]);
    expect(byRow(9)).toEqual([]);
    expect(byRow(10)).toEqual([
      {
        rowNumber: 10,
        column: 'Commodity',
        reason: 'commodities.0.description must be at most 500 characters.',
      },
    ]);
    expect(byRow(11)).toEqual([
      {
        rowNumber: 11,
        column: 'Origin Company',
        reason: 'stops.0.companyName must be at most 200 characters.',
      },
    ]);
    expect(review.nextAfterRow).toBeNull();

    // nothing imported before the confirmation
    expect(await shipmentsWithPo('BAD-A-')).toBe(0);
    const before = (await outbox(t)).filter((r) => r.subject === subjects.shipmentUpdated).length;

    const confirmed = await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/confirm`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ importStatus: 'importing', status: B.Running });
    const done = await until(t, uploaded.bulkProcessId, ['imported', 'error']);
    expect(done).toMatchObject({ importStatus: 'imported', status: B.Complete, importedRows: 2 });
    expect(await shipmentsWithPo('BAD-A-')).toBe(2);
    const events = (await outbox(t)).filter((r) => r.subject === subjects.shipmentUpdated).length;
    expect(events - before).toBe(2);

    // the quoted values arrive whole
    const stop = await t.runtime.db
      .selectFrom('stop')
      .innerJoin('reference_number as r', 'r.shipment_id', 'stop.shipment_id')
      .select('stop.company_name')
      .where('r.value', '=', 'BAD-A-8, with "quotes"')
      .where('stop.sequence', '=', 0)
      .executeTakeFirstOrThrow();
    expect(stop.company_name).toBe('Acme, Plant "3"');

    // the result for the importer's email (the attachments service sends it): the rows left out as CSV
    const result = (await outbox(t)).find(
      (r) =>
        r.subject === subjects.shipmentImportFinished &&
        r.envelope.data.bulkProcessId === uploaded.bulkProcessId,
    );
    expect(result?.envelope.data).toMatchObject({
      recipient: admin.email,
      totalRows: 10,
      importedRows: 2,
      rejectedRows: 8,
    });
    const csvLines = String(result?.envelope.data.rejectedRowsCsv).trim().split('\r\n');
    expect(csvLines[0]).toBe('Row,Column,Reason');
    expect(csvLines[1]).toBe('3,Origin Zip,The origin ZIP or postal code is required.');
    expect(csvLines).toHaveLength(9);
    expect(csvLines[7]).toBe('10,Commodity,commodities.0.description must be at most 500 characters.');
    expect(csvLines[8]).toBe('11,Origin Company,stops.0.companyName must be at most 200 characters.');

    // the tracker says it finished
    const tracker = await t.runtime.redis.hgetall(`${t.config.queuePrefix}:progress:${done.traceLogId}`);
    expect(tracker).toMatchObject({ isFinished: '1', progress: '100', trackerType: 'BulkImport' });

    // once imported it cannot be canceled; confirming again changes nothing
    const cancel = await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/cancel`);
    expect(cancel.statusCode).toBe(409);
    const again = await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/confirm`);
    expect(again.json()).toMatchObject({ importStatus: 'imported', importedRows: 2 });
    expect(await shipmentsWithPo('BAD-A-')).toBe(2);
  });

  it('lists every problem of a row, each on its column: the stop times too when other columns are wrong', async () => {
    const rows = [
      goodRow(1, { 'PO Number': 'MANY-PROBLEMS-1' }),
      goodRow(2, {
        'PO Number': 'MANY-PROBLEMS-2',
        'Shipment Type': 'Spaceship',
        Commodity: 'Plastic pellets',
        Pieces: '-3',
        'Commodity Weight': '1200',
        'Pickup Ready': '12/08/2026 08:00',
        'Pickup Close': '12/07/2026 16:00',
      }),
      // the customer's check (in the database) joins the row's other problems
      goodRow(3, {
        'PO Number': 'MANY-PROBLEMS-3',
        'Customer Id': 'org_nobody',
        'Total Weight': 'heavy',
        'Delivery Ready': '03/04/2026 17:00',
        'Delivery Close': '03/04/2026 16:00',
      }),
    ];
    const res = await upload(t, admin, csvOf(T.ShipmentImport, rows));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    expect(await until(t, id, ['review', 'error'])).toMatchObject({
      importStatus: 'review',
      totalRows: 3,
      goodRows: 1,
      badRows: 2,
    });
    const review = (await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}/review`)).json();
    expect(review.problems).toEqual([
      { rowNumber: 3, column: 'Shipment Type', reason: 'Spaceship is not a known shipment type.' },
      { rowNumber: 3, column: 'Pieces', reason: '-3 is not a whole number of 0 or more.' },
      {
        rowNumber: 3,
        column: 'Pickup Close',
        reason: 'Pickup close (12/07/2026 16:00) must not be before pickup ready (12/08/2026 08:00).',
      },
      { rowNumber: 4, column: 'Total Weight', reason: 'heavy is not a number of 0 or more.' },
      {
        rowNumber: 4,
        column: 'Delivery Ready',
        reason:
          'Delivery estimated (03/04/2026 17:00) must be on or before delivery close (03/04/2026 16:00).',
      },
      { rowNumber: 4, column: 'Customer Id', reason: 'org_nobody is not a customer of your broker.' },
    ]);
    expect((await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/cancel`)).statusCode).toBe(200);
    expect(await shipmentsWithPo('MANY-PROBLEMS-')).toBe(0);
  });

  it('going back imports nothing and drops the file (status Skip)', async () => {
    const res = await upload(t, siteAdmin, csvOf(T.ShipmentImport, [goodRow(1, { 'PO Number': 'BACK-1' })]));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bulkProcessId;
    await call(t, siteAdmin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    await until(t, id, ['review']);
    const back = await call(t, siteAdmin, 'POST', `/api/bulkProcessQueue/${id}/cancel`);
    expect(back.json()).toMatchObject({ importStatus: 'canceled', status: B.Skip });
    expect((await call(t, siteAdmin, 'POST', `/api/bulkProcessQueue/${id}/confirm`)).statusCode).toBe(409);
    expect((await call(t, siteAdmin, 'POST', `/api/bulkProcessQueue/${id}/start`)).statusCode).toBe(409);
    expect((await call(t, siteAdmin, 'POST', `/api/bulkProcessQueue/${id}/cancel`)).statusCode).toBe(200);
    expect(await shipmentsWithPo('BACK-')).toBe(0);
    const chunks = await t.runtime.db
      .selectFrom('bulk_process_chunk')
      .select('sequence')
      .where('bulk_process_id', '=', id)
      .execute();
    expect(chunks).toEqual([]);
  });

  it('a file without the template header is in error (001 §4: processing, then error)', async () => {
    const res = await upload(t, admin, 'name,weight\r\nx,1\r\n');
    const id = res.json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    const failed = await until(t, id, ['error', 'review']);
    expect(failed).toMatchObject({ importStatus: 'error', status: B.Error });
    expect(failed.error).toContain('The header row has no Shipment Type column.');
  });
});

describe('a file of many pieces', () => {
  it('is stored in pieces of the set size however it arrives, read across the cuts, and imported batch by batch with each shipment and its event once', async () => {
    const ROWS = 16 * IMPORT_BATCH_ROWS + 17;
    const rows = Array.from({ length: ROWS }, (_, i) =>
      goodRow(i + 1, { 'PO Number': `MANY-${i + 1}`, 'Origin Company': `Müller Kühlhaus ${i + 1}` }),
    );
    // padding on the first row so that a two-byte character straddles the first cut between pieces
    const plain = Buffer.from(csvOf(T.ShipmentImport, rows));
    let pad = 0;
    while (plain[IMPORT_CHUNK_BYTES - 1 - pad] !== 0xc3) pad++;
    expect(pad).toBeLessThan(200);
    rows[0] = { ...rows[0]!, 'Origin Address 2': 'x'.repeat(pad) };
    const file = Buffer.from(csvOf(T.ShipmentImport, rows));
    expect(file[IMPORT_CHUNK_BYTES - 1]).toBe(0xc3);
    expect(file.length).toBeGreaterThan(2 * IMPORT_CHUNK_BYTES);

    // the upload arrives as one piece of the whole file; it is stored in pieces of IMPORT_CHUNK_BYTES
    const res = await upload(t, admin, file);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().bulkProcessId;
    const pieces = await t.runtime.db
      .selectFrom('bulk_process_chunk')
      .select(['sequence', sql<number>`length(bytes)`.as('size')])
      .where('bulk_process_id', '=', id)
      .orderBy('sequence')
      .execute();
    expect(pieces.map((x) => x.sequence)).toEqual(
      Array.from({ length: Math.ceil(file.length / IMPORT_CHUNK_BYTES) }, (_, i) => i),
    );
    expect(pieces.slice(0, -1).every((x) => x.size === IMPORT_CHUNK_BYTES)).toBe(true);
    expect(pieces.reduce((sum, x) => sum + x.size, 0)).toBe(file.length);

    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    expect(await until(t, id, ['review', 'error'])).toMatchObject({ goodRows: ROWS, badRows: 0 });
    const before = await lastPosition(t);
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);
    expect(await until(t, id, ['imported', 'error'])).toMatchObject({
      importStatus: 'imported',
      importedRows: ROWS,
    });

    const imported = await t.runtime.db
      .selectFrom('bulk_process_row')
      .select(['row_number', 'shipment_id'])
      .where('bulk_process_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(imported.map((r) => r.row_number)).toEqual(rows.map((_, i) => i + 2));
    const events = (await outboxAfter(t, before)).filter((r) => r.subject === subjects.shipmentUpdated);
    expect(events.map((e) => e.envelope.data.shipmentId)).toEqual(imported.map((r) => Number(r.shipment_id)));
    // each event carries the shipment as stored (read back after the batch's statement), as a single create's
    for (const row of [imported[0]!, imported[IMPORT_BATCH_ROWS]!, imported.at(-1)!]) {
      const stored = (await loadShipment(t.runtime.db, Number(row.shipment_id), null))!;
      const event = events.find((e) => e.envelope.data.shipmentId === stored.shipmentId)!;
      expect(event.envelope.data).toEqual(JSON.parse(JSON.stringify(updatedEvent(stored))));
      expect(stored.stops[0]).toMatchObject({
        companyName: `Müller Kühlhaus ${row.row_number - 1}`,
        scheduledReadyDateTime: '2026-03-02T08:00:00',
      });
      expect(stored.referenceNumbers.map((r) => r.value)).toContain(`MANY-${row.row_number - 1}`);
    }
  });
});

describe('historical imports', () => {
  it('keep their dates and final statuses, with no status change event', async () => {
    const rows = [
      goodRow(1, {
        'PO Number': 'HIST-1',
        Status: 'Delivered',
        'Actual Pickup': '03/02/2026 10:15',
        'Actual Delivery': '03/04/2026 09:40',
      }),
      goodRow(2, { 'PO Number': 'HIST-2', Status: 'Complete' }),
      goodRow(3, { 'PO Number': 'HIST-3', Status: 'Quote' }),
    ];
    const res = await upload(t, admin, csvOf(T.HistoricalShipmentImport, rows), {
      type: T.HistoricalShipmentImport,
    });
    const id = res.json().bulkProcessId;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/start`);
    await until(t, id, ['review']);
    const review = (await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}/review`)).json();
    expect(review.problems).toEqual([
      {
        rowNumber: 4,
        column: 'Status',
        reason: 'A historical shipment is Delivered or Complete, not Quote.',
      },
    ]);
    const before = (await outbox(t)).length;
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${id}/confirm`);
    await until(t, id, ['imported']);
    const imported = await t.runtime.db
      .selectFrom('shipment as s')
      .innerJoin('reference_number as r', 'r.shipment_id', 's.shipment_id')
      .innerJoin('stop as st', (j) =>
        j.onRef('st.shipment_id', '=', 's.shipment_id').on('st.sequence', '=', 0),
      )
      .select(['r.value', 's.status', 'st.scheduled_ready', 'st.actual_departure'])
      .where('r.value', 'like', 'HIST-%')
      .orderBy('r.value')
      .execute();
    expect(imported.map((r) => [r.value, r.status])).toEqual([
      ['HIST-1', S.Delivered],
      ['HIST-2', S.Complete],
    ]);
    const legs = await t.runtime.db
      .selectFrom('transit_leg as l')
      .innerJoin('reference_number as r', 'r.shipment_id', 'l.shipment_id')
      .select('l.status')
      .where('r.value', '=', 'HIST-2')
      .execute();
    expect(legs.map((l) => l.status)).toEqual([S.Complete]);
    // the stop's dates are the file's
    const dates = await t.runtime.db
      .selectFrom('stop as st')
      .innerJoin('reference_number as r', 'r.shipment_id', 'st.shipment_id')
      .select([
        (eb) =>
          eb.fn<string>('to_char', [eb.ref('st.scheduled_ready'), eb.val('MM/DD/YYYY HH24:MI')]).as('ready'),
        (eb) =>
          eb.fn<string>('to_char', [eb.ref('st.actual_departure'), eb.val('MM/DD/YYYY HH24:MI')]).as('left'),
      ])
      .where('r.value', '=', 'HIST-1')
      .where('st.sequence', '=', 0)
      .executeTakeFirstOrThrow();
    expect(dates).toEqual({ ready: '03/02/2026 08:00', left: '03/02/2026 10:15' });
    // creation publishes shipment.updated (for the read models) and no status change: no notification,
    // dispatch or activity entry follows a historical shipment
    const after = (await outbox(t)).slice(before);
    expect(after.filter((r) => r.subject === subjects.shipmentUpdated)).toHaveLength(2);
    expect(after.filter((r) => r.subject === subjects.shipmentStatusChanged)).toHaveLength(0);
    expect(after.filter((r) => r.envelope.data.statusChange !== undefined)).toHaveLength(0);
  });
});

describe('a row the database refuses', () => {
  it('is left out and listed with the others, its batch written row by row, instead of failing every retry', async () => {
    const rows = [
      goodRow(1, { 'PO Number': 'REFUSED-1' }),
      goodRow(2, { 'PO Number': 'REFUSED-2', Commodity: 'REFUSE-ME', Pieces: '1', 'Commodity Weight': '10' }),
      goodRow(3, { 'PO Number': 'REFUSED-3' }),
    ];
    const uploaded = (await upload(t, admin, csvOf(T.ShipmentImport, rows))).json();
    await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/start`);
    expect(await until(t, uploaded.bulkProcessId, ['review', 'error'])).toMatchObject({
      importStatus: 'review',
      goodRows: 3,
    });
    // a rule of the table the review does not know (as a 3,000-character commodity once was)
    await sql`alter table commodity add constraint refuse_me check (description <> 'REFUSE-ME')`.execute(
      t.runtime.db,
    );
    try {
      await call(t, admin, 'POST', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/confirm`);
      // retried whole, the batch would fail again and again through minutes of backoff
      const ended = await until(t, uploaded.bulkProcessId, ['imported', 'error'], 20_000);
      expect(ended).toMatchObject({ importStatus: 'imported', importedRows: 2, badRows: 1 });
      expect(await shipmentsWithPo('REFUSED-')).toBe(2);
      const review = (
        await call(t, admin, 'GET', `/api/bulkProcessQueue/${uploaded.bulkProcessId}/review`)
      ).json();
      expect(review.problems).toEqual([
        {
          rowNumber: 3,
          column: '',
          reason: 'The row was not imported: the database refused it (refuse_me).',
        },
      ]);
      const result = (await outbox(t)).find(
        (r) =>
          r.subject === subjects.shipmentImportFinished &&
          r.envelope.data.bulkProcessId === uploaded.bulkProcessId,
      );
      expect(result?.envelope.data).toMatchObject({ totalRows: 3, importedRows: 2, rejectedRows: 1 });
    } finally {
      await sql`alter table commodity drop constraint refuse_me`.execute(t.runtime.db);
    }
  });
});

describe('who may import', () => {
  let id: number;
  beforeAll(async () => {
    const res = await upload(t, admin, csvOf(T.ShipmentImport, [goodRow(1, { 'PO Number': 'WHO-1' })]));
    id = res.json().bulkProcessId;
  });

  it('IT support admins and TMS site admins only: other staff and customers are refused (403)', async () => {
    for (const who of [ops, shipper]) {
      expect((await upload(t, who, csvOf(T.ShipmentImport, [goodRow(1)]))).statusCode).toBe(403);
      expect((await call(t, who, 'GET', `/api/bulkProcessQueue/${id}`)).statusCode).toBe(403);
      expect((await call(t, who, 'POST', `/api/bulkProcessQueue/${id}/start`)).statusCode).toBe(403);
      expect((await call(t, who, 'GET', '/api/bulkProcessQueue/getDefaultUserEmail')).statusCode).toBe(403);
      expect((await call(t, who, 'GET', `/api/bulkProcessQueue/template/70`)).statusCode).toBe(403);
    }
  });

  it("another broker's importer sees none of this broker's imports (404) and cannot import for its customers", async () => {
    const foreign = { ...otherBroker, permissions: StaffPermission.combine('ITSupportAdmin') };
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/review'],
      ['POST', '/start'],
      ['POST', '/confirm'],
      ['POST', '/cancel'],
    ] as const) {
      const res = await call(t, foreign, method, `/api/bulkProcessQueue/${id}${path}`);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await call(t, foreign, 'GET', '/api/bulkProcessQueue')).json()).toEqual([]);
    const res = await upload(t, foreign, csvOf(T.ShipmentImport, [goodRow(1)]));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'model.customerOrganizationId': ['org_demo_acme is not a customer of your broker.'],
    });
    // the file was never started: still uploaded
    expect((await call(t, admin, 'GET', `/api/bulkProcessQueue/${id}`)).json().importStatus).toBe('uploaded');
  });

  it('the default user email is the signed-in importer’s own; the template is a CSV per type', async () => {
    expect((await call(t, admin, 'GET', '/api/bulkProcessQueue/getDefaultUserEmail')).json()).toEqual({
      email: admin.email,
    });
    const template = await call(
      t,
      admin,
      'GET',
      `/api/bulkProcessQueue/template/${T.HistoricalShipmentImport}`,
    );
    expect(template.headers['content-type']).toContain('text/csv');
    const [header, example] = template.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toContain('Actual Delivery');
    expect(example).toContain('Delivered');
    const bulkRating = await call(t, admin, 'GET', `/api/bulkProcessQueue/template/${T.BulkRating}`);
    expect(bulkRating.statusCode).toBe(400);
    const wrongType = await upload(t, admin, csvOf(T.ShipmentImport, [goodRow(1)]), { type: T.BulkRating });
    expect(wrongType.statusCode).toBe(400);
  });
});
