// The shipment importer's rules (001 §2, §4; 002 §3.8; decision 0095): who may import, the four import types
// that create shipments, the columns of a file (matched by header), a row turned into the same
// `NewShipmentInput` the order page and `POST /api/shipments` send, and a problem of `draftShipment`
// reported on the column a person filled in. Pure: the job reads the file and writes the shipments.
import {
  BulkProcessStatus,
  BulkProcessType,
  ShipmentReferenceType,
  ShipmentStatus,
  ShipmentStopType,
  ShipmentType,
  TransitLegType,
  WeightUnit,
} from '@loadline/contracts/catalogue';
import {
  type ImportStatus,
  MAX_MAPPED_HEADERS,
  mayImportShipments,
  type ShipmentImportType,
  shipmentImportTypes,
} from '@loadline/contracts/rules/bulk-import';
import type { Identity } from '@loadline/platform';
import { csvField } from '@loadline/platform/csv';
import type { FieldProblem } from '@loadline/platform/problems';
import { accessorialById, accessorialMasterList } from './accessorials.ts';
import type { CommodityInput } from './commodities.ts';
import {
  type DraftOptions,
  draftShipment,
  type NewShipmentInput,
  type NewStopInput,
  type NewTransitLegInput,
} from './new-shipment.ts';
import type { Address, NewShipment } from './shipment.ts';
import { normalizeLocalDateTime } from './stop-times.ts';
import { customerForNewShipment } from './visibility.ts';

const P = BulkProcessType.values;
const S = ShipmentStatus.values;

export type { ImportStatus, ShipmentImportType };
export const isShipmentImportType = (value: number): value is ShipmentImportType =>
  (shipmentImportTypes as readonly number[]).includes(value);

/** 002 §3.8 bulk process status, as the API reports it. */
export const BulkStatus = BulkProcessStatus.values;

/** The 002 §3.8 status that goes with an import status. */
export const bulkStatusOf = (status: ImportStatus): number =>
  ({
    uploaded: BulkStatus.Pending,
    processing: BulkStatus.Running,
    review: BulkStatus.Pending,
    error: BulkStatus.Error,
    importing: BulkStatus.Running,
    imported: BulkStatus.Complete,
    canceled: BulkStatus.Skip,
  })[status];

/** Who may import (contracts/rules/bulk-import.ts: the screens hide the importer by the same rule). */
export { mayImportShipments };

export const importRefusal = 'The shipment importer is for TMS site admins and IT support admins.';

// ---------------------------------------------------------------------------------------------------
// Columns

type AddressKey = keyof Address;
const addressParts: readonly [AddressKey, string][] = [
  ['companyName', 'Company'],
  ['streetAddress', 'Address'],
  ['streetAddressTwo', 'Address 2'],
  ['city', 'City'],
  ['state', 'State'],
  ['zipCode', 'Zip'],
  ['country', 'Country'],
];

export interface ImportColumn {
  /** the header as the template writes it */
  header: string;
  /** what the template's example row holds */
  example: string;
  /** the types whose template has the column (every type when absent) */
  only?: readonly ShipmentImportType[];
  required?: readonly ShipmentImportType[];
}

const addressColumns = (prefix: string, example: readonly string[]): ImportColumn[] =>
  addressParts.map(([, label], i) => ({ header: `${prefix} ${label}`, example: example[i] ?? '' }));

/** References a file may carry, by the 002 §3.3 reference type name as header. */
const referenceColumns = ['PONumber', 'ShipperReferenceNumber', 'QuoteNumber', 'SecondaryBOLNumber'] as const;

/** The commodity line's columns: the order page's fields (001 §2), hazmat details for a hazardous one. */
const commodityColumns = [
  { header: 'Commodity', key: 'description', example: 'Plastic pellets' },
  { header: 'Pieces', key: 'pieces', example: '10' },
  { header: 'Commodity Weight', key: 'weight', example: '1200' },
  { header: 'Length', key: 'length', example: '48' },
  { header: 'Width', key: 'width', example: '40' },
  { header: 'Height', key: 'height', example: '48' },
  { header: 'Freight Class', key: 'freightClass', example: '70' },
  { header: 'NMFC', key: 'nmfc', example: '' },
  { header: 'Hazardous', key: 'hazardous', example: 'No' },
  { header: 'UN Number', key: 'hazmat.unNumber', example: '' },
  { header: 'Proper Shipping Name', key: 'hazmat.properShippingName', example: '' },
  { header: 'Hazard Class', key: 'hazmat.hazardClass', example: '' },
  { header: 'Packing Group', key: 'hazmat.packingGroup', example: '' },
  { header: 'Emergency Contact Name', key: 'hazmat.emergencyContactName', example: '' },
  { header: 'Emergency Contact Phone', key: 'hazmat.emergencyContactPhone', example: '' },
] as const;

