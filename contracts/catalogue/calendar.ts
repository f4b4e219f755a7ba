// Spec 002 §3.1 (days of week as bit flags, day of month, time zones), 002 §6.5; 001 §3 (time zones).

import { defineFlags, defineNamedList, type EnumCode, type EnumValue, type ValueRange } from './enum.ts';

export const DayOfWeek = defineFlags([
  { value: 1, code: 'Sunday', name: 'Sunday' },
  { value: 2, code: 'Monday', name: 'Monday' },
  { value: 4, code: 'Tuesday', name: 'Tuesday' },
  { value: 8, code: 'Wednesday', name: 'Wednesday' },
  { value: 16, code: 'Thursday', name: 'Thursday' },
  { value: 32, code: 'Friday', name: 'Friday' },
  { value: 64, code: 'Saturday', name: 'Saturday' },
]);
export type DayOfWeekValue = EnumValue<typeof DayOfWeek>;
export type DayOfWeekCode = EnumCode<typeof DayOfWeek>;

/** The flag of a JavaScript `Date#getDay()` index (0 = Sunday ... 6 = Saturday). */
export function dayOfWeekFlag(jsDay: number): DayOfWeekValue {
  const entry = DayOfWeek.entries[jsDay];
  if (entry === undefined) throw new RangeError(`Not a day index: ${jsDay}`);
  return entry.value;
}

export const WEEKDAYS_MASK = DayOfWeek.combine('Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday');
export const WEEKEND_MASK = DayOfWeek.combine('Saturday', 'Sunday');

/** 002 §3.1: day of month 1 to 31, and Last Day 32. */
export const DayOfMonthRange: ValueRange = Object.freeze({ min: 1, max: 31 });
export const DAY_OF_MONTH_LAST_DAY = 32;

export function isDayOfMonthValue(value: number): boolean {
  return Number.isInteger(value) && value >= DayOfMonthRange.min && value <= DAY_OF_MONTH_LAST_DAY;
}

export function dayOfMonthName(value: number): string | undefined {
  if (!isDayOfMonthValue(value)) return undefined;
  return value === DAY_OF_MONTH_LAST_DAY ? 'Last Day' : String(value);
}

/** 002 §3.1, 001 §3: time zones, in the spec's order. Values not shown. */
export const TimeZone = defineNamedList([
  { code: 'Hawaiian', name: 'Hawaiian' },
  { code: 'Alaskan', name: 'Alaskan' },
  { code: 'Pacific', name: 'Pacific' },
  { code: 'USMountain', name: 'US Mountain (Arizona)' },
  { code: 'Mountain', name: 'Mountain' },
  { code: 'Central', name: 'Central' },
  { code: 'CentralMexico', name: 'Central Mexico' },
  { code: 'CanadaCentral', name: 'Canada Central' },
  { code: 'Eastern', name: 'Eastern' },
  { code: 'Atlantic', name: 'Atlantic' },
  { code: 'GMT', name: 'GMT' },
]);
