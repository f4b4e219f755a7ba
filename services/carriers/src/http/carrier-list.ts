// GET /api/brokerCarrier/list (decision 0118): the back office's Carriers page, a page of the broker's
// carriers with their status, compliance and insurance status; GET /api/brokerCarrier/list.csv, the same
// list (search, filters, order) as a CSV file. `list.csv` is one segment after the prefix, like `list`, so
// it cannot be read as the details route /api/brokerCarrier/{carrierMasterId}/{brokerId}.
import { CARRIER_LIST_EXPORT_MAX_ROWS } from '@loadline/contracts/rules/carriers';
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { exportBrokerCarriers, listBrokerCarriers } from '../app/carrier-list.ts';
import type { CarriersDeps } from '../service.ts';
import { CarrierListExportQuery, CarrierListOut, CarrierListQuery, errors } from './schemas.ts';

export function carrierListRoutes(app: App, deps: CarriersDeps): void {
  app.get(
    '/api/brokerCarrier/list',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          "The broker's carriers, a page at a time (decision 0118): searched by the start of the name, SCAC, MC or DOT number, filtered by status and out of compliance, sorted by name, status, insurance expiry or city; each with its compliance reasons and insurance status",
        querystring: CarrierListQuery,
        response: { 200: CarrierListOut, ...errors },
      },
    },
    (request) => listBrokerCarriers(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/brokerCarrier/list.csv',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary: `The broker's carriers as a CSV file (decision 0118): the list's search, filters and order, at most ${CARRIER_LIST_EXPORT_MAX_ROWS} carriers; x-total-count says how many matched and x-exported-count how many the file holds`,
        querystring: CarrierListExportQuery,
        response: {
          200: {
            description:
              'carriers.csv (text/csv; charset=utf-8): 000 §5 (a byte-order mark, CRLF rows, commas inside values as spaces), values quoted as RFC 4180 says, a header row (Name, SCAC, MC, DOT, City, State, Status, Compliance, Insurance status), then one row per carrier',
            content: { 'text/csv': { schema: Type.String() } },
          },
          400: errors[400],
          401: errors[401],
          403: errors[403],
        },
      },
    },
    async (request, reply) => {
      const file = await exportBrokerCarriers(deps, callerOf(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-total-count', String(file.total))
        .header('x-exported-count', String(file.exported))
        .send(file.csv);
    },
  );
}
