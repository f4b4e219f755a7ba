// The last-known-location line of the edit-status modal (000 §3 "Last location"): locationStringFull and
// locationDateTime, else a fallback text. Which fallback (the spec gives two, not when): 'No Location
// Tracking Available' when the active leg's tariff has no API tracking, 'No Location Data Available' when
// tracking is on but no location has come (or the call failed). Pure.

import { messages } from '@loadline/contracts';
import { formatLocationTime } from '@loadline/ui';
import type { ActiveTransitLeg, LastLocation } from '../api/types.ts';

export function trackingEnabled(leg: Pick<ActiveTransitLeg, 'shipmentTransitlegTariff'> | null): boolean {
  const tariff = leg?.shipmentTransitlegTariff;
  return Boolean(tariff?.integrationEnableAPITracking || tariff?.trackingIntegrationEnableAPITracking);
}

export interface LastLocationLine {
  text: string;
  /** MM/DD HH:mm A, when the location has a time. */
  time: string | null;
  known: boolean;
}

export function lastLocationLine(
  location: Pick<LastLocation, 'locationStringFull' | 'locationDateTime'> | null | undefined,
  tracking: boolean,
): LastLocationLine {
  const text = location?.locationStringFull?.trim();
  if (text) {
    return { text, time: formatLocationTime(location?.locationDateTime) || null, known: true };
  }
  return {
    text: tracking ? messages.locations.noLocationData : messages.locations.noLocationTracking,
    time: null,
    known: false,
  };
}
