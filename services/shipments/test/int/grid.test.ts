// The domestic shipment grid against the real servers: columns (002 §3.11), the saved choice per
// user, the CSV export (000 §5), the pager's total from the tally, filters and sorting.
import {
  CSV_BYTE_ORDER_MARK,
  DomesticShipmentGridDefaultColumns,
  ShipmentAlertType,
  ShipmentStatus,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newShipment, ops, otherBroker, type Service, shipper, startService } from './fixtures.ts';

const S = ShipmentStatus.values;
let service: Service;

const get = (url: string, who: object = ops) =>
  service.app.inject({ method: 'GET', url, headers: service.t.as(who) });
const columnsPut = (payload: object, who: object = ops) =>
  service.app.inject({
    method: 'PUT',
    url: '/api/shipments/gridColumns',
    headers: service.t.as(who),
    payload,
  });

beforeAll(async () => {
  service = await startService();
});
afterAll(async () => {
  await service?.close();
});

interface Row {
  shipmentId: number;
  cells: Record<string, unknown>;
}
const rowOf = (body: { items: Row[] }, shipmentId: number) =>
  body.items.find((i) => i.shipmentId === shipmentId)!;

describe('GET /api/shipments as the domestic grid', () => {
  it('shows the 14 default columns, ProNumber in place of the linehaul pro, with every cell filled or empty', async () => {
    const res = await get('/api/shipments');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns.map((c: { code: string }) => c.code)).toEqual([
      ...DomesticShipmentGridDefaultColumns,
    ]);
    expect(body.columns[9]).toEqual({
      code: 'ProNumber',
      value: null,
      name: 'Pro Number',
      filled: true,
      sortable: true,
    });
    expect(body.columns[10]).toMatchObject({ code: 'TariffName', value: 10, filled: false, sortable: false });
    const row = rowOf(body, 10005);
    expect(Object.keys(row.cells)).toEqual([...DomesticShipmentGridDefaultColumns]);
    expect(row.cells).toMatchObject({
      ShipmentId: 10005,
      CustomerName: 'Acme Manufacturing',
      FromCity: 'Denver',
      ToState: 'MO',
      CarrierName: 'Old Line Freight',
      ProNumber: expect.stringMatching(/^OLFT/),
      TariffName: null,
      Alerts: [],
      Status: S.Dispatched,
      ShipDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T08:00:00$/),
      LastOpsUpdate: expect.stringMatching(/Z$/),
    });
    expect(rowOf(body, 10008).cells.Alerts).toEqual([ShipmentAlertType.values.Hold]);
  });

  it('shows the columns asked for: reference types, stop count, and empty columns it does not hold', async () => {
    const body = (
      await get(
        '/api/shipments?columns=ShipmentId,PONumber,DriverName&columns=TotalStopCount,TotalBuy,LinehaulCarrierProNumber,CreatedBy,ServiceLevel',
      )
    ).json();
    expect(body.columns.map((c: { code: string }) => c.code)).toEqual([
      'ShipmentId',
      'PONumber',
      'DriverName',
      'TotalStopCount',
      'TotalBuy',
      'LinehaulCarrierProNumber',
      'CreatedBy',
      'ServiceLevel',
    ]);
    expect(rowOf(body, 10005).cells).toEqual({
      ShipmentId: 10005,
      PONumber: 'PO-70148',
      DriverName: 'Dana Reyes',
      TotalStopCount: 2,
      TotalBuy: null,
      LinehaulCarrierProNumber: expect.stringMatching(/^OLFT/),
      CreatedBy: 'Omar Operations',
      ServiceLevel: 100,
    });
    expect(rowOf(body, 10001).cells.DriverName).toBeNull();
  });

  it('refuses unknown columns, and buy-side columns to a customer', async () => {
    const unknown = await get('/api/shipments?columns=ShipmentId,Colour');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ 'model.columns': ['Colour: not a grid column.'] });
    const hidden = await get('/api/shipments?columns=ShipmentId,MinBuyRate', shipper);
    expect(hidden.json().errors).toEqual({ 'model.columns': ['MinBuyRate: not available to you.'] });
  });

  it('sorts by any filled column, reference columns too', async () => {
    const body = (
      await get('/api/shipments?columns=ShipmentId,PONumber&sortBy=PONumber&sortDirection=asc')
    ).json();
    const values = body.items.map((i: Row) => i.cells.PONumber as string);
    expect(values).toEqual([...values].sort());
    const bad = await get('/api/shipments?sortBy=TotalBuy');
    expect(bad.statusCode).toBe(400);
    const stops = (await get('/api/shipments?sortBy=TotalStopCount&columns=TotalStopCount')).json();
    expect(stops.items.length).toBeGreaterThan(0);
  });

  it('counts the pager’s total from the tally, and by counting when filtered; the tally follows new shipments', async () => {
    const all = (await get('/api/shipments?pageSize=10')).json();
    expect(all.totalCount).toBe(40);
    expect(all.items).toHaveLength(10);
    expect((await get('/api/shipments?customerOrganizationId=org_demo_globex')).json().totalCount).toBe(20);
    expect((await get('/api/shipments', shipper)).json().totalCount).toBe(20);
    expect(
      (await get('/api/shipments?customerOrganizationId=org_demo_globex', shipper)).json().totalCount,
    ).toBe(0);
    expect((await get(`/api/shipments?status=${S.Dispatched}`)).json().totalCount).toBe(4);
    expect((await get('/api/shipments', otherBroker)).json().totalCount).toBe(0);

    const created = await service.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: service.t.as(ops),
      payload: newShipment(),
    });
    expect(created.statusCode).toBe(201);
    expect((await get('/api/shipments')).json().totalCount).toBe(41);
    expect((await get('/api/shipments', shipper)).json().totalCount).toBe(21);
    const tally = await service.t.runtime.db
      .selectFrom('shipment_tally')
      .selectAll()
      .orderBy('customer_organization_id')
      .execute();
    expect(tally.map((r) => [r.customer_organization_id, Number(r.shipment_count)])).toEqual([
      ['org_demo_acme', 21],
      ['org_demo_globex', 20],
    ]);
  });
});

