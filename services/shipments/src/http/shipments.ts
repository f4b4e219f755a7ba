// Creating and reading shipments: POST /api/shipments, GET /api/shipments/{id} (the list: grid.ts).
import { type App, callerOf, ErrorBodySchema, requireUser } from '@loadline/platform';
import Type from 'typebox';
import { createShipment, readShipment } from '../app/shipments.ts';
import type { ShipmentsDeps } from '../service.ts';
import { ShipmentCreate, ShipmentIdParam } from './schemas.ts';

export const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
};

export function registerShipmentRoutes(app: App, deps: ShipmentsDeps): void {
  app.post(
    '/api/shipments',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary:
          'Creates a shipment with its legs, stops and references: staff for any customer of their broker, a customer user for its own organization',
        body: ShipmentCreate,
        response: { 201: Type.Ref('Shipment'), ...errors },
      },
    },
    async (request, reply) => {
      const created = await createShipment(deps, callerOf(request), request.body);
      reply.status(201);
      return created;
    },
  );

  app.get(
    '/api/shipments/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['shipments'],
        summary: 'A shipment with its legs, stops, references, bill-to, alerts and consolidation links',
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('Shipment'), ...errors },
      },
    },
    async (request) => readShipment(deps, callerOf(request), request.params.shipmentId),
  );
}
