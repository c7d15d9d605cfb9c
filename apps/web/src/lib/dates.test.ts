import { describe, expect, it } from 'vitest';
import {
  DATE_TIME_FORMAT,
  formatDateTime,
  formatDayCount,
  localDateTime,
  passwordExpiryShown,
  todayIn,
  zonedIso,
} from './dates';

const KL = 'Asia/Kuala_Lumpur';

describe('formatDateTime', () => {
  it('uses the seed format "DD MMM YYYY, h.mma"', () => {
    expect(DATE_TIME_FORMAT).toBe('DD MMM YYYY, h.mma');
    expect(formatDateTime('2027-05-22T05:05:00Z', { timeZone: KL })).toBe('22 May 2027, 1.05pm');
    expect(formatDateTime(new Date('2027-05-02T01:30:00Z'), { timeZone: KL })).toBe('02 May 2027, 9.30am');
  });

  it("shows the time in the given zone, whatever the browser's", () => {
    const instant = Date.parse('2026-12-31T16:30:00Z');
    // Kuala Lumpur is UTC+8 all year: already the next day, and the next year.
    expect(formatDateTime(instant, { timeZone: KL })).toBe('01 Jan 2027, 12.30am');
    expect(formatDateTime(instant, { timeZone: 'UTC' })).toBe('31 Dec 2026, 4.30pm');
    expect(formatDateTime(instant, { timeZone: 'America/New_York' })).toBe('31 Dec 2026, 11.30am');
  });

  it('names the months in Bahasa Malaysia when asked', () => {
    expect(formatDateTime('2027-08-15T04:00:00Z', { timeZone: KL, locale: 'ms' })).toBe('15 Ogs 2027, 12.00pm');
    expect(formatDateTime('2027-08-15T04:00:00Z', { timeZone: KL, locale: 'en' })).toBe('15 Aug 2027, 12.00pm');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN, new Date('nope')])('shows "Invalid Date" for %s', (value) => {
    expect(formatDateTime(value, { timeZone: KL })).toBe('Invalid Date');
  });

  it('shows "Invalid Date" for an unknown time zone rather than throwing', () => {
    expect(formatDateTime('2027-05-22T05:05:00Z', { timeZone: 'Mars/Olympus_Mons' })).toBe('Invalid Date');
  });

  it("shows the caller's (translated) text for an invalid date", () => {
    expect(formatDateTime(null, { timeZone: KL, invalidText: 'Tarikh Tidak Sah' })).toBe('Tarikh Tidak Sah');
  });
});

describe('passwordExpiryShown', () => {
  const now = new Date('2026-11-22T05:00:00Z');

  it('is the last change plus the expiry months', () => {
    expect(passwordExpiryShown('2026-05-01T02:00:00.000Z', 6, now)?.toISOString()).toBe('2026-11-01T02:00:00.000Z');
    expect(passwordExpiryShown('2026-05-01T02:00:00.000Z', 3, now)?.toISOString()).toBe('2026-08-01T02:00:00.000Z');
  });

  it.each([null, undefined, '', '  '])(
    "is now plus the months (shown in the organisation's zone, so no seed +8 h) when the last change is %j",
    (changedAt) => {
      expect(passwordExpiryShown(changedAt, 6, now)?.toISOString()).toBe('2027-05-22T05:00:00.000Z');
    },
  );

  it('is null (shown as "Invalid Date") when the recorded change is unreadable', () => {
    const shown = passwordExpiryShown('yesterday-ish', 6, now);
    expect(shown).toBeNull();
    expect(formatDateTime(shown, { timeZone: KL })).toBe('Invalid Date');
  });
});

describe("datetime-local fields in the organisation's zone", () => {
  it("reads a field's value in the zone, not the browser's, and refuses what is not one", () => {
    expect(zonedIso('2027-03-01T09:30', KL)).toBe('2027-03-01T09:30:00+08:00');
    expect(zonedIso('2027-03-01', KL)).toBeUndefined();
    expect(zonedIso('', KL)).toBeUndefined();
  });

  it('shows an instant as the field takes it, to the minute', () => {
    expect(localDateTime('2027-03-01T01:30:45Z', KL)).toBe('2027-03-01T09:30');
    expect(localDateTime(new Date('2027-12-31T16:00:00Z'), KL)).toBe('2028-01-01T00:00');
  });
});

describe('todayIn', () => {
  // 23:30 UTC on 31 December: already 1 January in Kuala Lumpur (UTC+8), still 31 December in
  // London, and 31 December earlier still in Honolulu (UTC−10).
  const lateOnNewYearsEve = new Date('2026-12-31T23:30:00Z');

  it("is the calendar day in the organisation's zone, not the browser's", () => {
    expect(todayIn('Asia/Kuala_Lumpur', lateOnNewYearsEve)).toBe('2027-01-01');
    expect(todayIn('Europe/London', lateOnNewYearsEve)).toBe('2026-12-31');
    expect(todayIn('Pacific/Honolulu', lateOnNewYearsEve)).toBe('2026-12-31');
    // Asked again, from the kept formatter, for another instant.
    expect(todayIn('Asia/Kuala_Lumpur', new Date('2027-03-05T02:00:00Z'))).toBe('2027-03-05');
  });

  it("falls back to the browser's own day for an unknown zone", () => {
    const local = lateOnNewYearsEve;
    const expected = `${local.getFullYear()}-${String(local.getMonth() + 1).padStart(2, '0')}-${String(local.getDate()).padStart(2, '0')}`;
    expect(todayIn('Not/AZone', local)).toBe(expected);
  });
});

describe('formatDayCount', () => {
  it('shows whole and half days in either language', () => {
    expect(formatDayCount(12.5)).toBe('12.5');
    expect(formatDayCount(3)).toBe('3');
    expect(formatDayCount(0.5, 'ms')).toBe('0.5');
    expect(formatDayCount(1234)).toBe('1,234');
  });
});
