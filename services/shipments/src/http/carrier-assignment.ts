// A shipment's carrier (decision 0117): PUT /api/shipments/{id}/carrier puts one of the broker's carriers on
// a leg, changes it or takes it off; GET /api/shipments/carrierChoices lists the carriers the picker offers.
import { type App, callerOf, requireStaff } from '@loadline/platform';
import Type from 'typebox';
import { assignCarrier, carrierChoices } from '../app/carrier-assignment.ts';
import type { ShipmentsDeps } from '../service.ts';
import { CarrierAssignmentIn, CarrierChoicesOut, CarrierChoicesQuery, ShipmentIdParam } from './schemas.ts';
import { errors } from './shipments.ts';

export function registerCarrierAssignmentRoutes(app: App, deps: ShipmentsDeps): void {
  app.get(
    '/api/shipments/carrierChoices',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carrier assignment'],
        summary:
          "The broker's carriers whose name or SCAC starts with the search, by name (staff), each with why it may not go on a leg",
        querystring: CarrierChoicesQuery,
        response: { 200: CarrierChoicesOut, ...errors },
      },
    },
    (request) => carrierChoices(deps, callerOf(request), request.query),
  );

  app.put(
    '/api/shipments/:shipmentId/carrier',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['carrier assignment'],
        summary:
          "Puts one of the broker's carriers in compliance on a leg (by default the active one), changes it or takes it off (staff), until the shipment is delivered; writes shipment.updated and an activity entry",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        body: CarrierAssignmentIn,
        response: { 200: Type.Ref('Shipment'), ...errors },
      },
    },
    (request) =>
      assignCarrier(deps, callerOf(request), { shipmentId: request.params.shipmentId, ...request.body }),
  );
}
