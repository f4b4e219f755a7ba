// The domestic shipment grid (002 §3.11): GET /api/shipments (a page, or the CSV export with
// ?format=csv), GET /api/shipments/export.csv, and the column choice each user keeps
// (GET, PUT and DELETE /api/shipments/gridColumns).

import { SHIPMENT_GRID_EXPORT_MAX_ROWS } from '@loadline/contracts/rules/shipments';
import { type App, callerOf, type Identity, requireUser } from '@loadline/platform';
import type { FastifyReply } from 'fastify';
import Type from 'typebox';
import {
  exportGrid,
  forgetGridColumns,
  type GridQuery,
  gridColumns,
  listGrid,
  saveGridColumns,
} from '../app/grid.ts';
import type { ShipmentsDeps } from '../service.ts';
import { ExportQuery, GridColumnsAnswer, GridColumnsChoice, ListAnswer, ListQuery } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerGridRoutes(app: App, deps: ShipmentsDeps): void {
  async function sendCsv(caller: Identity, q: GridQuery, reply: FastifyReply) {
    const file = await exportGrid(deps, caller, q);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('x-total-count', String(file.total))
      .header('x-exported-count', String(file.exported))
      .send(Buffer.from(file.csv, 'utf8'));
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
      const page = await listGrid(deps, caller, q);
      return {
        ...page,
        items: page.items.map(({ row, cells }) => ({
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
          cells,
        })),
      };
    },
  );

  app.get(
    '/api/shipments/export.csv',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: `The grid as a CSV file (000 §5: UTF-8 with a BOM, CRLF rows, a header row, commas inside values as spaces): every matching row up to ${SHIPMENT_GRID_EXPORT_MAX_ROWS}, in the grid's order; x-total-count tells how many matched`,
        querystring: ExportQuery,
        response: {
          200: {
            description: 'The CSV file (text/csv; charset=utf-8), a header row then one row per shipment',
            content: { 'text/csv': { schema: Type.String() } },
          },
          400: errors[400],
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request, reply) => sendCsv(callerOf(request), request.query, reply),
  );

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
    (request) => gridColumns(deps, callerOf(request)),
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
    (request) => saveGridColumns(deps, callerOf(request), request.body.columns),
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
    (request) => forgetGridColumns(deps, callerOf(request)),
  );
}
