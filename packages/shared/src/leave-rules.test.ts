import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { LEAVE_STATUS, PRO_RATA_ROUNDINGS, REFERENCE_ID } from './leave';
import {
  DEPARTMENT_AWAY_THRESHOLD,
  LEAVE_TRANSITIONS,
  accruedEntitlement,
  accruedMonths,
  assertTransition,
  availableBalance,
  balanceDateOf,
  carriedAt,
  carryForwardDays,
  countLeaveDays,
  daysByYear,
  decisionTarget,
  entitlementAt,
  entitlementDateOf,
  findTransition,
  fitsBalance,
  ineligibilityOn,
  isWorkingDay,
  leaveDates,
  newReferenceId,
  overAwayThreshold,
  proRatedEntitlement,
  randomSixDigits,
  rangesOverlap,
  referenceTimestamp,
  serviceCompleteOn,
  serviceMonthsInYear,
  withInclusiveAllowances,
  yearsOfService,
  type LeaveActor,
} from './leave-rules';
import { datesBetween, weekdayIndex } from './iso-dates';

const MON_FRI = 0b0011111;
const none = new Set<string>();

/** An ISO date between 2000 and 2099. */
const isoDate = fc
  .integer({ min: Date.UTC(2000, 0, 1) / 86_400_000, max: Date.UTC(2099, 11, 31) / 86_400_000 })
  .map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

function addDays(date: string, n: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

describe('weekdays and working days', () => {
  it('numbers Monday as bit 0 and Sunday as bit 6', () => {
    expect(weekdayIndex('2026-11-23')).toBe(0); // a Monday
    expect(weekdayIndex('2026-11-28')).toBe(5); // Saturday
    expect(weekdayIndex('2026-11-29')).toBe(6); // Sunday
    expect(weekdayIndex('1969-12-29')).toBe(0); // before the epoch too
  });

  it('skips days outside the mask and public holidays', () => {
    expect(isWorkingDay('2026-11-23', MON_FRI, none)).toBe(true);
    expect(isWorkingDay('2026-11-28', MON_FRI, none)).toBe(false);
    expect(isWorkingDay('2026-11-28', 0b1111111, none)).toBe(true);
    expect(isWorkingDay('2026-12-25', MON_FRI, new Set(['2026-12-25']))).toBe(false);
  });

  it('refuses something that is not an ISO date', () => {
    expect(() => weekdayIndex('23/11/2026')).toThrow(RangeError);
    expect(() => weekdayIndex('2026-02-30x')).toThrow(RangeError);
  });
});

describe('countLeaveDays', () => {
  it('counts the working days of a range, without weekends and holidays', () => {
    // Mon 21 Dec 2026 .. Sun 3 Jan 2027, Christmas and New Year's Day are holidays.
    const holidays = new Set(['2026-12-25', '2027-01-01']);
    expect(
      countLeaveDays({
        startDate: '2026-12-21',
        endDate: '2027-01-03',
        dayType: 0,
        workingDaysMask: MON_FRI,
        holidays,
      }),
    ).toBe(8);
  });

  it('counts a half day as 0.5 on a working day and 0 on a day off', () => {
    const base = { workingDaysMask: MON_FRI, holidays: new Set(['2026-12-25']) };
    expect(countLeaveDays({ ...base, startDate: '2026-11-23', endDate: '2026-11-23', dayType: 1 })).toBe(0.5);
    expect(countLeaveDays({ ...base, startDate: '2026-11-23', endDate: '2026-11-23', dayType: 2 })).toBe(0.5);
    expect(countLeaveDays({ ...base, startDate: '2026-11-28', endDate: '2026-11-28', dayType: 1 })).toBe(0);
    expect(countLeaveDays({ ...base, startDate: '2026-12-25', endDate: '2026-12-25', dayType: 2 })).toBe(0);
  });

  it('refuses a half day over more than one day and an end before the start, naming the field', () => {
    const base = { workingDaysMask: MON_FRI, holidays: none };
    expect(() => countLeaveDays({ ...base, startDate: '2026-11-23', endDate: '2026-11-24', dayType: 1 })).toThrow(
      expect.objectContaining({ field: 'dayType' }),
    );
    expect(() => countLeaveDays({ ...base, startDate: '2026-11-24', endDate: '2026-11-23', dayType: 0 })).toThrow(
      expect.objectContaining({ field: 'endDate' }),
    );
  });

  it('property: whole days are the working days of the range, never more than its length', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 0, max: 127 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 10 }),
        (start, length, mask, holidayOffsets) => {
          const end = addDays(start, length);
          const holidays = new Set(holidayOffsets.map((n) => addDays(start, n)));
          const days = countLeaveDays({ startDate: start, endDate: end, dayType: 0, workingDaysMask: mask, holidays });
          const expected = datesBetween(start, end).filter(
            (d) => (mask >> weekdayIndex(d)) & 1 && !holidays.has(d),
          ).length;
          expect(days).toBe(expected);
          expect(days).toBeLessThanOrEqual(length + 1);
          if (mask === 0) expect(days).toBe(0);
          if (mask === 127 && holidays.size === 0) expect(days).toBe(length + 1);
        },
      ),
    );
  });

  it('property: a range split in two counts the same as the whole', () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 127 }),
        (start, a, b, mask) => {
          const middle = addDays(start, a);
          const end = addDays(middle, b + 1);
          const count = (s: string, e: string) =>
            countLeaveDays({ startDate: s, endDate: e, dayType: 0, workingDaysMask: mask, holidays: none });
          expect(count(start, end)).toBe(count(start, middle) + count(addDays(middle, 1), end));
        },
      ),
    );
  });

  it('property: any full week has as many working days as the mask has bits', () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 0, max: 127 }), (start, mask) => {
        const bits = mask.toString(2).replaceAll('0', '').length;
        expect(
          countLeaveDays({
            startDate: start,
            endDate: addDays(start, 6),
            dayType: 0,
            workingDaysMask: mask,
            holidays: none,
          }),
        ).toBe(bits);
      }),
    );
  });
});

