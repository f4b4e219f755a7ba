// Date-times as the pickup and delivery cards edit them: a date and a time apart (000 §5 "a missing time
// counts as 00:00 and a missing date as today"), sent "as ISO date-time without zone" (000 §5). Stop
// date-times are wall-clock times at the stop (services/shipments README). Pure.

import { DEFAULT_MISSING_TIME } from '@loadline/contracts';

/** `date` is 'YYYY-MM-DD', `time` 'HH:mm'; '' when not given. */
export interface DateTimeParts {
  readonly date: string;
  readonly time: string;
}

export const NO_DATE_TIME: DateTimeParts = Object.freeze({ date: '', time: '' });

/** The parts of 'YYYY-MM-DDTHH:mm[:ss]' (no zone); empty parts for null. */
export function partsOf(value: string | null | undefined): DateTimeParts {
  if (!value) return NO_DATE_TIME;
  const [date = '', time = ''] = value.split('T');
  return { date: date.slice(0, 10), time: time.slice(0, 5) };
}

export function isBlank(parts: DateTimeParts): boolean {
  return parts.date === '' && parts.time === '';
}

/**
 * 'YYYY-MM-DDTHH:mm:00' with a missing time as 00:00 and a missing date as `today` (000 §5); null when
 * both are missing (nothing set).
 */
export function localIsoOf(parts: DateTimeParts, today: string): string | null {
  if (isBlank(parts)) return null;
  return `${parts.date || today}T${parts.time || DEFAULT_MISSING_TIME}:00`;
}

/** 'YYYY-MM-DD' of the browser's local day. */
export function localToday(now: Date = new Date()): string {
  return wallClockOf(now, null).date;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The wall clock at a place `utcOffsetHours` from UTC (the origin's base UTC offset, 000 §4), or the
 * browser's own when the offset is not known.
 */
export function wallClockOf(now: Date, utcOffsetHours: number | null | undefined): DateTimeParts {
  if (utcOffsetHours === null || utcOffsetHours === undefined || !Number.isFinite(utcOffsetHours)) {
    return {
      date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
      time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    };
  }
  const there = new Date(now.getTime() + utcOffsetHours * 3_600_000);
  return {
    date: `${there.getUTCFullYear()}-${pad(there.getUTCMonth() + 1)}-${pad(there.getUTCDate())}`,
    time: `${pad(there.getUTCHours())}:${pad(there.getUTCMinutes())}`,
  };
}

/** Minutes since 1970-01-01T00:00 of a wall-clock 'YYYY-MM-DDTHH:mm[:ss]' (read as if it were UTC). */
export function wallMinutes(localIso: string): number {
  const [date = '', time = '00:00'] = localIso.split('T');
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm) / 60_000;
}

/** The wall-clock parts `minutes` after the epoch (the inverse of wallMinutes). */
export function partsOfWallMinutes(minutes: number): DateTimeParts {
  const t = new Date(minutes * 60_000);
  return {
    date: `${t.getUTCFullYear()}-${pad(t.getUTCMonth() + 1)}-${pad(t.getUTCDate())}`,
    time: `${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}`,
  };
}

/** 'YYYY-MM-DD' plus `days` calendar days (the catalogue's). */
export { addCalendarDays as addDays, isWeekendDate as isWeekend } from '@loadline/contracts';
