// The location history calls (000 §7): GET /api/location/{id}, GET /api/Lastlocation/{id},
// GET /api/shipmentLocationsArchive/{id}; adding a location (staff) and a batch of check calls
// (staff or an integration acting for the broker).
import { type LocationAddedV1, subjects } from '@loadline/contracts/events';
import {
  type App,
  callerOf,
  type Identity,
  requireStaff,
  requireUser,
  type ServiceRuntime,
} from '@loadline/platform';
import Type from 'typebox';
import { type FieldProblem, placeLocation } from '../domain/locations.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import {
  insertLocations,
  lastLocation,
  listArchivedLocations,
  listLocations,
  type NewLocation,
  type StoredLocation,
} from '../store/locations.ts';
import { loadShipment, type ShipmentRow } from '../store/shipments.ts';
import type { TrackingTables } from '../store/tables.ts';
import {
  AddLocation,
  CheckCallBatch,
  errors,
  problemsError,
  ShipmentIdParam,
  shipmentNotFound,
} from './schemas.ts';

/** The wall clock at the place: the instant moved by the place's offset. */
const localDateTime = (at: Date, offsetMinutes: number | null) =>
  offsetMinutes === null ? null : new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);

export const toApi = (l: StoredLocation) => ({
  locationId: l.locationId,
  shipmentId: l.shipmentId,
  locationType: l.locationType as 0,
  latitude: l.latitude,
  longitude: l.longitude,
  mostRecentLocation: l.mostRecentLocation,
  locationStringFull: l.locationStringFull,
  locationDateTime: l.locationDateTime.toISOString(),
  utcOffsetMinutes: l.utcOffsetMinutes,
  localDateTime: localDateTime(l.locationDateTime, l.utcOffsetMinutes),
  city: l.city,
  state: l.state,
  zipCode: l.zipCode,
  country: l.country,
  source: l.source,
  addedBy: l.addedBy,
  isArchived: l.archived,
});

const actorOf = (identity: Identity) => ({ userId: identity.userId, name: identity.displayName });

export async function registerLocationRoutes(
  app: App,
  runtime: ServiceRuntime<TrackingTables>,
  zips: () => ZipIndex,
): Promise<void> {
  const db = runtime.db;
  const append = (trx: typeof db, events: LocationAddedV1[]) =>
    runtime.appendEvents(
      trx,
      events.map((data) => ({ subject: subjects.locationAdded, data })),
    );

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
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      return (await listLocations(db, shipmentId)).map(toApi);
    },
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
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      const last = await lastLocation(db, shipmentId);
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
    async (request) => {
      const { shipmentId } = request.params;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(callerOf(request)));
      if (!shipment) throw shipmentNotFound(shipmentId);
      return (await listArchivedLocations(db, shipmentId)).map(toApi);
    },
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
      const caller = callerOf(request);
      const { shipmentId, ...input } = request.body;
      const stored = await db.transaction().execute(async (trx) => {
        const shipment = await loadShipment(trx, shipmentId, shipmentScope(caller));
        if (!shipment) throw shipmentNotFound(shipmentId);
        const placed = placeLocation(input, zips(), new Date(), shipment.origin_utc_offset_minutes);
        if (!placed.ok) throw problemsError(placed.problems);
        const [location] = await insertLocations(
          trx,
          append,
          new Map([[shipmentId, shipment]]),
          [{ ...placed.location, shipmentId }],
          'staff',
          actorOf(caller),
        );
        return location!;
      });
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
      const caller = callerOf(request);
      const scope = shipmentScope(caller);
      const items = request.body.locations;
      const ids = [...new Set(items.map((l) => l.shipmentId))];
      const stored = await db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('shipment')
          .selectAll()
          .where('shipment_id', 'in', ids)
          .where('broker_id', '=', scope.brokerId)
          .execute();
        const shipments = new Map<number, ShipmentRow>(rows.map((r) => [Number(r.shipment_id), r]));
        const problems: FieldProblem[] = [];
        const located: NewLocation[] = [];
        const now = new Date();
        items.forEach(({ shipmentId, ...input }, i) => {
          const shipment = shipments.get(shipmentId);
          if (!shipment) {
            problems.push({
              field: `locations.${i}.shipmentId`,
              message: `Shipment ${shipmentId} was not found.`,
            });
            return;
          }
          const placed = placeLocation(
            input,
            zips(),
            now,
            shipment.origin_utc_offset_minutes,
            `locations.${i}.`,
          );
          if (placed.ok) located.push({ ...placed.location, shipmentId });
          else problems.push(...placed.problems);
        });
        if (problems.length > 0) throw problemsError(problems);
        return insertLocations(trx, append, shipments, located, 'checkCall', actorOf(caller));
      });
      return reply.status(201).send({ added: stored.length, locationIds: stored.map((l) => l.locationId) });
    },
  );
}