describe('entitlements', () => {
  const annual = {
    defaultDays: 8,
    serviceTiers: [
      { minYears: 0, days: 8 },
      { minYears: 2, days: 12 },
      { minYears: 5, days: 16 },
    ],
  };

  it('counts completed years of service', () => {
    expect(yearsOfService('2020-03-15', '2022-03-14')).toBe(1);
    expect(yearsOfService('2020-03-15', '2022-03-15')).toBe(2);
    expect(yearsOfService('2020-03-15', '2019-12-31')).toBe(-1);
  });

  it('follows the service-year tiers (8 / 12 / 16 for under 2 / 2–5 / over 5 years)', () => {
    expect(entitlementAt(annual, '2025-02-03', '2026-12-31')).toBe(8);
    expect(entitlementAt(annual, '2022-01-10', '2026-12-31')).toBe(12);
    expect(entitlementAt(annual, '2019-04-15', '2026-12-31')).toBe(16);
    expect(entitlementAt(annual, '2021-12-31', entitlementDateOf(2026))).toBe(16);
  });

  it('uses the default days without tiers, nothing before joining, and tier order does not matter', () => {
    expect(entitlementAt({ defaultDays: 98, serviceTiers: null }, '2025-02-03', '2026-12-31')).toBe(98);
    expect(entitlementAt({ defaultDays: 98, serviceTiers: [] }, '2025-02-03', '2026-12-31')).toBe(98);
    expect(entitlementAt(annual, '2027-01-01', '2026-12-31')).toBe(0);
    expect(
      entitlementAt({ defaultDays: 0, serviceTiers: [...annual.serviceTiers].reverse() }, '2019-04-15', '2026-12-31'),
    ).toBe(16);
    // A ladder that starts later gives nothing before its first step.
    expect(
      entitlementAt({ defaultDays: 7, serviceTiers: [{ minYears: 1, days: 7 }] }, '2026-06-01', '2026-12-31'),
    ).toBe(0);
  });

  it('property: the entitlement never falls with longer service', () => {
    fc.assert(
      fc.property(isoDate, isoDate, isoDate, (join, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        expect(entitlementAt(annual, join, later)).toBeGreaterThanOrEqual(entitlementAt(annual, join, earlier));
      }),
    );
  });
});