/** The columns of an import file, in the templates' order. */
export const importColumns: readonly ImportColumn[] = [
  { header: 'Customer Id', example: '' },
  {
    header: 'Shipment Type',
    example: 'LTL',
    required: [P.ShipmentImport, P.HistoricalShipmentImport, P.FinalMileShipmentImport],
  },
  { header: 'Status', example: 'Quote', required: [P.HistoricalShipmentImport] },
  ...addressColumns('Origin', ['Acme Plastics', '100 Main St', '', 'Dayton', 'OH', '45414', 'US']),
  { header: 'Pickup Ready', example: '03/02/2026 08:00' },
  { header: 'Pickup Close', example: '03/02/2026 16:00' },
  { header: 'Actual Pickup', example: '03/02/2026 10:15', only: [P.HistoricalShipmentImport] },
  ...addressColumns('Destination', [
    'Windy City Foods',
    '4200 S Pulaski Rd',
    '',
    'Chicago',
    'IL',
    '60632',
    'US',
  ]),
  { header: 'Delivery Ready', example: '03/04/2026 08:00' },
  { header: 'Delivery Close', example: '03/04/2026 16:00' },
  { header: 'Actual Delivery', example: '03/04/2026 09:40', only: [P.HistoricalShipmentImport] },
  { header: 'Transit Days', example: '2' },
  { header: 'Carrier Name', example: 'Lakeside Freight' },
  { header: 'SCAC', example: 'LKSF' },
  { header: 'Carrier Phone', example: '(937) 555-0100' },
  { header: 'PRO Number', example: '' },
  { header: 'Total Weight', example: '1200' },
  { header: 'Weight Unit', example: 'lbs' },
  { header: 'Handling Units', example: '2' },
  ...referenceColumns.map((code) => ({
    header: ShipmentReferenceType.byCode[code].name,
    example: code === 'PONumber' ? 'PO-7781' : '',
  })),
  ...addressColumns('Bill To', ['Acme Plastics', '100 Main St', '', 'Dayton', 'OH', '45414', 'US']),
  // one commodity line per row, as the order page's first line (decision 0097)
  ...commodityColumns.map((c) => ({ header: c.header, example: c.example })),
  { header: 'Accessorials', example: 'Liftgate Delivery; Delivery Appointment' },
  { header: 'Special Instructions', example: 'Call the dock 30 minutes before arrival.' },
];

export const columnsFor = (type: ShipmentImportType) =>
  importColumns.filter((c) => !c.only || c.only.includes(type));

/** Headers match whatever their case, spaces and punctuation ("Origin ZIP", "origin_zip"). */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

export interface HeaderMap {
  /** the template header → the file's column index */
  index: ReadonlyMap<string, number>;
  /** headers of the file the importer does not know (ignored, listed on the review) */
  unknown: string[];
}

export type HeaderOutcome =
  | { ok: true; map: HeaderMap }
  | { ok: false; problems: ImportProblem[]; unknown: string[] };

/**
 * The mapping step (001 §2 step 2, "a mapping step when headers differ"): a header of the file → the template
 * column it holds, or '' to leave it out. Headers the importer matches itself need no entry.
 */
export type ColumnMapping = Readonly<Record<string, string>>;

/** What is wrong with a mapping for a type: a target that is not one of its columns, or named twice. */
export function mappingProblems(type: ShipmentImportType, mapping: ColumnMapping): FieldProblem[] {
  const columns = new Set(columnsFor(type).map((c) => c.header));
  const problems: FieldProblem[] = [];
  const taken = new Map<string, string>();
  const entries = Object.entries(mapping);
  if (entries.length > MAX_MAPPED_HEADERS)
    return [{ field: 'mapping', message: `A mapping names at most ${MAX_MAPPED_HEADERS} headers.` }];
  for (const [header, column] of entries) {
    if (column === '') continue;
    if (!columns.has(column))
      problems.push({
        field: `mapping.${header.slice(0, 60)}`,
        message: `${column.slice(0, 60)} is not a column of this import's template.`,
      });
    else if (taken.has(column))
      problems.push({
        field: `mapping.${header.slice(0, 60)}`,
        message: `${column} is already taken by the header ${taken.get(column)!.slice(0, 60)}.`,
      });
    else taken.set(column, header);
  }
  return problems;
}

