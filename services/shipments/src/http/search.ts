// GET /api/shipmentsearch/details/{id} (a shipment's type: which page opens it, 000 §2, §7) and
// GET /api/universalSearch/shipments (001 §5, §7).
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { shipmentSearchDetails, universalSearch } from '../app/search.ts';
import type { ShipmentsDeps } from '../service.ts';
import {
  ShipmentIdParam,
  ShipmentSearchDetailsAnswer,
  UniversalSearchQuery,
  UniversalSearchResult,
} from './schemas.ts';
import { errors } from './shipments.ts';

export function registerSearchRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/shipmentsearch/details/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['search'],
        summary: "A shipment's type (000 §7), to open it on its page (000 §2)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: ShipmentSearchDetailsAnswer, ...errors },
      },
    },
    (request) => shipmentSearchDetails(deps, callerOf(request), request.params.shipmentId),
  );

  app.get(
    '/api/universalSearch/shipments',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['search'],
        summary:
          'Universal search over shipments (001 §5: queries longer than 3 characters, at most 12 results): a shipment number, or the start of a reference value',
        querystring: UniversalSearchQuery,
        response: { 200: Type.Array(UniversalSearchResult), ...errors },
      },
    },
    (request) => universalSearch(deps, callerOf(request), request.query),
  );
}
