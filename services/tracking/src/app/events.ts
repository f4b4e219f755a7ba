// Use cases the shipments service's events start (the consumers call them inside the transaction that
// records the event, exactly once): shipment.updated keeps this service's copy of the shipments; a status
// update carrying a check-call location (status.changed `location`, 000 §3) becomes a location of the
// shipment at the time of the update, placed by its ZIP code or city and state when the text names one.
import type { EmailReceivedV1, ShipmentStatusChangedV1, ShipmentUpdatedV1 } from '@loadline/contracts/events';
import { checkCallLocationType, parseCheckCallText, placeLocation } from '../domain/locations.ts';
import { shipmentView } from '../domain/shipment-view.ts';
import type { TrackingDeps } from '../service.ts';
import { insertLocations } from '../store/locations.ts';
import { loadShipment, saveShipmentView } from '../store/shipments.ts';

type Db = TrackingDeps['runtime']['db'];

export function shipmentUpdated(trx: Db, s: ShipmentUpdatedV1, occurredAt: string): Promise<void> {
  return saveShipmentView(trx, shipmentView(s, new Date(occurredAt)));
}

export async function statusChanged(
  deps: TrackingDeps,
  trx: Db,
  change: ShipmentStatusChangedV1,
  occurredAt: string,
): Promise<void> {
  const text = change.location?.trim();
  if (!text) return;
  const shipment = await loadShipment(trx, change.shipmentId, null, { forUpdate: true });
  // The shipment.updated of the same change comes first from the same outbox; if it has not arrived
  // yet, the event is retried (thrown) rather than lost.
  if (!shipment) throw new Error(`shipment ${change.shipmentId} is not known yet`);
  const zips = deps.adapters.zips();
  const input = { ...parseCheckCallText(text, zips), locationType: checkCallLocationType(change.status) };
  const placed = placeLocation(
    { ...input, locationDateTime: occurredAt },
    zips,
    new Date(occurredAt),
    shipment.origin_utc_offset_minutes,
  );
  if (!placed.ok) return;
  await insertLocations(
    trx,
    deps.runtime,
    new Map([[shipment.shipment_id, shipment]]),
    [{ ...placed.location, shipmentId: shipment.shipment_id }],
    'statusUpdate',
    change.changedBy,
  );
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