/** The file's header row matched to the type's columns; a required column missing fails the file. */
export function matchHeaders(
  type: ShipmentImportType,
  headers: readonly string[],
  mapping: ColumnMapping = {},
): HeaderOutcome {
  const byKey = new Map(columnsFor(type).map((c) => [headerKey(c.header), c.header]));
  const index = new Map<string, number>();
  const unknown: string[] = [];
  const problems: ImportProblem[] = [];
  headers.forEach((h, i) => {
    const name = h.trim();
    const mapped = Object.hasOwn(mapping, name) ? mapping[name] : undefined;
    // a header the user left out is neither a column nor unknown any more
    if (mapped === '') return;
    const column = mapped ?? byKey.get(headerKey(h));
    if (!column) {
      if (name) unknown.push(name);
    } else if (index.has(column)) {
      problems.push({
        rowNumber: 1,
        column,
        reason: `The column ${column} appears twice in the header row.`,
      });
    } else index.set(column, i);
  });
  for (const c of columnsFor(type)) {
    if (c.required?.includes(type) && !index.has(c.header))
      problems.push({ rowNumber: 1, column: c.header, reason: `The header row has no ${c.header} column.` });
  }
  if (index.size === 0)
    problems.push({
      rowNumber: 1,
      column: '',
      reason: 'The first row names no column of the template: download the template and keep its header row.',
    });
  return problems.length > 0 ? { ok: false, problems, unknown } : { ok: true, map: { index, unknown } };
}

/** The template of a type: its header row and one example row. */
export function templateRows(type: ShipmentImportType): string[][] {
  const columns = columnsFor(type);
  const example = columns.map((c) => {
    if (type === P.HistoricalShipmentImport && c.header === 'Status') return 'Delivered';
    if (type === P.ParcelShipmentImport && c.header === 'Shipment Type') return 'Small Package';
    return c.example;
  });
  return [columns.map((c) => c.header), example];
}

// ---------------------------------------------------------------------------------------------------
// A row

/** One reason a row cannot be imported: its row number in the file (the header is row 1), its column. */
export interface ImportProblem {
  rowNumber: number;
  column: string;
  reason: string;
}

export interface ImportDefaults {
  type: ShipmentImportType;
  /** the customer chosen in step 1; a row's Customer Id overrides it */
  customerOrganizationId: string;
}

export interface RowInput {
  input: NewShipmentInput;
  /** historical imports: the status the shipment keeps (Delivered or Complete) */
  finalStatus: number | null;
}

export type RowOutcome = { ok: true; row: RowInput } | { ok: false; problems: ImportProblem[] };

/** 002 §3.8 historical imports keep final statuses: these are what a historical row may hold. */
export const historicalStatuses: readonly number[] = [S.Delivered, S.Complete];

/** 001 §9: dates are mm/dd/yyyy, times 24 h; ISO dates are taken too. */
const usDateTime = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;
const two = (n: string) => n.padStart(2, '0');

/** The date-time in the form the create rules read ('YYYY-MM-DDTHH:mm'), or the text as it is. */
export function importDateTime(text: string): string {
  const m = usDateTime.exec(text);
  if (m) return `${m[3]}-${two(m[1]!)}-${two(m[2]!)}${m[4] ? `T${two(m[4])}:${m[5]}` : ''}`;
  return text.replace(' ', 'T');
}

/** An enumeration value from its number, code or name (any case, spaces ignored). */
function enumValue(
  text: string,
  entries: readonly { value: number; code: string; name: string }[],
): number | undefined {
  const key = headerKey(text);
  const found = entries.find(
    (e) => String(e.value) === text.trim() || headerKey(e.code) === key || headerKey(e.name) === key,
  );
  return found?.value;
}

const shipmentTypeEntries = ShipmentType.entries;
const statusEntries = ShipmentStatus.entries;
const weightUnitEntries = [
  ...WeightUnit.entries,
  { value: WeightUnit.values.Pounds, code: 'lb', name: 'pounds' },
  { value: WeightUnit.values.Kilograms, code: 'kgs', name: 'kilograms' },
];

