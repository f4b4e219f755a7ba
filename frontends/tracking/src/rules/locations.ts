// The location history's lists and layout (000 §2 item 3, §9). Pure.
import { ShipmentLocationType, WIDE_MAP_LAYOUT_ABOVE_LOCATION_COUNT } from '@loadline/contracts';
import type { Location } from '../api/types.ts';

const T = ShipmentLocationType.values;

export interface LocationLists {
  origin: Location[];
  destination: Location[];
  other: Location[];
}

/** Origin, destination and the other locations (in transit, informational, consolidation), newest first. */
export function splitLocations(locations: readonly Location[]): LocationLists {
  return {
    origin: locations.filter((l) => l.locationType === T.Origin),
    destination: locations.filter((l) => l.locationType === T.Destination),
    other: locations.filter((l) => l.locationType !== T.Origin && l.locationType !== T.Destination),
  };
}

/** 000 §9: lists with more than 2 locations use the wide map layout. */
export const usesWideLayout = (count: number) => count > WIDE_MAP_LAYOUT_ABOVE_LOCATION_COUNT;

/** 000 §4, §9: created at least a year ago (the archive option is offered): the rule the services use too. */
export { isYearOld } from '@loadline/contracts/rules/shipments';

const newestFirst = (a: Location, b: Location) =>
  Date.parse(b.locationDateTime) - Date.parse(a.locationDateTime) || b.locationId - a.locationId;

/**
 * A location that arrived live (location.added) or was just added: once, newest first, and the newest of
 * the list is the most recent (as the service flags it).
 */
export function withLiveLocation(list: readonly Location[], added: Location): Location[] {
  if (list.some((l) => l.locationId === added.locationId)) return [...list];
  return [...list, added].sort(newestFirst).map((l, i) => ({ ...l, mostRecentLocation: i === 0 }));
}

/** The live event's data as a location (the hub sends the event without broker and customer). */
export function locationOfEvent(data: unknown): Location | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const d = data as Record<string, unknown>;
  if (
    typeof d.locationId !== 'number' ||
    typeof d.shipmentId !== 'number' ||
    typeof d.locationDateTime !== 'string' ||
    typeof d.locationType !== 'number'
  )
    return undefined;
  const offset = typeof d.utcOffsetMinutes === 'number' ? d.utcOffsetMinutes : null;
  const at = String(d.locationDateTime);
  return {
    locationId: d.locationId,
    shipmentId: d.shipmentId,
    locationType: d.locationType as Location['locationType'],
    latitude: typeof d.latitude === 'number' ? d.latitude : null,
    longitude: typeof d.longitude === 'number' ? d.longitude : null,
    mostRecentLocation: d.mostRecentLocation === true,
    locationStringFull: String(d.locationStringFull ?? ''),
    locationDateTime: at,
    utcOffsetMinutes: offset,
    localDateTime:
      offset === null ? null : new Date(Date.parse(at) + offset * 60_000).toISOString().slice(0, 19),
    city: (d.city as string | null) ?? null,
    state: (d.state as string | null) ?? null,
    zipCode: (d.zipCode as string | null) ?? null,
    country: (d.country as string | null) ?? null,
    source: String(d.source ?? ''),
    addedBy: ((d.addedBy as { name?: string } | null)?.name as string | undefined) ?? null,
    isArchived: false,
  };
}
