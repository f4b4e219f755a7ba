// The demo location histories (issue 4 item 6): every demo shipment that has left its origin
// (contracts/demo/shipments.ts `pickedUp`) gets an Origin location at its pickup, In Transit check
// calls along its lane every fifth of the trip that has passed, and a Destination location once
// delivered. Built by rule from the shared plan, so every seeding makes the same history. Pure.
import type { DemoShipmentPlan } from '@loadline/contracts/demo/shipments';
import { LocationType, type PlacedLocation } from './locations.ts';
import { along, shareGone } from './route-position.ts';
import { instantOfWallClock, offsetMinutesAt, timeZoneAt } from './time-zones.ts';
import type { ZipIndex, ZipPlace } from './zip-index.ts';

const locatedAt = (
  place: ZipPlace,
  position: { latitude: number; longitude: number },
  type: number,
  at: Date,
  text: string,
): PlacedLocation => {
  const zone = timeZoneAt(position.latitude, position.longitude, place.state);
  return {
    locationType: type,
    latitude: position.latitude,
    longitude: position.longitude,
    locationStringFull: text,
    city: place.city,
    state: place.state,
    zipCode: place.zip,
    country: place.country,
    locationDateTime: at,
    utcOffsetMinutes: zone ? offsetMinutesAt(zone, at) : null,
  };
};

export function demoHistory(plan: DemoShipmentPlan, zips: ZipIndex, now: Date): PlacedLocation[] {
  if (!plan.pickedUp) return [];
  const from = zips.lookup(plan.origin.zipCode);
  const to = zips.lookup(plan.destination.zipCode);
  if (!from?.latitude || !from.longitude || !to?.latitude || !to.longitude) return [];
  const fromZone = timeZoneAt(from.latitude, from.longitude, from.state) ?? 'UTC';
  const toZone = timeZoneAt(to.latitude, to.longitude, to.state) ?? 'UTC';
  const departure = instantOfWallClock(`${plan.pickupDate}T09:15:00`, fromZone);
  const arrival = instantOfWallClock(`${plan.deliveryDate}T${plan.delivered ? '09:00' : '08:00'}:00`, toZone);
  const origin = { latitude: from.latitude, longitude: from.longitude };
  const destination = { latitude: to.latitude, longitude: to.longitude };
  const placeText = (p: ZipPlace) => `${p.city}, ${p.state} ${p.zip}`;
  const history: PlacedLocation[] = [
    locatedAt(from, origin, LocationType.Origin, departure, `${plan.origin.companyName}, ${placeText(from)}`),
  ];
  const gone = plan.delivered ? 1 : shareGone(departure, arrival, now);
  for (const share of [0.2, 0.4, 0.6, 0.8]) {
    if (share > gone) break;
    const at = new Date(departure.getTime() + (arrival.getTime() - departure.getTime()) * share);
    const position = along(origin, destination, share);
    const near = zips.nearest(position.latitude, position.longitude) ?? from;
    history.push(locatedAt(near, position, LocationType.InTransit, at, placeText(near)));
  }
  if (plan.delivered)
    history.push(
      locatedAt(
        to,
        destination,
        LocationType.Destination,
        arrival,
        `${plan.destination.companyName}, ${placeText(to)}`,
      ),
    );
  return history;
}
