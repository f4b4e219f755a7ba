// The domestic shipment grid (002 §3.11): its 84 columns plus the ProNumber display column, where
// each column's value comes from, which columns a caller may choose, and how a cell reads in a CSV
// export. Pure: the SQL that fills the cells is in store/list.ts.
import {
  DomesticShipmentGridColumn,
  type DomesticShipmentGridColumnCode,
  DomesticShipmentGridDefaultColumns,
  ServiceLevel,
  ShipmentAlertType,
  ShipmentReferenceType,
  ShipmentReferenceTypesWithoutKnownValue,
  ShipmentStatus,
} from '@loadline/contracts/catalogue';
import { shipmentGridSortColumns } from '@loadline/contracts/rules/shipments';
import { formatLocalDateTime, formatUtcDateTime } from './csv.ts';

/**
 * 002 §3.11: the default grid shows "ProNumber in place of LinehaulCarrierProNumber": the pro
 * number of the shipment's active leg, whatever the leg type. It has no column number.
 */
export const ProNumberColumn = 'ProNumber';
/** Display name of the ProNumber column: the catalogue names the code but not this column (ours). */
export const proNumberColumnName = 'Pro Number';

export type GridColumnCode = DomesticShipmentGridColumnCode | typeof ProNumberColumn;

/** Every column a grid may show: the 84 of 002 §3.11, then ProNumber. */
export const gridColumnCodes: readonly GridColumnCode[] = Object.freeze([
  ...DomesticShipmentGridColumn.codes,
  ProNumberColumn,
]);
export const defaultGridColumns: readonly GridColumnCode[] = DomesticShipmentGridDefaultColumns;

/** The grid the saved choice belongs to (room for the other grids of 002 §3.11). */
export const domesticGridName = 'DomesticShipmentGrid';

/** Values the shipment row itself carries (store/list.ts selects them for every page). */
export type GridField =
  | 'shipmentId'
  | 'customerName'
  | 'shipDate'
  | 'deliveryDate'
  | 'fromCity'
  | 'fromState'
  | 'toCity'
  | 'toState'
  | 'carrierName'
  | 'proNumber'
  | 'alerts'
  | 'status'
  | 'lastOpsUpdate'
  | 'originCompanyName'
  | 'originZip'
  | 'destinationCompanyName'
  | 'destinationZip'
  | 'serviceLevel'
  | 'totalHandlingUnits'
  | 'totalStopCount'
  | 'totalWeight'
  | 'transitDays'
  | 'createdBy';

/** How a value reads in a CSV file. */
export type CellFormat =
  | 'text'
  | 'number'
  | 'localDateTime'
  | 'instant'
  | 'status'
  | 'alerts'
  | 'serviceLevel';

export type ColumnSource =
  | { kind: 'field'; field: GridField; format: CellFormat }
  /** the values of one reference type (002 §3.3), joined in the order they were entered */
  | { kind: 'reference'; referenceTypeCode: string }
  /** a value this service does not hold (yet): the column is empty, never invented */
  | { kind: 'empty'; heldBy: string };

const field = (f: GridField, format: CellFormat = 'text'): ColumnSource => ({
  kind: 'field',
  field: f,
  format,
});
const empty = (heldBy: string): ColumnSource => ({ kind: 'empty', heldBy });

const fieldColumns: Partial<Record<GridColumnCode, ColumnSource>> = {
  ShipmentId: field('shipmentId', 'number'),
  CustomerName: field('customerName'),
  ShipDate: field('shipDate', 'localDateTime'),
  DeliveryDate: field('deliveryDate', 'localDateTime'),
  FromCity: field('fromCity'),
  FromState: field('fromState'),
  ToCity: field('toCity'),
  ToState: field('toState'),
  CarrierName: field('carrierName'),
  ProNumber: field('proNumber'),
  Alerts: field('alerts', 'alerts'),
  Status: field('status', 'status'),
  LastOpsUpdate: field('lastOpsUpdate', 'instant'),
  OriginCompanyName: field('originCompanyName'),
  OriginZip: field('originZip'),
  DestinationCompanyName: field('destinationCompanyName'),
  DestinationZip: field('destinationZip'),
  ServiceLevel: field('serviceLevel', 'serviceLevel'),
  TotalHandlingUnits: field('totalHandlingUnits', 'number'),
  TotalStopCount: field('totalStopCount', 'number'),
  TotalWeight: field('totalWeight', 'number'),
  TransitDays: field('transitDays', 'number'),
  CreatedBy: field('createdBy'),
};