describe('column choice per user', () => {
  it('keeps each user’s columns, uses them for the grid, and forgets them on DELETE', async () => {
    const before = (await get('/api/shipments/gridColumns')).json();
    expect(before).toMatchObject({ saved: false, columns: [...DomesticShipmentGridDefaultColumns] });
    expect(before.available).toHaveLength(85);

    const saved = await columnsPut({ columns: ['ShipmentId', 'Status', 'PONumber'] });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ saved: true, columns: ['ShipmentId', 'Status', 'PONumber'] });
    const grid = (await get('/api/shipments')).json();
    expect(grid.columns.map((c: { code: string }) => c.code)).toEqual(['ShipmentId', 'Status', 'PONumber']);
    // Another user keeps the defaults.
    const theirs = (await get('/api/shipments', { ...ops, userId: 'usr_demo_admin' })).json();
    expect(theirs.columns).toHaveLength(14);
    // A column asked for in the query wins over the saved choice.
    expect((await get('/api/shipments?columns=Status')).json().columns).toHaveLength(1);

    const refused = await columnsPut({ columns: ['Status', 'Status'] });
    expect(refused.json().errors).toEqual({ 'model.columns': ['Status: chosen twice.'] });
    expect((await columnsPut({ columns: [] })).statusCode).toBe(400);

    const reset = await service.app.inject({
      method: 'DELETE',
      url: '/api/shipments/gridColumns',
      headers: service.t.as(ops),
    });
    expect(reset.json()).toMatchObject({ saved: false });
    expect((await get('/api/shipments')).json().columns).toHaveLength(14);
  });

  it('offers a customer the columns without the buy side', async () => {
    const body = (await get('/api/shipments/gridColumns', shipper)).json();
    const codes = body.available.map((c: { code: string }) => c.code);
    expect(codes).not.toContain('Margin');
    expect(codes).toContain('PONumber');
    expect((await columnsPut({ columns: ['ShipmentId', 'TotalBuy'] }, shipper)).statusCode).toBe(400);
  });
});

describe('CSV export (000 §5)', () => {
  it('answers a UTF-8 file with a BOM, a header row, CRLF rows, commas as spaces and blank empty values', async () => {
    await service.app.inject({
      method: 'POST',
      url: '/api/shipments',
      headers: service.t.as(ops),
      payload: newShipment({
        stops: [{ ...newShipment().stops[0], companyName: 'Acme, Inc. Plant 9' }, newShipment().stops[1]],
      }),
    });
    const res = await get(
      '/api/shipments/export.csv?columns=ShipmentId,OriginCompanyName,Status,Alerts,ShipDate,TariffName&text=plant%209',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="shipments-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.headers['x-total-count']).toBe('1');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Shipment Id,Origin Company Name,Status,Alerts,Ship Date,Tariff Name',
      expect.stringMatching(/^\d+,Acme {2}Inc\. Plant 9,Quote,,11\/26\/2026 08:00,$/),
      '',
    ]);
  });

  it('exports with ?format=csv too, in the grid’s order and filters, under the name asked for', async () => {
    const res = await get(
      `/api/shipments?format=csv&status=${S.Dispatched}&columns=ShipmentId,Status&sortBy=ShipmentId&sortDirection=asc&fileName=dispatched`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="dispatched.csv"');
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines[0]).toBe('Shipment Id,Status');
    const rows = lines.slice(1, -1);
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.endsWith(',Dispatched'))).toBe(true);
    const ids = rows.map((r) => Number(r.split(',')[0]));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('exports a customer’s own shipments only, and nothing for staff who may not export', async () => {
    const mine = await get('/api/shipments/export.csv?columns=ShipmentId,CustomerName', shipper);
    const rows = mine.rawPayload.toString('utf8').slice(1).split('\r\n').slice(1, -1);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.endsWith(',Acme Manufacturing'))).toBe(true);
    const hidden = await get('/api/shipments/export.csv', {
      ...ops,
      permissions: StaffPermission.combine('HideExportToExcel'),
    });
    expect(hidden.statusCode).toBe(403);
    expect((await service.app.inject({ method: 'GET', url: '/api/shipments/export.csv' })).statusCode).toBe(
      401,
    );
  });
});
