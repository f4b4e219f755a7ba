// The rules of a shipment's location history (000 §3 Location and Last location, §4 year-old
// shipment, issue 4 items 1 and 5). Pure.
import {
  isPastDelivered,
  ShipmentLocationType,
  ShipmentStatus,
  YEAR_OLD_SHIPMENT_YEARS,
} from '@loadline/contracts/catalogue';
import type { FieldProblem } from '@loadline/platform/problems';
import { instantOfWallClock, instantOfWallClockAtOffset, offsetMinutesAt, timeZoneAt } from './time-zones.ts';
import type { ZipIndex, ZipPlace } from './zip-index.ts';

export const LocationType = ShipmentLocationType.values;

/** Where a location came from; the event and the history say so. */
export type LocationSource = 'staff' | 'checkCall' | 'statusUpdate' | 'driver' | 'trackingTest' | 'demo';

/** How far ahead of now a reported time may be (clocks drift; a check call is about the past). */
export const FUTURE_TOLERANCE_MINUTES = 15;

/** What a caller gives for one location: a place (coordinates or an address) and a time. */
export interface LocationInput {
  locationType: number;
  /** ISO: with Z or an offset an instant; without a zone the wall clock at the place (000 §5) */
  locationDateTime?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  streetAddress?: string | null;
  city?: string | null;
  state?: string | null;
  zipCode?: string | null;
  country?: string | null;
  /** a text to show instead of the one made from the place */
  locationStringFull?: string | null;
}

/** A location ready to store. */
export interface PlacedLocation {
  locationType: number;
  latitude: number | null;
  longitude: number | null;
  locationStringFull: string;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  country: string | null;
  locationDateTime: Date;
  utcOffsetMinutes: number | null;
}

/** A location in a shipment's history, stored and as the history shows it. */
export interface RecordedLocation extends PlacedLocation {
  locationId: number;
  shipmentId: number;
  mostRecentLocation: boolean;
  source: string;
  addedBy: string | null;
  archived: boolean;
}

const clean = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

const zoned = /(Z|[+-]\d{2}:?\d{2})$/i;
const wallClock = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/;

/** "Joliet, IL 60435", "Toronto, ON M5V", or the coordinates when no place is known. */
export function locationText(parts: {
  streetAddress?: string | null;
  city: string | null;
  state: string | null;
  zipCode: string | null;
  latitude: number | null;
  longitude: number | null;
}): string {
  const stateZip =
    parts.state && parts.zipCode ? `${parts.state} ${parts.zipCode}` : (parts.state ?? parts.zipCode ?? '');
  const cityState = parts.city ? (stateZip ? `${parts.city}, ${stateZip}` : parts.city) : stateZip;
  const street = clean(parts.streetAddress);
  const text = street ? (cityState ? `${street}, ${cityState}` : street) : cityState;
  if (text) return text;
  if (parts.latitude !== null && parts.longitude !== null)
    return `${parts.latitude.toFixed(4)}, ${parts.longitude.toFixed(4)}`;
  return '';
}

/**
 * Places a location: coordinates as given (the nearest ZIP names the place), else the address's
 * ZIP code, else its city and state (the city's first ZIP); its time in UTC with the place's offset.
 * `fallbackOffsetMinutes` (the shipment's origin offset) reads a wall clock when the place has no zone.
 */
export function placeLocation(
  input: LocationInput,
  zips: ZipIndex,
  now: Date,
  fallbackOffsetMinutes: number | null,
  prefix = '',
): { ok: true; location: PlacedLocation } | { ok: false; problems: FieldProblem[] } {
  const problems: FieldProblem[] = [];
  const f = (name: string) => `${prefix}${name}`;
  if (!ShipmentLocationType.has(input.locationType))
    problems.push({ field: f('locationType'), message: 'locationType is not a known location type.' });

  const hasLat = typeof input.latitude === 'number';
  const hasLon = typeof input.longitude === 'number';
  let place: ZipPlace | undefined;
  let latitude: number | null = null;
  let longitude: number | null = null;
  if (hasLat !== hasLon) {
    problems.push({
      field: f(hasLat ? 'longitude' : 'latitude'),
      message: 'Latitude and longitude go together: give both or neither.',
    });
  } else if (hasLat && hasLon) {
    latitude = input.latitude!;
    longitude = input.longitude!;
    if (latitude < -90 || latitude > 90)
      problems.push({ field: f('latitude'), message: 'latitude must be between -90 and 90.' });
    if (longitude < -180 || longitude > 180)
      problems.push({ field: f('longitude'), message: 'longitude must be between -180 and 180.' });
    if (problems.length === 0) place = zips.nearest(latitude, longitude);
  } else {
    const zip = clean(input.zipCode);
    const city = clean(input.city);
    if (zip) {
      place = zips.lookup(zip);
      if (!place) problems.push({ field: f('zipCode'), message: `ZIP code ${zip} was not found.` });
    } else if (city) {
      place = zips.inCity(city, clean(input.state))[0];
      if (!place)
        problems.push({
          field: f('city'),
          message: `${[city, clean(input.state)].filter(Boolean).join(', ')} was not found.`,
        });
    } else if (!clean(input.locationStringFull)) {
      problems.push({
        field: f('zipCode'),
        message: 'Give the coordinates or an address with a ZIP code or a city.',
      });
    }
    if (place) {
      latitude = place.latitude;
      longitude = place.longitude;
    }
  }

  const zone = timeZoneAt(latitude, longitude, place?.state ?? clean(input.state));
  let at: Date | undefined;
  const given = clean(input.locationDateTime);
  if (!given) at = now;
  else if (zoned.test(given) && !Number.isNaN(Date.parse(given))) at = new Date(given);
  else if (wallClock.test(given) && !Number.isNaN(Date.parse(`${given}Z`))) {
    const local = given.slice(0, 19);
    at = zone
      ? instantOfWallClock(local, zone)
      : instantOfWallClockAtOffset(local, fallbackOffsetMinutes ?? 0);
  } else
    problems.push({
      field: f('locationDateTime'),
      message: 'locationDateTime is not a valid date and time.',
    });
  if (at && at.getTime() > now.getTime() + FUTURE_TOLERANCE_MINUTES * 60_000)
    problems.push({ field: f('locationDateTime'), message: 'locationDateTime must not be in the future.' });
  if (problems.length > 0 || !at) return { ok: false, problems };

  // Bounded as the location.added contract bounds them (a check call's free text can be longer).
  const city = (clean(input.city) ?? place?.city ?? null)?.slice(0, 100) ?? null;
  const state = (clean(input.state) ?? place?.state ?? null)?.toUpperCase().slice(0, 50) ?? null;
  const zipCode = (clean(input.zipCode) ?? place?.zip ?? null)?.slice(0, 20) ?? null;
  const country = (clean(input.country) ?? place?.country ?? null)?.slice(0, 60) ?? null;
  const streetAddress = hasLat ? null : clean(input.streetAddress);
  return {
    ok: true,
    location: {
      locationType: input.locationType,
      latitude,
      longitude,
      locationStringFull: (
        clean(input.locationStringFull) ??
        locationText({ streetAddress, city, state, zipCode, latitude, longitude })
      ).slice(0, 400),
      city,
      state,
      zipCode,
      country,
      locationDateTime: at,
      utcOffsetMinutes: zone ? offsetMinutesAt(zone, at) : fallbackOffsetMinutes,
    },
  };
}

