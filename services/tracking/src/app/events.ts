// Use cases the shipments service's events start (the consumers call them inside the transaction that
// records the event, exactly once): shipment.updated keeps this service's copy of the shipments; a status
// update carrying a check-call location (the `location` of shipment.updated's statusChange, of status.changed
// before decision 0048; 000 §3) becomes a location of the
// shipment at the time of the update, placed by its ZIP code or city and state when the text names one.
import {
  type EmailReceivedV1,
  type ShipmentStatusChangedV1,
  type ShipmentUpdatedV1,
  statusChangedOf,
} from '@loadline/contracts/events';
import { checkCallLocationType, parseCheckCallText, placeLocation } from '../domain/locations.ts';
import { shipmentView } from '../domain/shipment-view.ts';
import type { TrackingDeps } from '../service.ts';
import { insertLocations, type NewLocation } from '../store/locations.ts';
import { loadShipment, lockShipments, saveShipmentViews } from '../store/shipments.ts';

type Db = TrackingDeps['runtime']['db'];

/**
 * shipment.updated of a consumer's batch: the copies written in one statement, then the check calls of the
 * status updates among them (the move a shipment.updated carries since decision 0048, with its location).
 */
export async function shipmentsUpdated(
  deps: TrackingDeps,
  trx: Db,
  events: readonly { id: string; data: ShipmentUpdatedV1; occurredAt: string }[],
): Promise<void> {
  await saveShipmentViews(
    trx,
    events.map((e) => shipmentView(e.data, new Date(e.occurredAt))),
  );
  // Each check call keyed by the event it came from: delivered again, the event adds nothing (no handled
  // marks, decision 0048).
  await statusChanges(
    deps,
    trx,
    events.flatMap(({ id, data, occurredAt }) => {
      const change = statusChangedOf(data);
      return change ? [{ data: change, occurredAt, sourceEventId: id }] : [];
    }),
  );
}

/** Whether a status change is any of this service's business: only one carrying a check-call location is. */
export const statusChangeConcernsTracking = (change: ShipmentStatusChangedV1): boolean =>
  Boolean(change.location?.trim());

/**
 * Status changes of a consumer's batch: each one's check-call location (when it names one) becomes a
 * location of its shipment, all of them written together (one statement per person who made the changes).
 */
export async function statusChanges(
  deps: TrackingDeps,
  trx: Db,
  events: readonly { data: ShipmentStatusChangedV1; occurredAt: string; sourceEventId?: string }[],
): Promise<void> {
  const changes = events.filter((e) => statusChangeConcernsTracking(e.data));
  if (changes.length === 0) return;
  const shipments = await lockShipments(
    trx,
    changes.map((e) => e.data.shipmentId),
  );
  const zips = deps.adapters.zips();
  const byActor = new Map<
    string,
    { actor: ShipmentStatusChangedV1['changedBy']; locations: NewLocation[] }
  >();
  for (const { data: change, occurredAt, sourceEventId } of changes) {
    const shipment = shipments.get(change.shipmentId);
    // A status.changed (published before decision 0048) comes after the shipment.updated of the same change
    // from the same outbox; if that has not arrived yet, the event is retried (thrown) rather than lost.
    if (!shipment) throw new Error(`shipment ${change.shipmentId} is not known yet`);
    const text = change.location!.trim();
    const input = { ...parseCheckCallText(text, zips), locationType: checkCallLocationType(change.status) };
    const placed = placeLocation(
      { ...input, locationDateTime: occurredAt },
      zips,
      new Date(occurredAt),
      shipment.origin_utc_offset_minutes,
    );
    if (!placed.ok) continue;
    const key = JSON.stringify(change.changedBy);
    const group = byActor.get(key) ?? { actor: change.changedBy, locations: [] };
    group.locations.push({
      ...placed.location,
      shipmentId: change.shipmentId,
      ...(sourceEventId ? { sourceEventId } : {}),
    });
    byActor.set(key, group);
  }
  for (const { actor, locations } of byActor.values())
    await insertLocations(trx, deps.runtime, shipments, locations, 'statusUpdate', actor);
}

/**
 * A carrier's reply to a tracking status request that names a place (the attachments service read it,
 * decision 0072): a check call on the shipment at the time of the reply, placed by its ZIP or city and
 * state when this service knows them, else kept as the carrier's words.
 */
export async function trackingReplyReceived(
  deps: TrackingDeps,
  trx: Db,
  email: EmailReceivedV1,
): Promise<void> {
  const place = email.checkCall;
  if (!place) return;
  const shipment = await loadShipment(trx, email.shipmentId, null, { forUpdate: true });
  if (!shipment) throw new Error(`shipment ${email.shipmentId} is not known yet`);
  const zips = deps.adapters.zips();
  const at = new Date(Math.min(Date.parse(email.date), Date.now()));
  const base = {
    locationType: checkCallLocationType(shipment.status ?? 0),
    locationDateTime: at.toISOString(),
    locationStringFull: place.text,
  };
  const named = {
    ...base,
    ...(place.zipCode ? { zipCode: place.zipCode } : {}),
    ...(place.city ? { city: place.city } : {}),
    ...(place.state ? { state: place.state } : {}),
  };
  const placed = placeLocation(named, zips, new Date(), shipment.origin_utc_offset_minutes);
  const location = placed.ok
    ? placed.location
    : (() => {
        const text = placeLocation(base, zips, new Date(), shipment.origin_utc_offset_minutes);
        return text.ok ? text.location : undefined;
      })();
  if (!location) return;
  await insertLocations(
    trx,
    deps.runtime,
    new Map([[shipment.shipment_id, shipment]]),
    [{ ...location, shipmentId: shipment.shipment_id }],
    'checkCall',
    { userId: 'email', name: email.name.slice(0, 200) },
  );
}
