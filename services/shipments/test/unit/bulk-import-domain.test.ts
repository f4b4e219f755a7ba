// The shipment importer's pure rules: the streaming CSV reader, who may import, headers matched whatever
// their spelling, a row turned into the create rules' input, and a create problem put on its column.
import {
  BulkProcessStatus,
  BulkProcessType,
  ShipmentStatus,
  StaffPermission,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';
import { describe, expect, it } from 'vitest';
import {
  bulkStatusOf,
  checkRow,
  columnOfField,
  importDateTime,
  mappingProblems,
  matchHeaders,
  mayImportShipments,
  rowToInput,
  templateRows,
} from '../../src/domain/bulk-import.ts';
import { CsvFormatError, CsvReader, MAX_CSV_FIELD_CHARS } from '../../src/domain/csv-reader.ts';
import { cellText, importFileFormat, rowRecord } from '../../src/domain/spreadsheet.ts';

const T = BulkProcessType.values;

describe('the CSV reader', () => {
  const readAll = (pieces: string[]) => {
    const r = new CsvReader();
    return [...pieces.flatMap((p) => r.push(p)), ...r.end()];
  };

  it('reads quoted values, doubled quotes, commas and line breaks inside quotes, CRLF and LF', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\r\nlines"\n1,,3';
    expect(readAll([text])).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', 'two\r\nlines'],
      ['1', '', '3'],
    ]);
  });

  it('gives the same records however the text is cut into pieces', () => {
    const text = 'a,"b ""q"" c"\r\n"d\r\ne",f\r\n';
    const whole = readAll([text]);
    for (let cut = 1; cut < text.length; cut++) {
      expect(readAll([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
  });

  it('keeps a quote inside an unquoted value, and what follows a closing quote, as characters', () => {
    const text = 'ab"c,"d"e,""\r\n5" x,"",""""\r\n';
    const whole = readAll([text]);
    expect(whole).toEqual([
      ['ab"c', 'de', ''],
      ['5" x', '', '"'],
    ]);
    expect(readAll([...text])).toEqual(whole);
  });

  it('refuses a quote left open and a value too long to be one', () => {
    expect(() => readAll([`${'x'.repeat(MAX_CSV_FIELD_CHARS)},y`])).not.toThrow();
    expect(() =>
      readAll([`${'x'.repeat(MAX_CSV_FIELD_CHARS / 2)}`, `${'x'.repeat(MAX_CSV_FIELD_CHARS / 2 + 1)}`]),
    ).toThrow(CsvFormatError);
    expect(() => readAll(['a,"b\r\nc'])).toThrow(CsvFormatError);
    expect(() => readAll([`"${'x'.repeat(MAX_CSV_FIELD_CHARS + 1)}`])).toThrow(CsvFormatError);
  });
});

describe('who may import (002 §6.2: TMS site admin "shipment importer"; IT support admin)', () => {
  it('staff with TMSSiteAdmin or ITSupportAdmin; no other staff, no customer', () => {
    const staff = (permissions: number) => ({ kind: 'staff' as const, permissions });
    expect(mayImportShipments(staff(StaffPermission.combine('TMSSiteAdmin')))).toBe(true);
    expect(mayImportShipments(staff(StaffPermission.combine('ITSupportAdmin')))).toBe(true);
    expect(
      mayImportShipments(staff(StaffPermission.combine('UserAllowedOrgAccess', 'BatchProcessing'))),
    ).toBe(false);
    expect(mayImportShipments({ kind: 'customer', permissions: StaffPermission.allMask })).toBe(false);
  });

  it('reports the 002 §3.8 status of each import status (001 §4: processing, then review or error)', () => {
    const B = BulkProcessStatus.values;
    expect(bulkStatusOf('uploaded')).toBe(B.Pending);
    expect(bulkStatusOf('processing')).toBe(B.Running);
    expect(bulkStatusOf('review')).toBe(B.Pending);
    expect(bulkStatusOf('error')).toBe(B.Error);
    expect(bulkStatusOf('importing')).toBe(B.Running);
    expect(bulkStatusOf('imported')).toBe(B.Complete);
    expect(bulkStatusOf('canceled')).toBe(B.Skip);
  });
});

describe('headers and rows', () => {
  const [header] = templateRows(T.ShipmentImport) as [string[]];
  const matched = matchHeaders(T.ShipmentImport, header);
  if (!matched.ok) throw new Error('the template header must match');
  const map = matched.map;
  const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
  const defaults = { type: T.ShipmentImport, customerOrganizationId: 'org_acme' } as const;

  it('matches headers whatever their case, spaces and punctuation; lists the unknown ones', () => {
    const m = matchHeaders(T.ShipmentImport, ['shipment_type', 'ORIGIN ZIP', 'Colour']);
    expect(m.ok && [...m.map.index.entries()]).toEqual([
      ['Shipment Type', 0],
      ['Origin Zip', 1],
    ]);
    expect(m.ok && m.map.unknown).toEqual(['Colour']);
  });

  it('fails a header row without a required column or with a column twice', () => {
    expect(matchHeaders(T.HistoricalShipmentImport, ['Shipment Type'])).toEqual({
      ok: false,
      problems: [{ rowNumber: 1, column: 'Status', reason: 'The header row has no Status column.' }],
      unknown: [],
    });
    const twice = matchHeaders(T.ShipmentImport, ['Shipment Type', 'shipment type']);
    expect(twice.ok).toBe(false);
    // a parcel import defaults its shipment type
    expect(matchHeaders(T.ParcelShipmentImport, ['Origin Zip']).ok).toBe(true);
  });

  it('turns a row into the create input: stops, dates mm/dd/yyyy, carrier and PRO on the leg, references, bill-to', () => {
    const out = rowToInput(
      map,
      row({
        'Shipment Type': 'Truckload',
        'Origin Zip': '45414',
        'Pickup Ready': '3/2/2026 8:00',
        'Destination Zip': '60632',
        'Carrier Name': 'Lakeside',
        'PRO Number': 'PRO1',
        'Total Weight': '1,200.5',
        'Weight Unit': 'kg',
        'PO Number': 'PO-1',
        'Bill To City': 'Dayton',
      }),
      2,
      defaults,
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    const input = out.row.input;
    expect(input).toMatchObject({
      customerOrganizationId: 'org_acme',
      shipmentType: 4,
      totalWeight: 1200.5,
      weightUnit: 1,
      transitLegs: [{ transitType: 1, carrierMasterName: 'Lakeside', proNumber: 'PRO1' }],
      referenceNumbers: [{ referenceTypeCode: 'PONumber', value: 'PO-1' }],
      billTo: { city: 'Dayton' },
    });
    expect(input.stops.map((s) => [s.stopType, s.zipCode, s.scheduledReadyDateTime])).toEqual([
      ['FirstPick', '45414', '2026-03-02T08:00'],
      ['LastDrop', '60632', undefined],
    ]);
  });

  it('names the column and a reason a person understands for a bad value', () => {
    const out = rowToInput(
      map,
      row({
        'Shipment Type': 'Boat',
        'Handling Units': '2.5',
        'Pickup Ready': '13/45/2026',
        'Destination Zip': '1',
      }),
      9,
      defaults,
    );
    expect(out).toEqual({
      ok: false,
      problems: [
        { rowNumber: 9, column: 'Shipment Type', reason: 'Boat is not a known shipment type.' },
        {
          rowNumber: 9,
          column: 'Pickup Ready',
          reason:
            '13/45/2026 is not a date and time: write mm/dd/yyyy with a 24-hour time, as 03/02/2026 14:30.',
        },
        { rowNumber: 9, column: 'Origin Zip', reason: 'The origin ZIP or postal code is required.' },
        { rowNumber: 9, column: 'Handling Units', reason: '2.5 is not a whole number of 0 or more.' },
      ],
    });
  });

  it('a historical row keeps Delivered or Complete and is checked as a delivered shipment', () => {
    const [h] = templateRows(T.HistoricalShipmentImport) as [string[]];
    const m = matchHeaders(T.HistoricalShipmentImport, h);
    if (!m.ok) throw new Error('header');
    const values = (status: string) =>
      h.map(
        (c) =>
          ({ 'Shipment Type': 'LTL', Status: status, 'Origin Zip': '1', 'Destination Zip': '2' })[c] ?? '',
      );
    const complete = rowToInput(m.map, values('Complete'), 2, {
      ...defaults,
      type: T.HistoricalShipmentImport,
    });
    expect(complete.ok && [complete.row.finalStatus, complete.row.input.status]).toEqual([
      ShipmentStatus.values.Complete,
      ShipmentStatus.values.Delivered,
    ]);
    const quote = rowToInput(m.map, values('Quote'), 2, { ...defaults, type: T.HistoricalShipmentImport });
    expect(quote.ok ? [] : quote.problems.map((p) => p.reason)).toEqual([
      'A historical shipment is Delivered or Complete, not Quote.',
    ]);
  });

  it('puts a problem of the create rules on the column the person filled in', () => {
    expect(columnOfField('stops.0.zipCode')).toBe('Origin Zip');
    expect(columnOfField('stops.1.scheduledReadyDateTime')).toBe('Delivery Ready');
    expect(columnOfField('stops.0.scheduledCloseDateTime')).toBe('Pickup Close');
    expect(columnOfField('transitLegs.0.carrierPhone')).toBe('Carrier Phone');
    expect(columnOfField('billTo.state')).toBe('Bill To State');
    expect(columnOfField('customerOrganizationId')).toBe('Customer Id');
    expect(importDateTime('12/31/2026 23:59')).toBe('2026-12-31T23:59');
  });

  it('takes a commodity line, accessorials by name or id and special instructions (decision 0097)', () => {
    const out = rowToInput(
      map,
      row({
        'Shipment Type': 'LTL',
        'Origin Zip': '45414',
        'Destination Zip': '60632',
        Commodity: 'Paint',
        Pieces: '4',
        'Commodity Weight': '800',
        'Freight Class': '92.5',
        Hazardous: 'Yes',
        'UN Number': 'UN1263',
        'Proper Shipping Name': 'Paint',
        'Hazard Class': '3',
        'Packing Group': 'II',
        Accessorials: 'liftgate delivery; 15 ;Liftgate Delivery',
        'Special Instructions': 'Dock 4',
      }),
      2,
      defaults,
    );
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.row.input.commodities).toEqual([
      expect.objectContaining({
        description: 'Paint',
        pieces: 4,
        weight: 800,
        freightClass: 92.5,
        hazardous: true,
        hazmat: expect.objectContaining({ unNumber: 'UN1263', hazardClass: '3', packingGroup: 2 }),
      }),
    ]);
    expect(out.row.input.accessorials).toEqual([11, 15]);
    expect(out.row.input.specialInstructions).toBe('Dock 4');
  });

  it('names the column of a bad commodity or accessorial value', () => {
    const out = rowToInput(
      map,
      row({
        'Shipment Type': 'LTL',
        'Origin Zip': '45414',
        'Destination Zip': '60632',
        Hazardous: 'perhaps',
        'Packing Group': 'IV',
        Accessorials: 'Teleport',
      }),
      7,
      defaults,
    );
    expect(out).toEqual({
      ok: false,
      problems: [
        { rowNumber: 7, column: 'Hazardous', reason: 'perhaps is not Yes or No.' },
        { rowNumber: 7, column: 'Packing Group', reason: 'IV is not a packing group: I, II or III.' },
        { rowNumber: 7, column: 'Accessorials', reason: 'Teleport is not an accessorial of the list.' },
      ],
    });
    expect(columnOfField('commodities.0.hazmat.unNumber')).toBe('UN Number');
    expect(columnOfField('commodities.0.weight')).toBe('Commodity Weight');
    expect(columnOfField('accessorials.1')).toBe('Accessorials');
  });
});

describe('a row checked by the create rules: every problem it has, each on its column', () => {
  const [header] = templateRows(T.ShipmentImport) as [string[]];
  const matched = matchHeaders(T.ShipmentImport, header);
  if (!matched.ok) throw new Error('the template header must match');
  const map = matched.map;
  const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
  const defaults = { type: T.ShipmentImport, customerOrganizationId: 'org_acme' } as const;
  const uploader = {
    userId: 'usr_admin',
    kind: 'staff' as const,
    email: 'admin@demo.test',
    displayName: 'Ada Admin',
    organizationId: 'org_broker',
    organizationType: 0,
    brokerId: 'org_broker',
    permissions: StaffPermission.combine('ITSupportAdmin'),
    customerSettings: 0,
    sessionId: 'bulk-import',
  };
  const now = new Date('2026-11-29T12:00:00Z');
  const good = {
    'Shipment Type': 'LTL',
    'Origin Zip': '45414',
    'Destination Zip': '60632',
    'Pickup Ready': '12/08/2026 08:00',
    'Pickup Close': '12/08/2026 16:00',
    Commodity: 'Plastic pellets',
    Pieces: '10',
    'Commodity Weight': '1200',
  };
  const check = (values: Record<string, string>, limits: () => FieldProblem[] = () => []) =>
    checkRow(uploader, map, row({ ...good, ...values }), 3, defaults, now, { limits });

  it('lists three independent problems of one row: an unknown type, a negative count and close before ready', () => {
    const out = check({ 'Shipment Type': 'Spaceship', Pieces: '-3', 'Pickup Close': '12/07/2026 16:00' });
    expect(out.shipment).toBeNull();
    expect(out.problems).toEqual([
      { rowNumber: 3, column: 'Shipment Type', reason: 'Spaceship is not a known shipment type.' },
      { rowNumber: 3, column: 'Pieces', reason: '-3 is not a whole number of 0 or more.' },
      {
        rowNumber: 3,
        column: 'Pickup Close',
        // 000 §5 "Dates", §9: MM/DD/YYYY HH:mm in what a person reads
        reason: 'Pickup close (12/07/2026 16:00) must not be before pickup ready (12/08/2026 08:00).',
      },
    ]);
    // the customer is still looked up: its problem joins the row's
    expect(out.customerToCheck).toBe('org_acme');
  });

  it('checks the rest of a row with no customer, its type too: the customer does not stop the rules', () => {
    const out = checkRow(
      uploader,
      map,
      row({ ...good, 'Shipment Type': 'Spaceship', 'Pickup Close': '12/07/2026 16:00' }),
      3,
      { ...defaults, customerOrganizationId: '' },
      now,
      { limits: () => [] },
    );
    expect(out.problems.map((p) => p.column)).toEqual(['Shipment Type', 'Customer Id', 'Pickup Close']);
    expect(out.shipment).toBeNull();
    expect(out.customerToCheck).toBeNull();
  });

  it('checks the rest of a row whose first status the rules refuse, and the delivery times in MM/DD/YYYY', () => {
    const out = check({
      Status: 'Canceled',
      'Delivery Ready': '12/10/2026 17:00',
      'Delivery Close': '12/10/2026 16:00',
    });
    expect(out.problems.map((p) => [p.column, p.reason])).toEqual([
      ['Status', expect.stringMatching(/^A new shipment can start as .*; not as Canceled\.$/)],
      [
        'Delivery Ready',
        'Delivery estimated (12/10/2026 17:00) must be on or before delivery close (12/10/2026 16:00).',
      ],
    ]);
  });

  it('gives a value that does not read one problem, not a second one from the rules that needed it', () => {
    expect(check({ 'Pickup Ready': '02/30/2026' }).problems).toEqual([
      {
        rowNumber: 3,
        column: 'Pickup Ready',
        reason:
          '02/30/2026 is not a date and time: write mm/dd/yyyy with a 24-hour time, as 03/02/2026 14:30.',
      },
    ]);
    // a limit of the create call and a problem of the rules on other columns are both listed
    const out = check({ 'Pickup Close': '12/07/2026 16:00' }, () => [
      { field: 'stops.0.companyName', message: 'stops.0.companyName must be at most 200 characters.' },
    ]);
    expect(out.problems.map((p) => p.column)).toEqual(['Origin Company', 'Pickup Close']);
  });

  it('gives a good row its shipment, a historical one with its final status', () => {
    const out = check({});
    expect(out.problems).toEqual([]);
    expect(out.shipment).toMatchObject({ customerOrganizationId: 'org_acme', shipmentType: 2 });
    const [h] = templateRows(T.HistoricalShipmentImport) as [string[]];
    const m = matchHeaders(T.HistoricalShipmentImport, h);
    if (!m.ok) throw new Error('header');
    const values = { ...good, Status: 'Complete' } as Record<string, string>;
    const historical = checkRow(
      uploader,
      m.map,
      h.map((c) => values[c] ?? ''),
      2,
      { ...defaults, type: T.HistoricalShipmentImport },
      now,
      { limits: () => [] },
    );
    expect(historical.problems).toEqual([]);
    expect(historical.shipment?.status).toBe(ShipmentStatus.values.Complete);
    expect(historical.shipment?.transitLegs.map((l) => l.status)).toEqual([ShipmentStatus.values.Complete]);
  });
});

describe('the mapping step and workbook cells (decision 0097)', () => {
  it('a mapped header holds its column, a header left out is neither a column nor unknown', () => {
    const headers = ['Mode', 'Origin Zip', 'Their notes', 'Destination Zip'];
    const unmapped = matchHeaders(BulkProcessType.values.ShipmentImport, headers);
    expect(unmapped).toMatchObject({ ok: false, unknown: ['Mode', 'Their notes'] });
    const mapped = matchHeaders(BulkProcessType.values.ShipmentImport, headers, {
      Mode: 'Shipment Type',
      'Their notes': '',
    });
    expect(mapped.ok).toBe(true);
    if (mapped.ok) {
      expect(mapped.map.index.get('Shipment Type')).toBe(0);
      expect(mapped.map.unknown).toEqual([]);
    }
  });

  it('a mapping to no column of the type, or to one column twice, is refused naming the header', () => {
    const type = BulkProcessType.values.ShipmentImport;
    expect(mappingProblems(type, { Mode: 'Shipment Type', X: '' })).toEqual([]);
    expect(mappingProblems(type, { Mode: 'Actual Pickup' })).toEqual([
      { field: 'mapping.Mode', message: "Actual Pickup is not a column of this import's template." },
    ]);
    expect(mappingProblems(type, { A: 'PO Number', B: 'PO Number' })).toEqual([
      { field: 'mapping.B', message: 'PO Number is already taken by the header A.' },
    ]);
  });

  it('workbook cells read as the text a CSV file holds: dates as 001 §9 dates, rich text, formulas', () => {
    expect(cellText(new Date(Date.UTC(2026, 2, 2, 8, 5)))).toBe('03/02/2026 08:05');
    expect(cellText(new Date(Date.UTC(2026, 11, 31)))).toBe('12/31/2026');
    expect(cellText(1200)).toBe('1200');
    expect(cellText({ richText: [{ text: 'Acme ' }, { text: 'Plastics' }] })).toBe('Acme Plastics');
    expect(cellText({ formula: 'A1*2', result: 2400 })).toBe('2400');
    expect(cellText({ text: 'Acme', hyperlink: 'https://acme.test' })).toBe('Acme');
    expect(cellText({ error: '#DIV/0!' })).toBe('');
    expect(rowRecord([undefined, 'LTL', undefined, 'Dayton'])).toEqual(['LTL', '', 'Dayton']);
    expect(importFileFormat('June.XLSX')).toBe('xlsx');
    expect(importFileFormat('june.csv')).toBe('csv');
    expect(importFileFormat('june.xls')).toBeNull();
  });
});
