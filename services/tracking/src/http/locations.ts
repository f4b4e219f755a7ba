// The location history calls (000 §7): GET /api/location/{id}, GET /api/Lastlocation/{id},
// GET /api/shipmentLocationsArchive/{id}; adding a location (staff) and a batch of check calls
// (staff or an integration acting for the broker).
import { type App, callerOf, requireStaff, requireUser } from '@loadline/platform';
import Type from 'typebox';
import {
  addCheckCalls,
  addLocation,
  archivedLocations,
  lastLocation,
  locationHistory,
} from '../app/locations.ts';
import type { TrackingDeps } from '../service.ts';
import { toApi } from './present.ts';
import { AddLocation, CheckCallBatch, errors, ShipmentIdParam } from './schemas.ts';

export function locationRoutes(app: App, deps: TrackingDeps): void {
  app.get(
    '/api/location/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['locations'],
        summary: "A shipment's locations, newest first, the most recent flagged (000 §7)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(Type.Ref('Location')), ...errors },
      },
    },
    async (request) => (await locationHistory(deps, callerOf(request), request.params.shipmentId)).map(toApi),
  );

  app.get(
    '/api/Lastlocation/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['locations'],
        summary:
          "A shipment's last known location (000 §3): locationStringFull and locationDateTime, null when none",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Ref('LastLocation'), ...errors },
      },
    },
    async (request) => {
      const { shipmentId } = request.params;
      const last = await lastLocation(deps, callerOf(request), shipmentId);
      return {
        shipmentId,
        locationStringFull: last?.locationStringFull ?? null,
        locationDateTime: last?.locationDateTime.toISOString() ?? null,
        utcOffsetMinutes: last?.utcOffsetMinutes ?? null,
      };
    },
  );

  app.get(
    '/api/shipmentLocationsArchive/:shipmentId',
    {
      preHandler: requireUser,
      schema: {
        tags: ['locations'],
        summary: "A shipment's archived locations, newest first (000 §7; moved by the nightly archive)",
        params: Type.Object({ shipmentId: ShipmentIdParam }),
        response: { 200: Type.Array(Type.Ref('Location')), ...errors },
      },
    },
    async (request) =>
      (await archivedLocations(deps, callerOf(request), request.params.shipmentId)).map(toApi),
  );

  app.post(
    '/api/location',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['locations'],
        summary:
          'Adds a location to a shipment (staff): a type, a date-time and coordinates or an address; writes location.added',
        body: AddLocation,
        response: { 201: Type.Ref('Location'), ...errors },
      },
    },
    async (request, reply) => {
      const stored = await addLocation(deps, callerOf(request), request.body);
      return reply.status(201).send(toApi(stored));
    },
  );

  app.post(
    '/api/location/checkCalls',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['locations'],
        summary:
          'Adds a batch of check calls (up to 1,000 locations of the broker’s shipments) in one transaction; all or nothing',
        body: CheckCallBatch,
        response: {
          201: Type.Object({ added: Type.Integer(), locationIds: Type.Array(Type.Integer()) }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const stored = await addCheckCalls(deps, callerOf(request), request.body.locations);
      return reply.status(201).send({ added: stored.length, locationIds: stored.map((l) => l.locationId) });
    },
  );
}
