// Location time labels (000 §3: MM/DD HH:mm A) in UTC or in the place's own time (000 §2 item 3's
// switch). Pure: the service gives each location its UTC instant and the wall clock at the place.
import { LOCATION_TIME_LABEL_FORMAT } from '@loadline/contracts';
import { instantAt, offsetMinutesIn } from '@loadline/ui';

export type TimeMode = 'utc' | 'local';

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A wall clock 'YYYY-MM-DDTHH:mm…' as MM/DD HH:mm A (A: AM before noon, PM from noon). */
export function timeLabel(wallClock: string): string {
  const m = WALL.exec(wallClock);
  if (!m) return wallClock;
  const [, year, month, day, hour, minute] = m;
  return LOCATION_TIME_LABEL_FORMAT.replace(/YYYY|MM|DD|HH|mm|A/g, (token) => {
    switch (token) {
      case 'YYYY':
        return year!;
      case 'MM':
        return month!;
      case 'DD':
        return day!;
      case 'HH':
        return hour!;
      case 'mm':
        return minute!;
      default:
        return Number(hour) < 12 ? 'AM' : 'PM';
    }
  });
}

/**
 * The label of a location's time: UTC, or location-local labelled with the place's offset then (issue 14
 * item 10: '11/23 06:30 AM UTC−06:00'); UTC marked as such when the place has no zone.
 */
export function locationTimeLabel(
  location: { locationDateTime: string; localDateTime: string | null; utcOffsetMinutes?: number | null },
  mode: TimeMode,
): string {
  if (mode === 'local' && location.localDateTime) {
    const offset = location.utcOffsetMinutes;
    return `${timeLabel(location.localDateTime)}${typeof offset === 'number' ? ` ${offsetText(offset)}` : ''}`;
  }
  return `${timeLabel(new Date(location.locationDateTime).toISOString())} UTC`;
}

/** The wall clock at a place with the given offset, now. */
export function wallClockNow(offsetMinutes: number | null, now: Date = new Date()): string {
  const at = new Date(now.getTime() + (offsetMinutes ?? -now.getTimezoneOffset()) * 60_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}

/**
 * The add-location form's default time (issue 14 item 10): now, on the wall clock of the place's own zone
 * (not the browser's: a New York browser adding a Long Beach location gets Long Beach's time).
 */
export function wallClockNowIn(zone: string, now: Date = new Date()): string {
  return wallClockNow(offsetMinutesIn(zone, now), now);
}

/** '−07:00' style: the offset as the label shows it. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The zone a wall-clock time of the place is read in, as the form labels it: 'Pacific Daylight Time
 * (UTC−07:00)' — the zone's name and offset on that day (daylight saving included).
 */
export function zoneLabel(zone: string, wallClock: string | null, now: Date = new Date()): string {
  // the instant of the wall clock, which tells standard from daylight time
  const at = wallClock && WALL.test(wallClock) ? instantAt(zone, wallClock) : now;
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return `${name} (${offsetText(offsetMinutesIn(zone, at))})`;
}
