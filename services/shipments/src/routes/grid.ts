// The domestic shipment grid (002 §3.11): GET /api/shipments (a page, or the CSV export with
// ?format=csv), GET /api/shipments/export.csv, and the column choice each user keeps
// (GET, PUT and DELETE /api/shipments/gridColumns).
import { ShipmentStatus, StaffPermission } from '@loadline/contracts/catalogue';
import {
  type App,
  callerOf,
  fieldError,
  forbidden,
  type Identity,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import { csvFileName, toCsv } from '../domain/csv.ts';
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
import { defaultSort, maxExportRows, paging } from '../domain/listing.ts';
import { shipmentScope } from '../domain/visibility.ts';
import { forgetColumns, saveColumns, savedColumns } from '../store/grid-columns.ts';
import { countShipments, gridRows, type ListFilters, type ListOrder, listShipments } from '../store/list.ts';
import type { ShipmentsTables } from '../store/tables.ts';
import { ExportQuery, GridColumnsAnswer, GridColumnsChoice, ListAnswer, ListQuery } from './schemas.ts';
import { errors } from './shipments.ts';

type Filters = {
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
};

function filtersOf(q: Filters): ListFilters {
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

const orderOf = (q: Filters): ListOrder => ({
  sortBy: q.sortBy ?? defaultSort.sortBy,
  sortDirection: q.sortDirection ?? defaultSort.sortDirection,
});

export async function registerGridRoutes(app: App, runtime: ServiceRuntime<ShipmentsTables>): Promise<void> {
  const db = runtime.db;

  /** The columns asked for, else the caller's saved choice, else the defaults. */
  async function columnsFor(caller: Identity, asked: string[] | undefined): Promise<GridColumnCode[]> {
    if (asked && asked.length > 0) {
      const choice = parseColumnChoice(asked, caller.kind);
      if (!choice.ok) throw fieldError('columns', choice.message);
      return choice.columns;
    }
    const saved = usableSavedChoice(await savedColumns(db, caller.userId, domesticGridName), caller.kind);
    return saved ?? [...defaultGridColumns];
  }

  async function sendCsv(caller: Identity, q: Filters, reply: FastifyReply) {
    if (caller.kind === 'staff' && StaffPermission.has(caller.permissions, 'HideExportToExcel')) {
      throw forbidden('Exporting is turned off for your account.');
    }
    const filters = filtersOf(q);
    const columns = await columnsFor(caller, q.columns);
    const scope = shipmentScope(caller);
    const [rows, total] = await Promise.all([
      gridRows(
        db,
        scope,
        filters,
        orderOf(q),
        { offset: 0, limit: maxExportRows },
        { referenceTypes: referenceTypesOf(columns), stopCount: columns.includes('TotalStopCount') },
      ),
      countShipments(db, scope, filters),
    ]);
    const csv = toCsv(
      columns.map(columnName),
      rows.map((row) => csvCellsOf(row, columns)),
    );
    const fileName = csvFileName(q.fileName ?? `shipments-${new Date().toISOString().slice(0, 10)}`);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('x-total-count', String(total))
      .header('x-exported-count', String(rows.length))
      .send(Buffer.from(csv, 'utf8'));
  }

  app.get(
    '/api/shipments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          "The domestic shipment grid (002 §3.11): the caller's shipments (a customer: its own organization's), filtered, sorted and paged, in the chosen columns; ?format=csv exports them",
        querystring: ListQuery,
        response: { 200: ListAnswer, ...errors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const caller = callerOf(request);
      if (q.format === 'csv') return sendCsv(caller, q, reply);
      const filters = filtersOf(q);
      const columns = await columnsFor(caller, q.columns);
      const page = paging(q.page, q.pageSize);
      const { items, totalCount } = await listShipments(
        db,
        shipmentScope(caller),
        filters,
        orderOf(q),
        page,
        columns,
        referenceTypesOf(columns),
      );
      return {
        columns: columns.map(columnInfo),
        items: items.map((row) => ({
          shipmentId: row.shipmentId,
          customerOrganizationId: row.customerOrganizationId,
          customerName: row.customerName,
          shipmentType: row.shipmentType,
          status: row.status,
          shipDate: row.shipDate,
          deliveryDate: row.deliveryDate,
          fromCity: row.fromCity,
          fromState: row.fromState,
          toCity: row.toCity,
          toState: row.toState,
          carrierName: row.carrierName,
          proNumber: row.proNumber,
          alerts: row.alerts,
          lastOpsUpdate: row.lastOpsUpdate,
          totalWeight: row.totalWeight,
          weightUnit: row.weightUnit,
          transitDays: row.transitDays,
          cells: cellsOf(row, columns),
        })),
        totalCount,
        page: page.page,
        pageSize: page.pageSize,
      };
    },
  );

  app.get(
    '/api/shipments/export.csv',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: `The grid as a CSV file (000 §5: UTF-8 with a BOM, CRLF rows, a header row, commas inside values as spaces): every matching row up to ${maxExportRows}, in the grid's order; x-total-count tells how many matched`,
        querystring: ExportQuery,
        response: { 400: errors[400], 401: errors[401], 403: errors[403] },
      },
    },
    async (request, reply) => sendCsv(callerOf(request), request.query, reply),
  );

  const columnsAnswer = async (caller: Identity) => {
    const saved = usableSavedChoice(await savedColumns(db, caller.userId, domesticGridName), caller.kind);
    return {
      columns: saved ?? [...defaultGridColumns],
      saved: saved !== undefined,
      defaultColumns: [...defaultGridColumns],
      available: availableColumns(caller.kind).map(columnInfo),
    };
  };

  app.get(
    '/api/shipments/gridColumns',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: 'The grid columns you chose (or the 14 defaults), and every column you may choose',
        response: { 200: GridColumnsAnswer, ...errors },
      },
    },
    async (request) => columnsAnswer(callerOf(request)),
  );

  app.put(
    '/api/shipments/gridColumns',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: 'Saves your grid columns, in order',
        body: GridColumnsChoice,
        response: { 200: GridColumnsAnswer, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const choice = parseColumnChoice(request.body.columns, caller.kind);
      if (!choice.ok) throw fieldError('columns', choice.message);
      await saveColumns(db, caller.userId, domesticGridName, choice.columns);
      return columnsAnswer(caller);
    },
  );

  app.delete(
    '/api/shipments/gridColumns',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: 'Forgets your grid columns: the grid shows the defaults again',
        response: { 200: GridColumnsAnswer, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await forgetColumns(db, caller.userId, domesticGridName);
      return columnsAnswer(caller);
    },
  );
}
