// The edit-status modal's pro-number duplicate check and tracking link (000 §5, §7):
// GET /api/ShipmentUpdateStatus/proNumberHasDuplicates, GET /api/ShipmentUpdateStatus/getTrackingLink/{id}.
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { getTrackingLink, proNumberHasDuplicates } from '../app/status.ts';
import type { ShipmentsDeps } from '../service.ts';
import { ProDuplicatesQuery, ShipmentIdParam, TrackingLinkAnswer } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerProAndTrackingRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/ShipmentUpdateStatus/proNumberHasDuplicates',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['status'],
        summary:
          "Whether another of the broker's shipments has this pro number with this carrier (000 §5: checked only with a carrier and 6 or more characters; otherwise false)",
        querystring: ProDuplicatesQuery,
        response: { 200: Type.Boolean(), ...errors },
      },
    },
    (request) => proNumberHasDuplicates(deps, callerOf(request), request.query),
  );

  app.get(
    '/api/ShipmentUpdateStatus/getTrackingLink/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['status'],
        summary:
          "The carrier's tracking link for the shipment's active leg (000 §5: https added, pro-number placeholder replaced, none without a pro number)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: TrackingLinkAnswer, ...errors },
      },
    },
    (request) => getTrackingLink(deps, callerOf(request), request.params.shipmentId),
  );
}
