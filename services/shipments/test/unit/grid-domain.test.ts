// The grid's pure rules: the 84 columns of 002 §3.11 (and ProNumber), where each one's values come
// from, the column choice, and the CSV helper of 000 §5.
import {
  CSV_BYTE_ORDER_MARK,
  DOMESTIC_SHIPMENT_GRID_COLUMN_COUNT,
  DomesticShipmentGridDefaultColumns,
  ShipmentAlertType,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { shipmentGridSortColumns } from '@loadline/contracts/rules/shipments';
import { csvField, csvFileName, toCsv } from '@loadline/platform/csv';
import { describe, expect, it } from 'vitest';
import { formatLocalDateTime, formatUtcDateTime } from '../../src/domain/csv.ts';
import {
  availableColumns,
  cellsOf,
  columnInfo,
  columnSource,
  csvCellsOf,
  defaultGridColumns,
  type GridRowValues,
  gridColumnCodes,
  isFilled,
  isSortable,
  parseColumnChoice,
  referenceTypesOf,
  staffOnlyGridColumns,
  usableSavedChoice,
} from '../../src/domain/grid.ts';

describe('grid columns (002 §3.11)', () => {
  it('has the 84 columns in order, then ProNumber; the default is the first 14 with ProNumber for the linehaul pro', () => {
    expect(gridColumnCodes).toHaveLength(DOMESTIC_SHIPMENT_GRID_COLUMN_COUNT + 1);
    expect(gridColumnCodes[0]).toBe('ShipmentId');
    expect(gridColumnCodes[83]).toBe('RemainingMilesToDestination');
    expect(gridColumnCodes[84]).toBe('ProNumber');
    expect(defaultGridColumns).toEqual(DomesticShipmentGridDefaultColumns);
    expect(defaultGridColumns).toHaveLength(14);
    expect(defaultGridColumns[9]).toBe('ProNumber');
    expect(columnInfo('ProNumber')).toMatchObject({ value: null, name: 'Pro Number', filled: true });
    expect(columnInfo('Status')).toMatchObject({ value: 12, name: 'Status', sortable: true });
  });

  it('reads reference-type columns from the references, and leaves what it does not hold empty', () => {
    expect(columnSource('PONumber')).toEqual({ kind: 'reference', referenceTypeCode: 'PONumber' });
    expect(columnSource('DriverName')).toEqual({ kind: 'reference', referenceTypeCode: 'DriverName' });
    expect(columnSource('LinehaulCarrierProNumber')).toEqual({
      kind: 'reference',
      referenceTypeCode: 'LinehaulCarrierProNumber',
    });
    expect(columnSource('Status')).toMatchObject({ kind: 'field', field: 'status', format: 'status' });
    const emptyOnes = gridColumnCodes.filter((c) => columnSource(c).kind === 'empty');
    expect(emptyOnes).toEqual([
      'TariffName',
      'TrailerType',
      'TrailerSize',
      'TotalBuy',
      'TotalSell',
      'Margin',
      'OfficeName',
      'CarrierRep',
      'EarliestReturn',
      'MAWBNumber',
      'PaymentReferenceNumber',
      'LinehaulPickupNumber',
      'QuoteDueDate',
      'ShippingLine',
      'LastPinnedActivity',
      'NextAssignmentDate',
      'LastKnownLocation',
      'RemainingMilesToDestination',
    ]);
    expect(emptyOnes.some(isSortable)).toBe(false);
    expect(isSortable('Alerts')).toBe(false);
    expect(shipmentGridSortColumns).toContain('PONumber');
  });

  it('sorts by exactly the columns it fills (the shared list the query names), Alerts aside', () => {
    expect([...shipmentGridSortColumns]).toEqual(
      gridColumnCodes.filter((c) => isFilled(c) && c !== 'Alerts'),
    );
  });

  it('keeps the buy side from customers', () => {
    expect(availableColumns('staff')).toHaveLength(85);
    const customer = availableColumns('customer');
    for (const c of staffOnlyGridColumns) expect(customer).not.toContain(c);
    expect(customer).toContain('TotalSell');
  });

  it('reads a choice given as a list or comma-separated, and refuses unknown, hidden, repeated and empty ones', () => {
    expect(parseColumnChoice(['ShipmentId,Status', ' PONumber '], 'staff')).toEqual({
      ok: true,
      columns: ['ShipmentId', 'Status', 'PONumber'],
    });
    expect(parseColumnChoice(['Colour'], 'staff')).toEqual({
      ok: false,
      message: 'Colour: not a grid column.',
    });
    expect(parseColumnChoice(['ShipmentId', 'Margin'], 'customer')).toEqual({
      ok: false,
      message: 'Margin: not available to you.',
    });
    expect(parseColumnChoice(['Status', 'Status'], 'staff')).toMatchObject({ ok: false });
    expect(parseColumnChoice([' , '], 'staff')).toEqual({
      ok: false,
      message: 'Choose at least one column.',
    });
    expect(usableSavedChoice(['ShipmentId', 'Margin'], 'customer')).toEqual(['ShipmentId']);
    expect(usableSavedChoice(['Margin'], 'customer')).toBeUndefined();
    expect(usableSavedChoice(undefined, 'staff')).toBeUndefined();
    expect(referenceTypesOf(['ShipmentId', 'PONumber', 'DriverName', 'TotalBuy'])).toEqual([
      'PONumber',
      'DriverName',
    ]);
  });

  it('gives cells as values for the API and as text for a CSV file', () => {
    const row = {
      shipmentId: 10005,
      customerName: 'Acme Manufacturing',
      shipDate: '2026-11-24T08:00:00',
      deliveryDate: null,
      status: ShipmentStatus.values.Dispatched,
      alerts: [ShipmentAlertType.values.Hold, 240],
      lastOpsUpdate: '2026-11-23T15:04:00.000Z',
      serviceLevel: 100,
      totalWeight: 1200.5,
      references: { PONumber: 'PO-1; PO-2' },
    } as unknown as GridRowValues;
    const columns = [
      'ShipmentId',
      'Status',
      'Alerts',
      'ShipDate',
      'DeliveryDate',
      'PONumber',
      'TotalBuy',
    ] as const;
    expect(cellsOf(row, columns)).toEqual({
      ShipmentId: 10005,
      Status: ShipmentStatus.values.Dispatched,
      Alerts: [ShipmentAlertType.values.Hold, 240],
      ShipDate: '2026-11-24T08:00:00',
      DeliveryDate: null,
      PONumber: 'PO-1; PO-2',
      TotalBuy: null,
    });
    expect(csvCellsOf(row, columns)).toEqual([
      10005,
      'Dispatched',
      'Hold; 240',
      '11/24/2026 08:00',
      null,
      'PO-1; PO-2',
      null,
    ]);
    expect(csvCellsOf(row, ['LastOpsUpdate', 'ServiceLevel', 'TotalWeight'])).toEqual([
      '11/23/2026 15:04',
      'Standard Truckload',
      1200.5,
    ]);
  });
});

describe('CSV helper (000 §5)', () => {
  it('turns commas inside values into spaces, leaves empty values blank, ends every row CRLF, starts with a BOM', () => {
    const file = toCsv(
      ['Shipment Id', 'Customer Name', 'Weight'],
      [
        [10001, 'Acme, Inc.', 1200],
        [10002, null, undefined],
      ],
    );
    expect(file.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
    expect(file.slice(1)).toBe('Shipment Id,Customer Name,Weight\r\n10001,Acme  Inc.,1200\r\n10002,,\r\n');
    expect(toCsv(null, [['a']])).toBe(`${CSV_BYTE_ORDER_MARK}a\r\n`);
    const bytes = Buffer.from(file, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('keeps a value on its row and a formula from running (ours)', () => {
    expect(csvField('line one\r\nline two\nthree')).toBe('line one line two three');
    // a quote inside: quoted as RFC 4180 says, the quote doubled
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('\tTX')).toBe("'\tTX");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(-7)).toBe('-7');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(true)).toBe('true');
  });

  it('gives the file name a .csv extension once, and keeps it header-safe', () => {
    expect(csvFileName('shipments-2026-11-23')).toBe('shipments-2026-11-23.csv');
    expect(csvFileName('report.CSV')).toBe('report.CSV');
    expect(csvFileName('a"b\r\n;c')).toBe('abc.csv');
    expect(csvFileName('"";')).toBe('export.csv');
  });

  it('writes dates MM/DD/YYYY and times HH:mm', () => {
    expect(formatLocalDateTime('2026-11-23T08:05:00')).toBe('11/23/2026 08:05');
    expect(formatLocalDateTime('2026-11-23')).toBe('11/23/2026');
    expect(formatUtcDateTime('2026-11-23T23:30:00.000Z')).toBe('11/23/2026 23:30');
    expect(formatUtcDateTime('not a date')).toBe('not a date');
  });
});