describe('balances', () => {
  it('is entitled + carried + adjustments − approved − pending − pending cancellation', () => {
    expect(
      availableBalance({
        entitled: 16,
        carried: 3,
        adjustments: -1,
        approved: 5,
        pending: 1.5,
        pendingCancellation: 2,
      }),
    ).toBe(9.5);
  });

  it('lets unpaid types go negative but not limited ones', () => {
    expect(fitsBalance(2, 2, true)).toBe(true);
    expect(fitsBalance(2, 2.5, true)).toBe(false);
    expect(fitsBalance(0, 10, false)).toBe(true);
  });

  const half = fc.integer({ min: -400, max: 400 }).map((n) => n / 2);
  it('property: a request that fits leaves a balance of at least zero, and sums of half days do not drift', () => {
    fc.assert(
      fc.property(
        half,
        half,
        half,
        half,
        half,
        half,
        fc.integer({ min: 0, max: 200 }).map((n) => n / 2),
        (entitled, carried, adjustments, approved, pending, pendingCancellation, days) => {
          const available = availableBalance({
            entitled,
            carried,
            adjustments,
            approved,
            pending,
            pendingCancellation,
          });
          expect(available * 2).toBe(Math.round(available * 2));
          if (fitsBalance(available, days, true)) {
            expect(
              availableBalance({
                entitled,
                carried,
                adjustments,
                approved,
                pending: pending + days,
                pendingCancellation,
              }),
            ).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('balances as at a date: accrual, carried days and carry-forward (docs/product/leave.md)', () => {
  it('judges a year on today within it, else its first day ahead or last day gone', () => {
    expect(balanceDateOf(2026, '2026-11-24')).toBe('2026-11-24');
    expect(balanceDateOf(2027, '2026-11-24')).toBe('2027-01-01');
    expect(balanceDateOf(2025, '2026-11-24')).toBe('2025-12-31');
  });

  it('credits a month on its first day, from the month of joining, twelve once the year is over', () => {
    expect(accruedMonths(2027, '2020-05-18', '2027-01-01')).toBe(1);
    expect(accruedMonths(2027, '2020-05-18', '2027-03-31')).toBe(3);
    expect(accruedMonths(2027, '2020-05-18', '2027-12-31')).toBe(12);
    expect(accruedMonths(2027, '2020-05-18', '2028-02-01')).toBe(12);
    expect(accruedMonths(2027, '2020-05-18', '2026-12-31')).toBe(0);
    // Joining in the year: that month and the ones after it.
    expect(accruedMonths(2027, '2027-09-20', '2027-08-31')).toBe(0);
    expect(accruedMonths(2027, '2027-09-20', '2027-09-20')).toBe(1);
    expect(accruedMonths(2027, '2027-09-20', '2027-12-31')).toBe(4);
    expect(accruedMonths(2027, '2028-01-03', '2027-12-31')).toBe(0);
  });

  it('gives the share of the year rounded down to the half day', () => {
    expect(accruedEntitlement(16, 3)).toBe(4);
    expect(accruedEntitlement(8, 5)).toBe(3); // 3⅓
    expect(accruedEntitlement(14, 1)).toBe(1); // 1⅙
    expect(accruedEntitlement(18, 1)).toBe(1.5);
    expect(accruedEntitlement(12.5, 12)).toBe(12.5);
    expect(accruedEntitlement(0.1, 11)).toBe(0);
    expect(accruedEntitlement(0.1, 12)).toBe(0.1);
  });

  it('property: accrual never falls as the date moves on, stays within the year, and ends at the whole year', () => {
    // Entitlements are whole or half days (the admin forms and API take nothing finer).
    const yearly = fc.integer({ min: 0, max: 732 }).map((n) => n / 2);
    fc.assert(
      fc.property(yearly, fc.integer({ min: 2001, max: 2098 }), isoDate, isoDate, isoDate, (days, year, join, a, b) => {
        const [earlier, later] = a <= b ? [a, b] : [b, a];
        const before = accruedEntitlement(days, accruedMonths(year, join, earlier));
        const after = accruedEntitlement(days, accruedMonths(year, join, later));
        expect(after).toBeGreaterThanOrEqual(before);
        expect(after).toBeLessThanOrEqual(days);
        expect(after * 2).toBe(Math.round(after * 2));
        if (join < `${year}-01-01`)
          expect(accruedEntitlement(days, accruedMonths(year, join, `${year}-12-31`))).toBe(days);
      }),
    );
  });

  it('keeps carried days until their expiry, then only those used by it', () => {
    expect(carriedAt(5, '2027-03-31', '2027-03-31', 0)).toBe(5);
    expect(carriedAt(5, '2027-03-31', '2027-04-01', 2)).toBe(2);
    expect(carriedAt(5, '2027-03-31', '2027-04-01', 9)).toBe(5);
    expect(carriedAt(5, null, '2027-12-31', 0)).toBe(5);
    expect(carriedAt(0, '2027-03-31', '2027-12-31', 3)).toBe(0);
  });

  it('property: carried days that count never exceed those carried, nor grow once expired', () => {
    const days = fc.integer({ min: 0, max: 200 }).map((n) => n / 2);
    fc.assert(
      fc.property(days, days, isoDate, isoDate, (carried, used, expiry, asAt) => {
        const counted = carriedAt(carried, expiry, asAt, used);
        expect(counted).toBeGreaterThanOrEqual(0);
        expect(counted).toBeLessThanOrEqual(carried);
        if (asAt > expiry) expect(counted).toBeLessThanOrEqual(used);
      }),
    );
  });

  it('property: carries forward what is left, at most the cap, never a negative balance', () => {
    const half = fc.integer({ min: -400, max: 400 }).map((n) => n / 2);
    fc.assert(
      fc.property(
        half,
        fc.integer({ min: 0, max: 100 }).map((n) => n / 2),
        (available, cap) => {
          const carried = carryForwardDays(available, cap);
          expect(carried).toBeGreaterThanOrEqual(0);
          expect(carried).toBeLessThanOrEqual(cap);
          expect(carried).toBeLessThanOrEqual(Math.max(available, 0));
          expect(carried).toBe(Math.min(cap, Math.max(available, 0)));
        },
      ),
    );
  });
});

describe('the dates of a request and the years they fall in', () => {
  it('takes the working days of a range and splits them by year at New Year', () => {
    const overNewYear = { startDate: '2027-12-27', endDate: '2028-01-07', dayType: 0 as const };
    const dates = leaveDates({ ...overNewYear, workingDaysMask: MON_FRI, holidays: new Set(['2027-12-31']) });
    expect(dates).toEqual([
      '2027-12-27',
      '2027-12-28',
      '2027-12-29',
      '2027-12-30',
      '2028-01-03',
      '2028-01-04',
      '2028-01-05',
      '2028-01-06',
      '2028-01-07',
    ]);
    expect(daysByYear(dates, 0)).toEqual([
      { year: 2027, days: 4 },
      { year: 2028, days: 5 },
    ]);
    expect(daysByYear(['2027-03-15'], 1)).toEqual([{ year: 2027, days: 0.5 }]);
    expect(daysByYear([], 0)).toEqual([]);
  });

  it("property: a request's days by year add up to its day count, each within its own year", () => {
    fc.assert(
      fc.property(
        isoDate,
        fc.integer({ min: 0, max: 365 }),
        fc.integer({ min: 1, max: 127 }),
        (start, length, mask) => {
          const input = {
            startDate: start,
            endDate: addDays(start, length),
            dayType: 0 as const,
            workingDaysMask: mask,
          };
          const dates = leaveDates({ ...input, holidays: none });
          const shares = daysByYear(dates, 0);
          expect(shares.reduce((sum, share) => sum + share.days, 0)).toBe(countLeaveDays({ ...input, holidays: none }));
          expect(shares.length).toBeLessThanOrEqual(2);
          for (const share of shares) {
            expect(share.year).toBeGreaterThanOrEqual(Number(start.slice(0, 4)));
            expect(share.year).toBeLessThanOrEqual(Number(input.endDate.slice(0, 4)));
          }
        },
      ),
    );
  });
});

describe('eligibility by gender and service (docs/product/leave.md)', () => {
  const maternity = { eligibleGender: 'F' as const, minServiceMonths: 0 };
  const paternity = { eligibleGender: 'M' as const, minServiceMonths: 12 };
  const man = { gender: 'M' as const, joinDate: '2026-08-27' };

  it('refuses a type for the other gender, and one needing more service until it is complete', () => {
    expect(ineligibilityOn(maternity, man, '2027-03-01')).toEqual({ reason: 'gender', gender: 'F' });
    expect(ineligibilityOn(maternity, { ...man, gender: 'F' }, '2027-03-01')).toBeNull();
    expect(ineligibilityOn(paternity, man, '2027-08-26')).toEqual({
      reason: 'service',
      minServiceMonths: 12,
      from: '2027-08-27',
    });
    expect(ineligibilityOn(paternity, man, '2027-08-27')).toBeNull();
    expect(ineligibilityOn({ eligibleGender: null, minServiceMonths: 0 }, man, '2026-01-01')).toBeNull();
  });

  it('property: eligible by service exactly from the day the months are complete', () => {
    fc.assert(
      fc.property(isoDate, isoDate, fc.integer({ min: 1, max: 120 }), (joinDate, date, months) => {
        const answer = ineligibilityOn(
          { eligibleGender: null, minServiceMonths: months },
          { gender: 'F', joinDate },
          date,
        );
        if (answer === null) expect(date >= serviceCompleteOn(joinDate, months)).toBe(true);
        else {
          expect(answer).toMatchObject({ reason: 'service', minServiceMonths: months });
          expect(date < (answer as { from: string }).from).toBe(true);
          expect(
            ineligibilityOn(
              { eligibleGender: null, minServiceMonths: months },
              { gender: 'F', joinDate },
              (answer as { from: string }).from,
            ),
          ).toBeNull();
        }
      }),
    );
  });
});

describe('pro-rating in a year of joining or leaving (Employment Act s60E(1A))', () => {
  it('counts the completed months of service within the year', () => {
    expect(serviceMonthsInYear(2025, '2025-02-03', null)).toBe(10);
    expect(serviceMonthsInYear(2026, '2025-02-03', null)).toBe(12);
    expect(serviceMonthsInYear(2027, '2022-01-10', '2027-06-15')).toBe(5);
    expect(serviceMonthsInYear(2027, '2027-01-01', null)).toBe(12);
    expect(serviceMonthsInYear(2027, '2027-01-02', null)).toBe(11);
    expect(serviceMonthsInYear(2027, '2027-12-02', null)).toBe(0);
    expect(serviceMonthsInYear(2027, '2028-01-03', null)).toBe(0);
    expect(serviceMonthsInYear(2027, '2020-01-01', '2026-12-31')).toBe(0);
    expect(serviceMonthsInYear(2027, '2027-03-15', '2027-09-14')).toBe(6);
  });

  it("rounds as the type says: the Act's nearest day, down to the day, down to the half day", () => {
    // 8 days × 10/12 = 6.67; 16 × 5/12 = 6.67; 14 × 3/12 = 3.5; 8 × 1/12 = 0.67.
    expect(proRatedEntitlement(8, 10, 'nearest-day')).toBe(7);
    expect(proRatedEntitlement(14, 3, 'nearest-day')).toBe(4);
    expect(proRatedEntitlement(8, 1, 'nearest-day')).toBe(1);
    expect(proRatedEntitlement(16, 5, 'down-to-day')).toBe(6);
    expect(proRatedEntitlement(16, 5, 'down-to-half-day')).toBe(6.5);
    expect(proRatedEntitlement(14, 3, 'down-to-half-day')).toBe(3.5);
    expect(proRatedEntitlement(16, 5, 'off')).toBe(16);
    expect(proRatedEntitlement(12.5, 12, 'down-to-day')).toBe(12.5);
    expect(proRatedEntitlement(16, 0, 'nearest-day')).toBe(0);
  });

  it('property: a share within the year, close to the exact share, never falling with more months', () => {
    const yearly = fc.integer({ min: 0, max: 732 }).map((n) => n / 2);
    fc.assert(
      fc.property(
        yearly,
        fc.integer({ min: 0, max: 11 }),
        fc.constantFrom(...PRO_RATA_ROUNDINGS),
        (days, months, rounding) => {
          const share = proRatedEntitlement(days, months, rounding);
          const exact = (days * months) / 12;
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(days);
          expect(proRatedEntitlement(days, months + 1, rounding)).toBeGreaterThanOrEqual(share);
          if (rounding === 'nearest-day') expect(Math.abs(share - exact)).toBeLessThanOrEqual(0.5 + 1e-9);
          if (rounding === 'down-to-day') expect(exact - share).toBeLessThan(1);
          if (rounding === 'down-to-half-day') expect(exact - share).toBeLessThan(0.5);
          if (rounding !== 'off') expect(share).toBeLessThanOrEqual(Math.ceil(exact));
        },
      ),
    );
  });

  it('stops crediting an accruing type in the month of leaving', () => {
    expect(accruedMonths(2027, '2020-05-18', '2027-12-31', '2027-06-15')).toBe(6);
    expect(accruedMonths(2027, '2020-05-18', '2027-03-31', '2027-06-15')).toBe(3);
    expect(accruedMonths(2027, '2020-05-18', '2027-12-31', '2026-11-30')).toBe(0);
  });
});

describe('allowances inclusive of another type (hospitalisation inclusive of sick leave)', () => {
  it("counts the included type's days against the including one, and caps the included type by what is left", () => {
    const outcome = withInclusiveAllowances([
      { leaveTypeId: 'LVE0002', includesDaysOf: null, used: 3, available: 19 },
      { leaveTypeId: 'LVE0003', includesDaysOf: 'LVE0002', used: 55, available: 5 },
      { leaveTypeId: 'LVE0001', includesDaysOf: null, used: 2, available: 14 },
    ]);
    expect(outcome.get('LVE0003')).toEqual({
      available: 2,
      includes: { leaveTypeId: 'LVE0002', days: 3 },
      limitedBy: null,
    });
    expect(outcome.get('LVE0002')).toEqual({ available: 2, includes: null, limitedBy: 'LVE0003' });
    expect(outcome.get('LVE0001')).toEqual({ available: 14, includes: null, limitedBy: null });
  });

  it('property: the included type never has more than either allowance leaves; the rest are unchanged', () => {
    const days = fc.integer({ min: 0, max: 200 }).map((n) => n / 2);
    fc.assert(
      fc.property(days, days, days, days, (usedA, availableA, usedB, availableB) => {
        const outcome = withInclusiveAllowances([
          { leaveTypeId: 'A', includesDaysOf: null, used: usedA, available: availableA },
          { leaveTypeId: 'B', includesDaysOf: 'A', used: usedB, available: availableB },
        ]);
        const left = Math.round((availableB - usedA) * 10) / 10;
        expect(outcome.get('B')!.available).toBe(left);
        expect(outcome.get('A')!.available).toBe(Math.min(availableA, left));
        expect(outcome.get('A')!.limitedBy).toBe(left < availableA ? 'B' : null);
      }),
    );
  });
});

describe('status transitions', () => {
  const actors: LeaveActor[] = ['applicant', 'approver', 'admin'];

  it('allows exactly the transitions of docs/product/leave.md', () => {
    const allowed = LEAVE_TRANSITIONS.map((t) => `${t.from}->${t.to} by ${t.actor}`).sort();
    expect(allowed).toEqual(
      [
        '0->1 by approver',
        '0->2 by approver',
        '0->3 by applicant',
        '1->4 by applicant',
        '1->5 by admin',
        '4->3 by approver',
        '4->1 by approver',
        '5->3 by approver',
        '5->1 by approver',
      ].sort(),
    );
  });

  it('property: anything not in the table is refused with a conflict', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1, max: 7 }),
        fc.integer({ min: -1, max: 7 }),
        fc.constantFrom(...actors),
        (from, to, actor) => {
          const allowed = findTransition(from, to, actor);
          if (allowed) {
            expect(assertTransition(from, to, actor, { cancellable: true })).toBe(allowed);
          } else {
            let error: unknown;
            try {
              assertTransition(from, to, actor, { cancellable: true });
            } catch (e) {
              error = e;
            }
            expect(error).toBeInstanceOf(AppError);
            expect((error as AppError).status).toBe(409);
          }
        },
      ),
    );
  });

  it('refuses a cancellation request on a type that cannot be cancelled, with a clear message', () => {
    expect(() => assertTransition(1, 4, 'applicant', { cancellable: false })).toThrow(
      'This leave type cannot be cancelled once approved.',
    );
    // An HR admin may still put it up for cancellation on the applicant's behalf.
    expect(assertTransition(1, 5, 'admin', { cancellable: false }).to).toBe(5);
    expect(() => assertTransition(1, 2, 'approver', { cancellable: true })).toThrow(
      'This request is approved now, so it cannot be rejected.',
    );
  });

  it('maps decisions to their target status', () => {
    expect(decisionTarget(LEAVE_STATUS.PENDING, 'approve')).toBe(1);
    expect(decisionTarget(LEAVE_STATUS.PENDING, 'reject')).toBe(2);
    expect(decisionTarget(LEAVE_STATUS.PENDING_CANCELLATION, 'approve')).toBe(3);
    expect(decisionTarget(LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN, 'reject')).toBe(1);
    expect(decisionTarget(LEAVE_STATUS.APPROVED, 'approve')).toBeUndefined();
    for (const from of [0, 4, 5]) {
      for (const decision of ['approve', 'reject'] as const) {
        expect(findTransition(from, decisionTarget(from, decision)!, 'approver')).toBeDefined();
      }
    }
  });
});

describe('reference ids', () => {
  it('is LV + yyyymmddhhmm in Kuala Lumpur time + 6 digits', () => {
    // 16:05 UTC is 00:05 the next day in Kuala Lumpur (UTC+8).
    expect(referenceTimestamp(new Date('2026-11-23T16:05:00Z'))).toBe('202611240005');
    expect(newReferenceId(new Date('2026-11-23T16:05:00Z'), () => '000042')).toBe('LV202611240005000042');
  });

  it('property: always matches the contract and has uniformly drawn digits', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }), (at) => {
        expect(newReferenceId(at)).toMatch(REFERENCE_ID);
      }),
    );
    const seen = new Set(Array.from({ length: 200 }, () => randomSixDigits()));
    expect(seen.size).toBeGreaterThan(190);
    for (const digits of seen) expect(digits).toMatch(/^\d{6}$/);
  });
});

describe('rangesOverlap', () => {
  it('is true when two inclusive ranges share a day', () => {
    expect(rangesOverlap('2026-01-01', '2026-01-05', '2026-01-05', '2026-01-09')).toBe(true);
    expect(rangesOverlap('2026-01-01', '2026-01-05', '2026-01-06', '2026-01-09')).toBe(false);
  });
});

describe('overAwayThreshold', () => {
  it('warns from two others away or 30% of the department', () => {
    expect(overAwayThreshold(0, 3)).toBe(false);
    expect(overAwayThreshold(1, 10)).toBe(false);
    expect(overAwayThreshold(1, 3)).toBe(true);
    expect(overAwayThreshold(2, 100)).toBe(true);
    expect(DEPARTMENT_AWAY_THRESHOLD).toEqual({ people: 2, share: 0.3 });
  });
});