/** Turns one record into a shipment input, or the problems of its own columns (a number that is not one). */
export function rowToInput(
  map: HeaderMap,
  record: readonly string[],
  rowNumber: number,
  defaults: ImportDefaults,
): RowOutcome {
  const read = readRow(map, record, rowNumber, defaults);
  return read.problems.length > 0
    ? { ok: false, problems: read.problems }
    : { ok: true, row: { input: read.input, finalStatus: read.finalStatus } };
}

/**
 * A record read as far as it reads: the problems of its own columns, and the input with every value that
 * did not read left out, so that the create rules can still check the rest of the row. A shipment type that
 * did not read is stood in for by the import's default (`typeRead` false): the rules that need the type
 * (the type itself, the first status) are not to be reported on such a row.
 */
interface ReadRow extends RowInput {
  problems: ImportProblem[];
  typeRead: boolean;
}

/** The type a row is checked as when its own did not read: the parcel import's, else LTL (ours). */
const standInType = (type: ShipmentImportType) =>
  type === P.ParcelShipmentImport ? ShipmentType.values.SmallPackage : ShipmentType.values.LTL;

function readRow(
  map: HeaderMap,
  record: readonly string[],
  rowNumber: number,
  defaults: ImportDefaults,
): ReadRow {
  const problems: ImportProblem[] = [];
  const cell = (header: string): string | undefined => {
    const i = map.index.get(header);
    const v = i === undefined ? undefined : record[i]?.trim();
    return v ? v : undefined;
  };
  const problem = (column: string, reason: string) => problems.push({ rowNumber, column, reason });
  const number = (header: string, integer: boolean): number | undefined => {
    const v = cell(header);
    if (v === undefined) return undefined;
    const n = Number(v.replace(/,/g, ''));
    if (!Number.isFinite(n) || n < 0 || (integer && !Number.isInteger(n))) {
      problem(header, `${v} is not ${integer ? 'a whole number' : 'a number'} of 0 or more.`);
      return undefined;
    }
    return n;
  };
  const choice = (header: string, entries: Parameters<typeof enumValue>[1], what: string) => {
    const v = cell(header);
    if (v === undefined) return undefined;
    const value = enumValue(v, entries);
    if (value === undefined) problem(header, `${v} is not a known ${what}.`);
    return value;
  };

  const type = defaults.type;
  let shipmentType = choice('Shipment Type', shipmentTypeEntries, 'shipment type');
  if (shipmentType === undefined && !cell('Shipment Type')) {
    if (type === P.ParcelShipmentImport) shipmentType = ShipmentType.values.SmallPackage;
    else problem('Shipment Type', 'The shipment type is required.');
  }
  const status = choice('Status', statusEntries, 'shipment status');
  let finalStatus: number | null = null;
  if (type === P.HistoricalShipmentImport) {
    if (status === undefined) {
      if (!cell('Status'))
        problem('Status', 'A historical shipment needs its final status: Delivered or Complete.');
    } else if (!historicalStatuses.includes(status)) {
      problem(
        'Status',
        `A historical shipment is Delivered or Complete, not ${ShipmentStatus.nameOf(status)}.`,
      );
    } else finalStatus = status;
  }

  const address = (prefix: string): Partial<Record<AddressKey, string>> => {
    const out: Partial<Record<AddressKey, string>> = {};
    for (const [key, label] of addressParts) {
      const v = cell(`${prefix} ${label}`);
      if (v !== undefined) out[key] = v;
    }
    return out;
  };
  const when = (header: string) => {
    const v = cell(header);
    if (v === undefined) return undefined;
    const text = importDateTime(v);
    if (normalizeLocalDateTime(text) === undefined) {
      problem(
        header,
        `${v} is not a date and time: write mm/dd/yyyy with a 24-hour time, as 03/02/2026 14:30.`,
      );
      return undefined;
    }
    return text;
  };
  const origin: NewStopInput = {
    stopType: ShipmentStopType.byCode.FirstPick.code,
    ...address('Origin'),
    scheduledReadyDateTime: when('Pickup Ready'),
    scheduledCloseDateTime: when('Pickup Close'),
    actualDepartureDateTime: when('Actual Pickup'),
  };
  const destination: NewStopInput = {
    stopType: ShipmentStopType.byCode.LastDrop.code,
    ...address('Destination'),
    scheduledReadyDateTime: when('Delivery Ready'),
    scheduledCloseDateTime: when('Delivery Close'),
    actualArrivalDateTime: when('Actual Delivery'),
  };
  for (const [header, stop] of [
    ['Origin Zip', origin],
    ['Destination Zip', destination],
  ] as const) {
    if (!stop.zipCode)
      problem(header, `The ${header.split(' ')[0]!.toLowerCase()} ZIP or postal code is required.`);
  }

  const leg: NewTransitLegInput = { transitType: TransitLegType.values.Linehaul };
  const carrierName = cell('Carrier Name');
  const scac = cell('SCAC');
  const carrierPhone = cell('Carrier Phone');
  const pro = cell('PRO Number');
  if (carrierName) leg.carrierMasterName = carrierName;
  if (scac) leg.scac = scac;
  if (carrierPhone) leg.carrierPhone = carrierPhone;
  if (pro) leg.proNumber = pro;

  const billTo = address('Bill To');
  const weight = number('Total Weight', false);
  const handlingUnits = number('Handling Units', true);
  const transitDays = number('Transit Days', true);
  const weightUnit = choice('Weight Unit', weightUnitEntries, 'weight unit (lbs or kg)');
  const commodity = commodityOf(cell, number, problem);
  const accessorials = accessorialsOf(cell('Accessorials'), problem);
  const referenceNumbers = referenceColumns.flatMap((code) => {
    const v = cell(ShipmentReferenceType.byCode[code].name);
    return v ? [{ referenceTypeCode: code, value: v }] : [];
  });
  const input: NewShipmentInput = {
    customerOrganizationId: cell('Customer Id') ?? defaults.customerOrganizationId,
    shipmentType: shipmentType ?? standInType(type),
    // a historical row is checked as a delivered shipment would be created; it keeps its own final status
    status: finalStatus !== null ? S.Delivered : status,
    transitDays: transitDays ?? null,
    totalWeight: weight ?? null,
    totalHandlingUnits: handlingUnits ?? null,
    ...(weightUnit !== undefined ? { weightUnit } : {}),
    transitLegs: [leg],
    stops: [origin, destination],
    referenceNumbers,
    billTo: Object.keys(billTo).length > 0 ? billTo : null,
    ...(commodity ? { commodities: [commodity] } : {}),
    ...(accessorials.length > 0 ? { accessorials } : {}),
    ...(cell('Special Instructions') ? { specialInstructions: cell('Special Instructions') } : {}),
  };
  return { input, finalStatus, problems, typeRead: shipmentType !== undefined };
}