/** Columns whose values live elsewhere (the service that will fill them), so they are empty here. */
const emptyColumns: Partial<Record<GridColumnCode, ColumnSource>> = {
  TariffName: empty('carriers (tariffs)'),
  TrailerType: empty('shipments (equipment is not modelled yet)'),
  TrailerSize: empty('shipments (equipment is not modelled yet)'),
  TotalBuy: empty('accounting'),
  TotalSell: empty('accounting'),
  Margin: empty('accounting'),
  OfficeName: empty('directory (offices)'),
  CarrierRep: empty('activity (assignments)'),
  LastPinnedActivity: empty('activity'),
  NextAssignmentDate: empty('activity (assignments)'),
  LastKnownLocation: empty('tracking'),
  RemainingMilesToDestination: empty('tracking'),
};

const isReferenceType = (code: string) =>
  ShipmentReferenceType.fromCode(code) !== undefined || ShipmentReferenceTypesWithoutKnownValue.has(code);

/** Where a column's values come from. A column that names a reference type shows its values. */
export function columnSource(code: GridColumnCode): ColumnSource {
  const known = fieldColumns[code] ?? emptyColumns[code];
  if (known) return known;
  if (isReferenceType(code)) return { kind: 'reference', referenceTypeCode: code };
  // No reference type of that name in the catalogue (its number and name are not shown in 002 §3.3):
  // EarliestReturn, MAWBNumber, PaymentReferenceNumber, LinehaulPickupNumber, QuoteDueDate, ShippingLine.
  return empty('no reference type of this name in the catalogue');
}

export const isFilled = (code: GridColumnCode): boolean => columnSource(code).kind !== 'empty';

/**
 * Columns a customer user does not see: the broker's buy side and internal follow-up (ours: the
 * spec has no list; a broker does not show its buy rates and margin to the shipper).
 */
export const staffOnlyGridColumns: readonly GridColumnCode[] = Object.freeze([
  'TotalBuy',
  'Margin',
  'OfferRate',
  'MaxBuyRate',
  'MinBuyRate',
  'CarrierRep',
  'LastPinnedActivity',
  'NextAssignmentDate',
] satisfies GridColumnCode[]);

/**
 * Columns the grid sorts by: those with values, except Alerts (a set, not a value), as the shared rules list
 * them for the list's query (the tests hold the list to the columns filled here).
 */
export const isSortable = (code: string): code is GridColumnCode =>
  (shipmentGridSortColumns as readonly string[]).includes(code);

export function columnName(code: GridColumnCode): string {
  return code === ProNumberColumn ? proNumberColumnName : DomesticShipmentGridColumn.byCode[code].name;
}

export interface GridColumnInfo {
  code: GridColumnCode;
  /** the 002 §3.11 column number; null for ProNumber */
  value: number | null;
  name: string;
  /** false when this service holds no value for it yet (the cells are empty) */
  filled: boolean;
  sortable: boolean;
}

export function columnInfo(code: GridColumnCode): GridColumnInfo {
  return {
    code,
    value: code === ProNumberColumn ? null : DomesticShipmentGridColumn.byCode[code].value,
    name: columnName(code),
    filled: isFilled(code),
    sortable: isSortable(code),
  };
}

/** The columns a caller may choose. */
export function availableColumns(kind: 'staff' | 'customer'): GridColumnCode[] {
  return gridColumnCodes.filter((c) => kind === 'staff' || !staffOnlyGridColumns.includes(c));
}

