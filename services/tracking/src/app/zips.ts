// Geocoding and ZIP codes from the bundled dataset (000 §3 "Zip lookup", §5, §7; issue 4 item 2): answered
// from the in-memory index, for any signed-in user (the doors check that).
import { ZIP_SEARCH_LIMIT } from '@loadline/contracts/catalogue';
import { notFound } from '@loadline/platform';
import { timeZoneAt } from '../domain/time-zones.ts';
import type { ZipPlace } from '../domain/zip-index.ts';
import type { TrackingDeps } from '../service.ts';

export interface Geocoded {
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  precision: 'zip' | 'city';
}

/** The centre of the address's ZIP code, else of its city and state; 404 when neither is known. */
export function geocode(
  deps: TrackingDeps,
  q: { zipCode?: string | null; city?: string | null; state?: string | null },
): Geocoded {
  const zips = deps.adapters.zips();
  const byZip = q.zipCode ? zips.lookup(q.zipCode) : undefined;
  const place =
    byZip?.latitude != null
      ? byZip
      : q.city
        ? zips.inCity(q.city, q.state).find((p) => p.latitude !== null)
        : undefined;
  if (!place || place.latitude === null || place.longitude === null)
    throw notFound('No place was found for this address. Check the ZIP code, or the city and state.');
  return {
    latitude: place.latitude,
    longitude: place.longitude,
    city: place.city,
    state: place.state,
    zipCode: place.zip,
    country: place.country,
    precision: place === byZip ? 'zip' : 'city',
  };
}

/** A ZIP place with the IANA time zone of its position (or its state), when one is known. */
export type ZipPlaceInZone = ZipPlace & { timeZone: string | null };

const inZone = (p: ZipPlace): ZipPlaceInZone => ({
  ...p,
  timeZone: timeZoneAt(p.latitude, p.longitude, p.state) ?? null,
});

export const lookupZip = (deps: TrackingDeps, zipCode: string): ZipPlaceInZone | undefined => {
  const place = deps.adapters.zips().lookup(zipCode);
  return place && inZone(place);
};

export const searchZips = (deps: TrackingDeps, query: string): ZipPlaceInZone[] =>
  deps.adapters.zips().search(query, ZIP_SEARCH_LIMIT).map(inZone);

/** Quick quote (000 §5): both ZIP codes known. */
export const zipsAreKnown = (deps: TrackingDeps, originZip: string, destinationZip: string): boolean =>
  Boolean(deps.adapters.zips().lookup(originZip) && deps.adapters.zips().lookup(destinationZip));