const yes = new Set(['yes', 'y', 'true', '1', 'x']);
const no = new Set(['no', 'n', 'false', '0', '']);
const romanPackingGroups: Record<string, number> = { i: 1, ii: 2, iii: 3 };

/** The row's commodity line, when any of its columns is filled; the create rules check the line itself. */
function commodityOf(
  cell: (header: string) => string | undefined,
  number: (header: string, integer: boolean) => number | undefined,
  problem: (column: string, reason: string) => void,
): CommodityInput | undefined {
  if (!commodityColumns.some((c) => cell(c.header) !== undefined)) return undefined;
  const hazardousText = (cell('Hazardous') ?? '').toLowerCase();
  let hazardous = false;
  if (yes.has(hazardousText)) hazardous = true;
  else if (!no.has(hazardousText)) problem('Hazardous', `${cell('Hazardous')} is not Yes or No.`);
  const group = cell('Packing Group');
  let packingGroup: number | undefined;
  if (group !== undefined) {
    packingGroup = romanPackingGroups[group.toLowerCase()] ?? Number(group);
    if (![1, 2, 3].includes(packingGroup)) {
      problem('Packing Group', `${group} is not a packing group: I, II or III.`);
      packingGroup = undefined;
    }
  }
  const hazmatCells = commodityColumns.filter(
    (c) => c.key.startsWith('hazmat.') && cell(c.header) !== undefined,
  );
  return {
    description: cell('Commodity') ?? null,
    pieces: number('Pieces', true) ?? null,
    weight: number('Commodity Weight', false) ?? null,
    length: number('Length', false) ?? null,
    width: number('Width', false) ?? null,
    height: number('Height', false) ?? null,
    freightClass: number('Freight Class', false) ?? null,
    nmfc: cell('NMFC') ?? null,
    hazardous,
    hazmat:
      hazardous && hazmatCells.length > 0
        ? {
            unNumber: cell('UN Number') ?? null,
            properShippingName: cell('Proper Shipping Name') ?? null,
            hazardClass: cell('Hazard Class') ?? null,
            packingGroup: packingGroup ?? null,
            emergencyContactName: cell('Emergency Contact Name') ?? null,
            emergencyContactPhone: cell('Emergency Contact Phone') ?? null,
          }
        : null,
  };
}