export type ColumnChoice = { ok: true; columns: GridColumnCode[] } | { ok: false; message: string };

/**
 * Reads a column choice: codes given as a list and/or comma-separated ('ShipmentId,Status'),
 * known, available to the caller, each once, at least one.
 */
export function parseColumnChoice(given: readonly string[], kind: 'staff' | 'customer'): ColumnChoice {
  const codes = given
    .flatMap((g) => g.split(','))
    .map((c) => c.trim())
    .filter((c) => c !== '');
  if (codes.length === 0) return { ok: false, message: 'Choose at least one column.' };
  const available = availableColumns(kind) as readonly string[];
  const unknown = codes.filter((c) => !(gridColumnCodes as readonly string[]).includes(c));
  if (unknown.length > 0) return { ok: false, message: `${unknown.join(', ')}: not a grid column.` };
  const hidden = codes.filter((c) => !available.includes(c));
  if (hidden.length > 0) return { ok: false, message: `${hidden.join(', ')}: not available to you.` };
  const twice = codes.filter((c, i) => codes.indexOf(c) !== i);
  if (twice.length > 0) return { ok: false, message: `${[...new Set(twice)].join(', ')}: chosen twice.` };
  return { ok: true, columns: codes as GridColumnCode[] };
}

/** A saved choice still valid for the caller (columns a customer may not see are dropped). */
export function usableSavedChoice(
  saved: readonly string[] | undefined,
  kind: 'staff' | 'customer',
): GridColumnCode[] | undefined {
  if (!saved) return undefined;
  const available = availableColumns(kind) as readonly string[];
  const kept = saved.filter((c) => available.includes(c)) as GridColumnCode[];
  return kept.length > 0 ? kept : undefined;
}

/** The reference types the chosen columns need. */
export function referenceTypesOf(columns: readonly GridColumnCode[]): string[] {
  return columns.flatMap((c) => {
    const source = columnSource(c);
    return source.kind === 'reference' ? [source.referenceTypeCode] : [];
  });
}

export type CellValue = string | number | number[] | null;

/** The row values a grid page and its export read (store/list.ts fills them). */
export type GridRowValues = Record<GridField, CellValue> & { references: Record<string, string> };

/** A row's cells for the chosen columns, as the API answers them (numbers stay numbers). */
export function cellsOf(row: GridRowValues, columns: readonly GridColumnCode[]): Record<string, CellValue> {
  const cells: Record<string, CellValue> = {};
  for (const code of columns) {
    const source = columnSource(code);
    cells[code] =
      source.kind === 'field'
        ? row[source.field]
        : source.kind === 'reference'
          ? (row.references[source.referenceTypeCode] ?? null)
          : null;
  }
  return cells;
}

const readable = (format: CellFormat, value: CellValue): string | number | null => {
  if (value === null || value === '') return null;
  switch (format) {
    case 'status':
      return ShipmentStatus.nameOf(value as number) ?? String(value);
    case 'alerts': {
      const list = value as number[];
      return list.length === 0 ? null : list.map((a) => ShipmentAlertType.nameOf(a) ?? String(a)).join('; ');
    }
    case 'serviceLevel':
      return ServiceLevel.nameOf(value as number) ?? String(value);
    case 'localDateTime':
      return formatLocalDateTime(String(value));
    case 'instant':
      return formatUtcDateTime(String(value));
    case 'number':
      return value as number;
    default:
      return String(value);
  }
};

/** A row's cells as a CSV file reads them: names for statuses and alerts, dates as MM/DD/YYYY HH:mm. */
export function csvCellsOf(
  row: GridRowValues,
  columns: readonly GridColumnCode[],
): (string | number | null)[] {
  const cells = cellsOf(row, columns);
  return columns.map((code) => {
    const source = columnSource(code);
    return readable(source.kind === 'field' ? source.format : 'text', cells[code] ?? null);
  });
}
