// The domestic shipment grid (002 §3.11): a page of the caller's shipments (a customer: its own
// organization's) in the chosen columns, the CSV export (000 §5), and the column choice each user keeps.
import { hidesExports, ShipmentStatus } from '@loadline/contracts/catalogue';
import { SHIPMENT_GRID_EXPORT_MAX_ROWS } from '@loadline/contracts/rules/shipments';
import { exportingTurnedOff, fieldError, type Identity } from '@loadline/platform';
import { csvFileName, toCsv } from '@loadline/platform/csv';
import {
  availableColumns,
  cellsOf,
  columnInfo,
  columnName,
  csvCellsOf,
  defaultGridColumns,
  domesticGridName,
  type GridColumnCode,
  parseColumnChoice,
  referenceTypesOf,
  usableSavedChoice,
} from '../domain/grid.ts';
import { defaultSort, paging } from '../domain/listing.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ShipmentsDeps } from '../service.ts';
import { forgetColumns, saveColumns, savedColumns } from '../store/grid-columns.ts';
import { countShipments, gridRows, type ListFilters, type ListOrder, listShipments } from '../store/list.ts';

export interface GridQuery {
  status?: number[] | undefined;
  customerOrganizationId?: string | undefined;
  shipmentType?: number | undefined;
  text?: string | undefined;
  shipDateFrom?: string | undefined;
  shipDateTo?: string | undefined;
  sortBy?: GridColumnCode | undefined;
  sortDirection?: 'asc' | 'desc' | undefined;
  columns?: string[] | undefined;
  fileName?: string | undefined;
}

function filtersOf(q: GridQuery): ListFilters {
  const unknown = q.status?.find((s) => !ShipmentStatus.has(s));
  if (unknown !== undefined) throw fieldError('status', `${unknown} is not a shipment status.`);
  return {
    statuses: q.status,
    customerOrganizationId: q.customerOrganizationId,
    shipmentType: q.shipmentType,
    text: q.text,
    shipDateFrom: q.shipDateFrom,
    shipDateTo: q.shipDateTo,
  };
}

const orderOf = (q: GridQuery): ListOrder => ({
  sortBy: q.sortBy ?? defaultSort.sortBy,
  sortDirection: q.sortDirection ?? defaultSort.sortDirection,
});

/** The columns asked for, else the caller's saved choice, else the defaults. */
async function columnsFor(deps: ShipmentsDeps, caller: Identity, asked: string[] | undefined) {
  if (asked && asked.length > 0) {
    const choice = parseColumnChoice(asked, caller.kind);
    if (!choice.ok) throw fieldError('columns', choice.message);
    return choice.columns;
  }
  const saved = usableSavedChoice(
    await savedColumns(deps.runtime.db, caller.userId, domesticGridName),
    caller.kind,
  );
  return saved ?? [...defaultGridColumns];
}

export async function listGrid(
  deps: ShipmentsDeps,
  caller: Identity,
  q: GridQuery & { page?: number | undefined; pageSize?: number | undefined },
) {
  const filters = filtersOf(q);
  const columns = await columnsFor(deps, caller, q.columns);
  const page = paging(q.page, q.pageSize);
  const { items, totalCount } = await listShipments(
    deps.runtime.db,
    shipmentScope(caller),
    filters,
    orderOf(q),
    page,
    columns,
    referenceTypesOf(columns),
  );
  return {
    columns: columns.map(columnInfo),
    items: items.map((row) => ({ row, cells: cellsOf(row, columns) })),
    totalCount,
    page: page.page,
    pageSize: page.pageSize,
  };
}

/** The grid as a CSV file: every matching row up to SHIPMENT_GRID_EXPORT_MAX_ROWS, in the grid's order. */
export async function exportGrid(deps: ShipmentsDeps, caller: Identity, q: GridQuery) {
  if (hidesExports(caller)) throw exportingTurnedOff();
  const { db } = deps.runtime;
  const filters = filtersOf(q);
  const columns = await columnsFor(deps, caller, q.columns);
  const scope = shipmentScope(caller);
  const [rows, total] = await Promise.all([
    gridRows(
      db,
      scope,
      filters,
      orderOf(q),
      { offset: 0, limit: SHIPMENT_GRID_EXPORT_MAX_ROWS },
      { referenceTypes: referenceTypesOf(columns), stopCount: columns.includes('TotalStopCount') },
    ),
    countShipments(db, scope, filters),
  ]);
  return {
    csv: toCsv(
      columns.map(columnName),
      rows.map((row) => csvCellsOf(row, columns)),
    ),
    fileName: csvFileName(q.fileName ?? `shipments-${new Date().toISOString().slice(0, 10)}`),
    total,
    exported: rows.length,
  };
}

export async function gridColumns(deps: ShipmentsDeps, caller: Identity) {
  const saved = usableSavedChoice(
    await savedColumns(deps.runtime.db, caller.userId, domesticGridName),
    caller.kind,
  );
  return {
    columns: saved ?? [...defaultGridColumns],
    saved: saved !== undefined,
    defaultColumns: [...defaultGridColumns],
    available: availableColumns(caller.kind).map(columnInfo),
  };
}

export async function saveGridColumns(deps: ShipmentsDeps, caller: Identity, asked: string[]) {
  const choice = parseColumnChoice(asked, caller.kind);
  if (!choice.ok) throw fieldError('columns', choice.message);
  await saveColumns(deps.runtime.db, caller.userId, domesticGridName, choice.columns);
  return gridColumns(deps, caller);
}

export async function forgetGridColumns(deps: ShipmentsDeps, caller: Identity) {
  await forgetColumns(deps.runtime.db, caller.userId, domesticGridName);
  return gridColumns(deps, caller);
}
