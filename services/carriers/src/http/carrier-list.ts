// GET /api/brokerCarrier/list (decision 0118): the back office's Carriers page, a page of the broker's
// carriers with their status, compliance and insurance status.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import { listBrokerCarriers } from '../app/carrier-list.ts';
import type { CarriersDeps } from '../service.ts';
import { CarrierListOut, CarrierListQuery, errors } from './schemas.ts';

export function carrierListRoutes(app: App, deps: CarriersDeps): void {
  app.get(
    '/api/brokerCarrier/list',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carriers'],
        summary:
          "The broker's carriers, a page at a time (decision 0118): searched by the start of the name, SCAC, MC or DOT number, filtered by status and out of compliance, by name; each with its compliance reasons and insurance status",
        querystring: CarrierListQuery,
        response: { 200: CarrierListOut, ...errors },
      },
    },
    (request) => listBrokerCarriers(deps, callerOf(request), request.query),
  );
}