/** The accessorials column: ids or names of the master list, separated by semicolons. */
function accessorialsOf(
  text: string | undefined,
  problem: (column: string, reason: string) => void,
): number[] {
  if (text === undefined) return [];
  const ids: number[] = [];
  for (const item of text
    .split(/[;|]/)
    .map((x) => x.trim())
    .filter((x) => x !== '')) {
    const found = /^\d+$/.test(item)
      ? accessorialById(Number(item))
      : accessorialMasterList.find((d) => headerKey(d.name) === headerKey(item));
    if (!found) problem('Accessorials', `${item.slice(0, 60)} is not an accessorial of the list.`);
    else if (!ids.includes(found.accessorialId)) ids.push(found.accessorialId);
  }
  return ids;
}

/** The column of the file a problem of the create rules is about ("stops.0.zipCode" → "Origin Zip"). */
export function columnOfField(field: string): string {
  const stop = /^stops\.(\d+)\.(\w+)$/.exec(field);
  if (stop) {
    const prefix = stop[1] === '0' ? 'Origin' : 'Destination';
    const key = stop[2]!;
    const part = addressParts.find(([k]) => k === key);
    if (part) return `${prefix} ${part[1]}`;
    const times: Record<string, string> = {
      scheduledReadyDateTime: stop[1] === '0' ? 'Pickup Ready' : 'Delivery Ready',
      scheduledCloseDateTime: stop[1] === '0' ? 'Pickup Close' : 'Delivery Close',
      actualDepartureDateTime: 'Actual Pickup',
      actualArrivalDateTime: 'Actual Delivery',
    };
    return times[key] ?? prefix;
  }
  if (field.startsWith('billTo.')) {
    const part = addressParts.find(([k]) => k === field.slice('billTo.'.length));
    return part ? `Bill To ${part[1]}` : 'Bill To';
  }
  if (field.startsWith('transitLegs.')) {
    if (field.endsWith('carrierPhone')) return 'Carrier Phone';
    return 'Carrier Name';
  }
  if (field.startsWith('referenceNumbers.')) return 'Reference numbers';
  if (field.startsWith('accessorials')) return 'Accessorials';
  if (field === 'specialInstructions') return 'Special Instructions';
  const line = /^commodities\.\d+\.(.+)$/.exec(field);
  if (line) return commodityColumns.find((c) => c.key === line[1])?.header ?? 'Commodity';
  if (field.startsWith('commodities')) return 'Commodity';
  const top: Record<string, string> = {
    customerOrganizationId: 'Customer Id',
    shipmentType: 'Shipment Type',
    status: 'Status',
    totalWeight: 'Total Weight',
    totalHandlingUnits: 'Handling Units',
    transitDays: 'Transit Days',
  };
  return top[field] ?? field;
}

/** The create rules' problems as a person reads them on the review, on the file's columns. */
export const problemsOnColumns = (rowNumber: number, problems: readonly FieldProblem[]): ImportProblem[] =>
  problems.map((p) => ({ rowNumber, column: columnOfField(p.field), reason: p.message }));

/** The outcome of a row checked by the create rules: the shipment to insert, or every problem found. */
export interface RowCheck {
  /** the shipment to insert (with a historical row's final status), when the row has no problem */
  shipment: NewShipment | null;
  problems: ImportProblem[];
  /** the customer the row names, to be looked up (an active customer of the broker): its problem is the row's too */
  customerToCheck: string | null;
}

const typeColumns = new Set(['Shipment Type', 'Status']);

/** A customer a row without one is checked as, for its other columns: never stored (the row has a problem). */
const STAND_IN_CUSTOMER = 'org_import_row_check';

/**
 * One row checked as `POST /api/shipments` checks an order: the create call's limits (`limits`, its schema),
 * then `draftShipment`. Every problem the row has is listed, each on its column, so a person fixes the file
 * once: the problems of the row's own columns (a value that does not read), then those of the limits and of
 * the create rules, which still run on the rest of the row. A check that needs a value that did not read
 * is left out (its column already has its problem; the type's and the first status's checks when the type
 * did not read), and a column with a problem from an earlier step gets no second one (a Pieces that does not
 * read is not also reported missing). A wrong type or first status stops `draftShipment` before the rest:
 * the rest is then checked as the import's default type would be.
 */
