import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDaysBetween,
  datesBetween,
  isIsoDate,
  isMonthDay,
  mondayOf,
  spansAtMost,
  weekdayIndex,
} from './iso-dates';

/** An ISO date between 1990 and 2099, made without the module under test. */
const isoDate = fc
  .integer({ min: Date.UTC(1990, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

describe('ISO calendar dates', () => {
  it('knows real dates from look-alikes', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-1-01')).toBe(false);
    expect(isIsoDate('01/02/2026')).toBe(false);
    expect(isIsoDate('')).toBe(false);
    expect(isMonthDay('02-29')).toBe(true);
    expect(isMonthDay('13-01')).toBe(false);
    expect(isMonthDay('probe')).toBe(false);
    expect(() => addDays('2026-02-30', 1)).toThrow(RangeError);
  });

  it('crosses months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(calendarDaysBetween('2026-12-21', '2027-01-03')).toBe(14);
    expect(calendarDaysBetween('2026-01-02', '2026-01-01')).toBe(0);
    expect(datesBetween('2028-02-27', '2028-03-01')).toEqual(['2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01']);
  });

  it('bounds a span for schema refinements, leaving unreadable dates to their own checks', () => {
    expect(spansAtMost('2027-03-01', '2027-04-11', 42)).toBe(true);
    expect(spansAtMost('2027-03-01', '2027-04-12', 42)).toBe(false);
    expect(spansAtMost('8-3-2027', '2027-04-12', 42)).toBe(true);
    expect(spansAtMost('2027-03-01', '', 42)).toBe(true);
  });

  it('numbers Monday 0 to Sunday 6, on either side of the epoch', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0);
    expect(weekdayIndex('2026-11-29')).toBe(6);
    expect(weekdayIndex('1969-12-29')).toBe(0);
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
  });

  it('adds and counts consistently for any dates', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: -800, max: 800 }), (date, n) => {
        const later = addDays(date, n);
        expect(addDays(later, -n)).toBe(date);
        if (n >= 0) {
          expect(calendarDaysBetween(date, later)).toBe(n + 1);
          expect(datesBetween(date, later)).toHaveLength(n + 1);
        }
        expect(weekdayIndex(addDays(date, 7))).toBe(weekdayIndex(date));
        expect((weekdayIndex(addDays(date, 1)) - weekdayIndex(date) + 7) % 7).toBe(1);
      }),
    );
  });
});
