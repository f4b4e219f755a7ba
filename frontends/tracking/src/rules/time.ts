// Location time labels (000 §3: MM/DD HH:mm A) in UTC or in the place's own time (000 §2 item 3's
// switch). Pure: the service gives each location its UTC instant and the wall clock at the place.
import { LOCATION_TIME_LABEL_FORMAT } from '@loadline/contracts';

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

/** The label of a location's time: UTC, or location-local (UTC marked as such when the place has no zone). */
export function locationTimeLabel(
  location: { locationDateTime: string; localDateTime: string | null },
  mode: TimeMode,
): string {
  if (mode === 'local' && location.localDateTime) return timeLabel(location.localDateTime);
  return `${timeLabel(new Date(location.locationDateTime).toISOString())} UTC`;
}

/** The wall clock at a place with the given offset, now: the default of the add-location form. */
export function wallClockNow(offsetMinutes: number | null, now: Date = new Date()): string {
  const at = new Date(now.getTime() + (offsetMinutes ?? -now.getTimezoneOffset()) * 60_000);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}T${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`;
}
