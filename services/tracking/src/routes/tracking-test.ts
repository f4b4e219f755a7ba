// POST /api/integrationsource/testtrackingfull (000 §4 "Tracking test on open", §7): asks the
// carrier through its integration source where the load is. A new position becomes an In Transit
// location (result true: the screen says 'Successfully updated location for shipment!'); no
// position leaves the last location as it was (result false: 'Unable to update Shipment location
// information'). Only while the load is moving, and only a position newer than the carrier's last
// one (issue 14 item 9): otherwise nothing is added and the answer says the location is up to date
// (upToDate, no toast). Staff only.
import { subjects } from '@loadline/contracts/events';
import { type App, callerOf, requireStaff, type ServiceRuntime } from '@loadline/platform';
import Type from 'typebox';
import type { CarrierTrackingAdapter } from '../adapters/carrier-tracking.ts';
import { LocationType, placeLocation, trackingTestSkip } from '../domain/locations.ts';
import type { Position } from '../domain/route-position.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { ZipIndex } from '../domain/zip-index.ts';
import { insertLocations, newestReportOf } from '../store/locations.ts';
import { loadShipment } from '../store/shipments.ts';
import type { Place, TrackingTables } from '../store/tables.ts';
import { toApi } from './locations.ts';
import { errors, shipmentNotFound, TrackingTestIn } from './schemas.ts';

export async function registerTrackingTestRoutes(
  app: App,
  runtime: ServiceRuntime<TrackingTables>,
  zips: () => ZipIndex,
  adapter: CarrierTrackingAdapter,
): Promise<void> {
  const db = runtime.db;
  const positionOf = (place: Place | null): Position | null => {
    const found = place?.zipCode
      ? zips().lookup(place.zipCode)
      : place?.city
        ? zips().inCity(place.city, place.state)[0]
        : undefined;
    return found?.latitude != null && found.longitude != null
      ? { latitude: found.latitude, longitude: found.longitude }
      : null;
  };

  app.post(
    '/api/integrationsource/testtrackingfull',
    {
      preHandler: requireStaff,
      schema: {
        tags: ['tracking test'],
        summary:
          'Runs a tracking test through the leg’s integration source; a position found is added as an In Transit location',
        body: TrackingTestIn,
        response: { 200: Type.Ref('TrackingTestResult'), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { shipmentId, integrationSourceId, proNumber } = request.body;
      const shipment = await loadShipment(db, shipmentId, shipmentScope(caller));
      if (!shipment) throw shipmentNotFound(shipmentId);
      const notMoving = trackingTestSkip({ shipmentId, status: shipment.status });
      if (notMoving) return { result: false, upToDate: true, message: notMoving, location: null };
      let answer: Awaited<ReturnType<CarrierTrackingAdapter['track']>>;
      try {
        answer = await adapter.track({
          integrationSourceId,
          proNumber,
          scac: shipment.scac,
          origin: positionOf(shipment.origin),
          destination: positionOf(shipment.destination),
          pickupAt: shipment.pickup_at,
          deliveryAt: shipment.delivery_at,
        });
      } catch (error) {
        request.log.warn({ err: error }, 'tracking test: the integration source failed');
        answer = { found: false, message: 'The carrier’s tracking did not answer.' };
      }
      if (!answer.found) return { result: false, upToDate: false, message: answer.message, location: null };
      const stale = trackingTestSkip(
        { shipmentId, status: shipment.status },
        { at: answer.at, lastReportedAt: await newestReportOf(db, shipmentId, 'trackingTest') },
      );
      if (stale) return { result: false, upToDate: true, message: stale, location: null };
      const placed = placeLocation(
        {
          locationType: LocationType.InTransit,
          ...answer.position,
          locationDateTime: answer.at.toISOString(),
        },
        zips(),
        new Date(),
        shipment.origin_utc_offset_minutes,
      );
      if (!placed.ok)
        return { result: false, upToDate: false, message: placed.problems[0]!.message, location: null };
      const [location] = await db.transaction().execute((trx) =>
        insertLocations(
          trx,
          (t, events) =>
            runtime.appendEvents(
              t,
              events.map((data) => ({ subject: subjects.locationAdded, data })),
            ),
          new Map([[shipment.shipment_id, shipment]]),
          [{ ...placed.location, shipmentId }],
          'trackingTest',
          { userId: caller.userId, name: caller.displayName },
        ),
      );
      return { result: true, upToDate: true, message: null, location: toApi(location!) };
    },
  );
}
