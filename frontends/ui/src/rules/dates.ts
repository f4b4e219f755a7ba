// Display formats of dates and times in every office and remote (000 §5, §9: date MM/DD/YYYY, time HH:mm;
// 000 §3: location time labels MM/DD HH:mm A).
// Pure: a value without a zone is a wall-clock time shown as it is; one with a zone (Z or ±hh:mm) is shown
// in the browser's time.

import { DATE_FORMAT, LOCATION_TIME_LABEL_FORMAT, TIME_FORMAT } from '@loadline/contracts';

interface Fields {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const ZONED = /(Z|[+-]\d{2}:?\d{2})$/i;
const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/;

function fieldsOf(value: string): Fields | undefined {
  if (ZONED.test(value)) {
    const d = new Date(value);
    if (Number.isNaN(d.getTime())) return undefined;
    return {
      year: d.getFullYear(),
      month: d.getMonth() + 1,
      day: d.getDate(),
      hour: d.getHours(),
      minute: d.getMinutes(),
    };
  }
  const m = LOCAL.exec(value);
  if (!m) return undefined;
  return {
    year: Number(m[1]),
    month: Number(m[2]),
    day: Number(m[3]),
    hour: Number(m[4] ?? 0),
    minute: Number(m[5] ?? 0),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Formats with the tokens YYYY, MM, DD, HH, mm and A (AM/PM of the hour), as the catalogue writes them. */
export function formatWith(pattern: string, value: string | null | undefined): string {
  if (!value) return '';
  const f = fieldsOf(value);
  if (!f) return value;
  return pattern.replace(/YYYY|MM|DD|HH|mm|A/g, (token) => {
    switch (token) {
      case 'YYYY':
        return pad(f.year, 4);
      case 'MM':
        return pad(f.month);
      case 'DD':
        return pad(f.day);
      case 'HH':
        return pad(f.hour);
      case 'mm':
        return pad(f.minute);
      default:
        return f.hour < 12 ? 'AM' : 'PM';
    }
  });
}

export const formatDate = (value: string | null | undefined) => formatWith(DATE_FORMAT, value);
export const formatDateTime = (value: string | null | undefined) =>
  formatWith(`${DATE_FORMAT} ${TIME_FORMAT}`, value);
export const formatLocationTime = (value: string | null | undefined) =>
  formatWith(LOCATION_TIME_LABEL_FORMAT, value);

/** Minutes from UTC in an IANA zone at an instant (daylight saving included), from the browser's zone rules. */
export function offsetMinutesIn(zone: string, at: Date): number {
  const name =
    new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * Hours from UTC at a place's wall-clock time ('YYYY-MM-DDTHH:mm…') in its zone: the offset in force then,
 * daylight saving included (a wall-clock time the spring change skips reads the offset after it).
 */
export function offsetHoursAt(zone: string, wallClock: string): number {
  return offsetMinutesIn(zone, instantAt(zone, wallClock)) / 60;
}

/** The instant a place's wall-clock time ('YYYY-MM-DDTHH:mm…') is in its zone: read as UTC, then moved by the offset. */
export function instantAt(zone: string, wallClock: string): Date {
  const asUtc = new Date(`${wallClock.slice(0, 16)}:00Z`);
  return new Date(asUtc.getTime() - offsetMinutesIn(zone, asUtc) * 60_000);
}
