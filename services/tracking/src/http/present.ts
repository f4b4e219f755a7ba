// Locations, ZIP places and text messages as the API answers them (000 §3's field names).
import type { ZipPlaceInZone } from '../app/zips.ts';
import type { RecordedLocation } from '../domain/locations.ts';

/** The wall clock at the place: the instant moved by the place's offset. */
const localDateTime = (at: Date, offsetMinutes: number | null) =>
  offsetMinutes === null ? null : new Date(at.getTime() + offsetMinutes * 60_000).toISOString().slice(0, 19);

export const toApi = (l: RecordedLocation) => ({
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

export const zipOut = (p: ZipPlaceInZone) => ({
  zip: p.zip,
  city: p.city,
  state: p.state,
  country: p.country,
  latitude: p.latitude,
  longitude: p.longitude,
  timeZone: p.timeZone,
});

export const textMessageOut = (r: {
  message_id: number | string;
  to_number: string;
  body: string;
  reference: string;
  sent_at: Date;
}) => ({
  messageId: Number(r.message_id),
  to: r.to_number,
  body: r.body,
  reference: r.reference,
  sentAt: r.sent_at.toISOString(),
});
