// The tracking test (000 §4 "Tracking test on open", §7): asks the carrier through its integration source
// where the load is. A new position becomes an In Transit location (result true); no position leaves the
// last location as it was (result false). Only while the load is moving, and only a position newer than
// the carrier's last one (issue 14 item 9): otherwise nothing is added and the answer says the location
// is up to date.
import type { Identity } from '@loadline/platform';
import type { TrackingAnswer } from '../adapters/carrier-tracking.ts';
import { LocationType, placeLocation, type RecordedLocation, trackingTestSkip } from '../domain/locations.ts';
import type { Position } from '../domain/route-position.ts';
import type { TrackingDeps } from '../service.ts';
import { insertLocations, newestReportOf } from '../store/locations.ts';
import type { Place } from '../store/tables.ts';
import { visibleShipment } from './locations.ts';

export interface TrackingTestOutcome {
  result: boolean;
  upToDate: boolean;
  message: string | null;
  location: RecordedLocation | null;
}

export async function runTrackingTest(
  deps: TrackingDeps,
  caller: Identity,
  input: { shipmentId: number; integrationSourceId: number; proNumber: string },
): Promise<TrackingTestOutcome> {
  const { runtime, adapters } = deps;
  const zips = adapters.zips();
  const positionOf = (place: Place | null): Position | null => {
    const found = place?.zipCode
      ? zips.lookup(place.zipCode)
      : place?.city
        ? zips.inCity(place.city, place.state)[0]
        : undefined;
    return found?.latitude != null && found.longitude != null
      ? { latitude: found.latitude, longitude: found.longitude }
      : null;
  };
  const { shipmentId, integrationSourceId, proNumber } = input;
  const shipment = await visibleShipment(runtime.db, caller, shipmentId);
  const notMoving = trackingTestSkip({ shipmentId, status: shipment.status });
  if (notMoving) return { result: false, upToDate: true, message: notMoving, location: null };
  let answer: TrackingAnswer;
  try {
    answer = await adapters.carrierTracking.track({
      integrationSourceId,
      proNumber,
      scac: shipment.scac,
      origin: positionOf(shipment.origin),
      destination: positionOf(shipment.destination),
      pickupAt: shipment.pickup_at,
      deliveryAt: shipment.delivery_at,
    });
  } catch (error) {
    runtime.logger.warn({ err: error }, 'tracking test: the integration source failed');
    answer = { found: false, message: 'The carrier’s tracking did not answer.' };
  }
  if (!answer.found) return { result: false, upToDate: false, message: answer.message, location: null };
  const stale = trackingTestSkip(
    { shipmentId, status: shipment.status },
    { at: answer.at, lastReportedAt: await newestReportOf(runtime.db, shipmentId, 'trackingTest') },
  );
  if (stale) return { result: false, upToDate: true, message: stale, location: null };
  const placed = placeLocation(
    { locationType: LocationType.InTransit, ...answer.position, locationDateTime: answer.at.toISOString() },
    zips,
    new Date(),
    shipment.origin_utc_offset_minutes,
  );
  if (!placed.ok)
    return { result: false, upToDate: false, message: placed.problems[0]!.message, location: null };
  const [location] = await runtime.db
    .transaction()
    .execute((trx) =>
      insertLocations(
        trx,
        runtime,
        new Map([[shipment.shipment_id, shipment]]),
        [{ ...placed.location, shipmentId }],
        'trackingTest',
        { userId: caller.userId, name: caller.displayName },
      ),
    );
  return { result: true, upToDate: true, message: null, location: location! };
}
