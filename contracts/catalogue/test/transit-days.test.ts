// 000 §5: estimated delivery = pickup ready date plus transit days, counting weekdays only.
import { describe, expect, it } from 'vitest';
import { addCalendarDays, estimatedDeliveryDate, isWeekendDate } from '../index.ts';

describe('transit days count weekdays only', () => {
  it('skips Saturday and Sunday', () => {
    // 2026-11-27 is a Friday.
    expect(estimatedDeliveryDate('2026-11-27', 1)).toBe('2026-11-30');
    expect(estimatedDeliveryDate('2026-11-26', 2)).toBe('2026-11-30');
    expect(estimatedDeliveryDate('2026-11-23', 5)).toBe('2026-11-30');
    expect(estimatedDeliveryDate('2026-11-28T10:00:00', 1)).toBe('2026-11-30');
  });

  it('keeps the date for 0 or negative transit days', () => {
    expect(estimatedDeliveryDate('2026-11-28', 0)).toBe('2026-11-28');
    expect(estimatedDeliveryDate('2026-11-24', -3)).toBe('2026-11-24');
  });

  it('adds calendar days across months and tells weekends', () => {
    expect(addCalendarDays('2026-11-30', 2)).toBe('2026-12-02');
    expect(isWeekendDate('2026-11-29')).toBe(true);
    expect(isWeekendDate('2026-11-30')).toBe(false);
  });
});
