// Use cases of a shipment's location history (000 §7): read it, its last location and its archive; add a
// location (staff) and a batch of check calls (staff, or an integration acting for the broker: the ingest
// path, one transaction for the batch, all or nothing). Each checks access first and owns its transaction.
import { type Identity, notFound, problemsError } from '@loadline/platform';
import type { FieldProblem } from '@loadline/platform/problems';
import { type LocationInput, placeLocation, type RecordedLocation } from '../domain/locations.ts';
import { shipmentScope } from '../domain/visibility.ts';
import type { TrackingDeps } from '../service.ts';
import {
  insertLocations,
  lastLocation as lastOf,
  listArchivedLocations,
  listLocations,
  type NewLocation,
} from '../store/locations.ts';
import { loadShipment, type ShipmentRow, shipmentsOfBroker } from '../store/shipments.ts';

type Db = TrackingDeps['runtime']['db'];

export const shipmentNotFound = (shipmentId: number) => notFound(`Shipment ${shipmentId} was not found.`);

/** The shipment if the caller may see it; 404 otherwise, like one that does not exist. */
export async function visibleShipment(
  db: Db,
  caller: Identity,
  shipmentId: number,
  options: { forUpdate?: boolean } = {},
): Promise<ShipmentRow> {
  const shipment = await loadShipment(db, shipmentId, shipmentScope(caller), options);
  if (!shipment) throw shipmentNotFound(shipmentId);
  return shipment;
}

const actorOf = (identity: Identity) => ({ userId: identity.userId, name: identity.displayName });

export async function locationHistory(
  deps: TrackingDeps,
  caller: Identity,
  shipmentId: number,
): Promise<RecordedLocation[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return listLocations(db, shipmentId);
}

export async function lastLocation(
  deps: TrackingDeps,
  caller: Identity,
  shipmentId: number,
): Promise<RecordedLocation | undefined> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return lastOf(db, shipmentId);
}

export async function archivedLocations(
  deps: TrackingDeps,
  caller: Identity,
  shipmentId: number,
): Promise<RecordedLocation[]> {
  const { db } = deps.runtime;
  await visibleShipment(db, caller, shipmentId);
  return listArchivedLocations(db, shipmentId);
}

export async function addLocation(
  deps: TrackingDeps,
  caller: Identity,
  input: LocationInput & { shipmentId: number },
): Promise<RecordedLocation> {
  const { runtime, adapters } = deps;
  const { shipmentId, ...given } = input;
  return runtime.db.transaction().execute(async (trx) => {
    const shipment = await visibleShipment(trx, caller, shipmentId);
    const placed = placeLocation(given, adapters.zips(), new Date(), shipment.origin_utc_offset_minutes);
    if (!placed.ok) throw problemsError(placed.problems);
    const [location] = await insertLocations(
      trx,
      runtime,
      new Map([[shipmentId, shipment]]),
      [{ ...placed.location, shipmentId }],
      'staff',
      actorOf(caller),
    );
    return location!;
  });
}

/** A batch of check calls of the caller's broker's shipments; every problem named, or all stored. */
export async function addCheckCalls(
  deps: TrackingDeps,
  caller: Identity,
  items: readonly (LocationInput & { shipmentId: number })[],
): Promise<RecordedLocation[]> {
  const { runtime, adapters } = deps;
  const { brokerId } = shipmentScope(caller);
  const ids = [...new Set(items.map((l) => l.shipmentId))];
  return runtime.db.transaction().execute(async (trx) => {
    const shipments = await shipmentsOfBroker(trx, ids, brokerId);
    const zips = adapters.zips();
    const problems: FieldProblem[] = [];
    const located: NewLocation[] = [];
    const now = new Date();
    items.forEach((item, i) => {
      const { shipmentId } = item;
      const shipment = shipments.get(shipmentId);
      if (!shipment) {
        problems.push({
          field: `locations.${i}.shipmentId`,
          message: `Shipment ${shipmentId} was not found.`,
        });
        return;
      }
      // The item as given (placeLocation reads only a location's fields): no copy per check call.
      const placed = placeLocation(item, zips, now, shipment.origin_utc_offset_minutes, `locations.${i}.`);
      if (placed.ok) located.push({ ...placed.location, shipmentId });
      else problems.push(...placed.problems);
    });
    if (problems.length > 0) throw problemsError(problems);
    const stored = await insertLocations(trx, runtime, shipments, located, 'checkCall', actorOf(caller));
    runtime.counter('loadline_check_calls_total', 'check calls stored').inc(stored.length);
    return stored;
  });
}