export function checkRow(
  caller: Identity,
  map: HeaderMap,
  record: readonly string[],
  rowNumber: number,
  defaults: ImportDefaults,
  now: Date,
  options: DraftOptions & { limits: (input: unknown) => FieldProblem[] },
): RowCheck {
  const read = readRow(map, record, rowNumber, defaults);
  const problems = [...read.problems];
  const skipped = new Set(problems.map((p) => p.column));
  if (!read.typeRead) for (const column of typeColumns) skipped.add(column);
  /** adds a step's problems, but not on a column an earlier step (or a value that did not read) has */
  const add = (found: readonly ImportProblem[]) => {
    const fresh = found.filter((p) => !skipped.has(p.column));
    problems.push(...fresh);
    for (const p of fresh) skipped.add(p.column);
  };
  const customer = customerForNewShipment(caller, read.input.customerOrganizationId);
  const customerToCheck = customer.ok && customer.needsCustomerCheck ? customer.customerOrganizationId : null;

  add(problemsOnColumns(rowNumber, options.limits(read.input)));
  let drafted = draftShipment(caller, read.input, now, options);
  if (!drafted.ok && 'refusal' in drafted)
    return {
      shipment: null,
      problems: [...problems, { rowNumber, column: '', reason: drafted.refusal.message }],
      customerToCheck,
    };
  // The customer, then the type or the first status, stop the rules before the rest: each is listed, and the
  // rest checked with a stand-in (a customer; the import's default type), at most once each.
  let input = read.input;
  for (let round = 0; round < 2 && !drafted.ok && 'problem' in drafted; round++) {
    const { problem } = drafted;
    add(problemsOnColumns(rowNumber, [problem]));
    if (problem.field === 'customerOrganizationId' && input.customerOrganizationId !== STAND_IN_CUSTOMER) {
      input = { ...input, customerOrganizationId: STAND_IN_CUSTOMER };
    } else if (typeColumns.has(columnOfField(problem.field))) {
      for (const column of typeColumns) skipped.add(column);
      input = { ...input, shipmentType: standInType(defaults.type), status: undefined };
    } else break;
    drafted = draftShipment(caller, input, now, options);
  }
  if (!drafted.ok && 'problems' in drafted) add(problemsOnColumns(rowNumber, drafted.problems));
  if (problems.length > 0 || !drafted.ok) return { shipment: null, problems, customerToCheck };

  const shipment = drafted.draft.shipment;
  if (read.finalStatus !== null) {
    // 002 §3.8 historical: the shipment keeps its final status on every leg; no status change happens, so
    // no status event, dispatch or notification follows (decision 0096)
    shipment.status = read.finalStatus;
    for (const leg of shipment.transitLegs) leg.status = read.finalStatus;
  }
  return { shipment, problems: [], customerToCheck };
}

/**
 * The rows an import left out, as CSV for the result email (Row, Column, Reason), cut at `maxChars` with a
 * last line saying how many more the review lists.
 */
export class RejectedRowsCsv {
  private readonly lines: string[] = ['Row,Column,Reason'];
  private chars = this.lines[0]!.length + 2;
  private left = 0;
  private readonly maxChars: number;
  constructor(maxChars: number) {
    this.maxChars = maxChars;
  }

  add(p: ImportProblem): void {
    const line = [p.rowNumber, p.column, p.reason].map((v) => csvField(v)).join(',');
    if (this.left > 0 || this.chars + line.length + 2 > this.maxChars - 100) this.left++;
    else {
      this.lines.push(line);
      this.chars += line.length + 2;
    }
  }

  text(): string {
    const more = this.left > 0 ? [`,,${this.left} more problems are listed on the import's review`] : [];
    return `${[...this.lines, ...more].join('\r\n')}\r\n`;
  }
}

/** Ours: rows written per transaction (each with its shipment's events and its idempotency key). */
export const IMPORT_BATCH_ROWS = 200;
/** Ours: the progress tracker is told every this many rows (and at each batch's commit). */
export const PROGRESS_EVERY_ROWS = 500;
/** Ours: problems listed per review page. */
export const REVIEW_PAGE_SIZE = 200;
/** Ours: the upload is kept in the database in pieces of this size. */
export const IMPORT_CHUNK_BYTES = 256 * 1024;
