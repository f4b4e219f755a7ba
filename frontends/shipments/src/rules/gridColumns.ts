// The domestic shipment grid's columns (002 §3.11): 84 columns by code, the first 14 by default with the
// pro number in column 9's place. The service answers the columns a grid shows (GridColumn: code, name,
// sortable) and each row's cells by code; the user's choice is kept per user (GET/PUT
// /api/shipments/gridColumns). Pure: a cell's text and a column's sort key.

import {
  DomesticShipmentGridColumn,
  DomesticShipmentGridDefaultColumns,
  ServiceLevel,
  ShipmentAlertType,
  ShipmentStatus,
  WeightUnit,
} from '@loadline/contracts';
import { formatPhone } from '@loadline/contracts/rules/phone';
import { formatDate, formatDateTime } from '@loadline/ui';
import type { GridColumn, ShipmentListItem, ShipmentSortColumn } from '../api/types.ts';

const C = DomesticShipmentGridColumn.byCode;

/** The default columns by code (shown until the user's choice has loaded). */
export const DEFAULT_GRID_COLUMNS: readonly string[] = DomesticShipmentGridDefaultColumns;

export const STATUS_COLUMN = C.Status.code;
export const SHIPMENT_ID_COLUMN = C.ShipmentId.code;

/** The sort key of a column the service can sort by. */
export function sortKeyOf(column: Pick<GridColumn, 'code' | 'sortable'>): ShipmentSortColumn | undefined {
  return column.sortable ? (column.code as ShipmentSortColumn) : undefined;
}

/** Keeps the chosen codes in the order of `available`, without repeats or unknown codes. */
export function orderedChoice(
  available: readonly Pick<GridColumn, 'code'>[],
  chosen: Iterable<string>,
): string[] {
  const set = new Set(chosen);
  return available.map((c) => c.code).filter((code) => set.has(code));
}

/**
 * Columns whose cells stay on one line (issue 14 item 11): short values that read wrong when broken (ids,
 * states, dates, pro numbers, the status). The others (names, cities, alerts, free text) wrap, so the
 * default columns fit the screen.
 */
const oneLineColumns = new Set<string>([
  C.ShipmentId.code,
  C.ShipDate.code,
  C.DeliveryDate.code,
  C.FromState.code,
  C.ToState.code,
  C.Status.code,
  'ProNumber',
  C.LinehaulCarrierProNumber.code,
]);

export function keepsOnOneLine(code: string): boolean {
  return oneLineColumns.has(code);
}

const LOCAL_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Columns that are days (002 §3.11 names them dates): shown as MM/DD/YYYY even when a time comes along. */
const dayColumns = new Set<string>([
  C.ShipDate.code,
  C.DeliveryDate.code,
  C.LastFreeDay.code,
  C.QuoteDueDate.code,
  C.NextAssignmentDate.code,
]);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
/** Columns that hold a phone number: shown as one, (AAA) BBB-CCCC ext N (001 §5). */
const phoneColumns = new Set<string>([
  C.CarrierDispatcherPhoneNumber.code,
  C.DriverCellPhoneNumber.code,
  C.SecondaryDriverCellPhoneNumber.code,
]);

/**
 * A cell's text (000 §5 formats): statuses and alert types by name, service levels by name, dates (and
 * the date columns) as MM/DD/YYYY, other date-times as MM/DD/YYYY HH:mm (an instant in the browser's time, a stop time as it is),
 * the total weight with its unit. Missing values are blank.
 */
export function cellText(item: ShipmentListItem, code: string): string {
  const value = item.cells[code];
  if (value === null || value === undefined || value === '') return '';
  if (code === C.Status.code) return ShipmentStatus.nameOf(Number(value)) ?? String(value);
  if (Array.isArray(value)) {
    return code === C.Alerts.code
      ? value.map((a) => ShipmentAlertType.nameOf(a) ?? String(a)).join(', ')
      : value.join(', ');
  }
  if (typeof value === 'number') {
    if (code === C.ServiceLevel.code) return ServiceLevel.nameOf(value) ?? String(value);
    if (code === C.TotalWeight.code) {
      return `${value.toLocaleString('en-US')} ${WeightUnit.nameOf(item.weightUnit) ?? ''}`.trim();
    }
    return String(value);
  }
  if (phoneColumns.has(code)) return formatPhone(value);
  if (LOCAL_DATE.test(value) || (dayColumns.has(code) && DATE_TIME.test(value))) return formatDate(value);
  if (DATE_TIME.test(value)) return formatDateTime(value);
  return value;
}