/**
 * A check call's free text (the `location` of a status update, 000 §3): "Joliet, IL", "Joliet IL
 * 60435", "60435" or "M5V 3L9". Placed by its ZIP code, else by city and state; else kept as text
 * without a position.
 */
export function parseCheckCallText(text: string, zips: ZipIndex): LocationInput {
  const trimmed = text.trim();
  const zipMatch = /\b(\d{5}(?:-\d{4})?|[A-Za-z]\d[A-Za-z](?:\s?\d[A-Za-z]\d)?)\s*$/.exec(trimmed);
  if (zipMatch && zips.lookup(zipMatch[1]))
    return { locationType: 0, zipCode: zipMatch[1]!, locationStringFull: trimmed };
  const cityState = /^(.+?)[,\s]+([A-Za-z]{2})$/.exec(trimmed);
  if (cityState && zips.inCity(cityState[1]!, cityState[2]).length > 0)
    return { locationType: 0, city: cityState[1]!, state: cityState[2]!, locationStringFull: trimmed };
  return { locationType: 0, locationStringFull: trimmed };
}

/** The location type of a check call: In Transit once the load has left, Informational before. */
export function checkCallLocationType(status: number): number {
  const S = ShipmentStatus.values;
  return status >= S.InTransit && status < S.Delivered ? LocationType.InTransit : LocationType.Informational;
}

/**
 * 000 §4 "Tracking test on open" (issue 14 item 9): the carrier's tracking adds a location only while the
 * load is moving — from dispatch until delivery (Dispatched, In Transit, Out for Delivery) — and only a
 * position newer than the last one it reported. A Quote has no truck yet; a Delivered, Complete or
 * Canceled load is where it ended.
 */
export function isMoving(status: number): boolean {
  const S = ShipmentStatus.values;
  return status === S.Dispatched || status === S.InTransit || status === S.OutForDelivery;
}

/** Why the tracking test adds nothing, or undefined when the carrier's answer is a new position. */
export function trackingTestSkip(
  shipment: { shipmentId: number; status: number },
  report?: { at: Date; lastReportedAt: Date | undefined },
): string | undefined {
  if (!isMoving(shipment.status)) {
    const name = ShipmentStatus.nameOf(shipment.status) ?? String(shipment.status);
    return `Shipment ${shipment.shipmentId} is ${name}: the carrier's tracking adds locations only while the load is moving.`;
  }
  if (report?.lastReportedAt && report.at.getTime() <= report.lastReportedAt.getTime())
    return 'The carrier has no newer position than the one already on the shipment.';
  return undefined;
}

/** Newest first; for the same instant the later entry first. */
export function byNewest<T extends { locationDateTime: Date | string; locationId: number }>(
  a: T,
  b: T,
): number {
  const at = new Date(b.locationDateTime).getTime() - new Date(a.locationDateTime).getTime();
  return at !== 0 ? at : b.locationId - a.locationId;
}

/** 000 §4, §9: a shipment created at least a year ago is year-old (the archive option): the shared rule. */
export { isYearOld } from '@loadline/contracts/rules/shipments';

/**
 * Ours (issue 4 item 1): the nightly job archives the locations of shipments past delivered
 * (Delivered, Complete, Canceled: 000 §4, "1000 or more") for more than a year.
 */
export function archiveCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - YEAR_OLD_SHIPMENT_YEARS);
  return cutoff;
}

export const shipmentIsPastDelivered = (status: number) => isPastDelivered(status);
