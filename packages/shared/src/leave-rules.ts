import { DEFAULT_TIME_ZONE } from './constants';
import { conflict, validationError } from './errors';
import { addDays, addMonths, datesBetween, isIsoDate, weekdayIndex, wholeMonthsBetween } from './iso-dates';
import {
  DAY_TYPE,
  LEAVE_STATUS,
  type DayType,
  type Gender,
  type Ineligibility,
  type LeaveStatus,
  type ProRata,
} from './leave';

/**
 * The E-Leave rules of docs/product/leave.md as pure functions, used by the server to decide and by the
 * web app to preview: working-day counting, service-year entitlements, balances, the status
 * transitions and reference ids.
 */

/** MON–FRI: bits 0..4 (bit 0 = MON ... bit 6 = SUN, docs/product/specification.md §3). */
export const DEFAULT_WORKING_DAYS_MASK = 0b0011111;

function assertIsoDates(...dates: string[]) {
  for (const date of dates) if (!isIsoDate(date)) throw new RangeError(`not an ISO date: ${date}`);
}

/** Whether the date is a working day for this mask and not a public holiday. */
export function isWorkingDay(isoDate: string, workingDaysMask: number, holidays: ReadonlySet<string>): boolean {
  return (workingDaysMask & (1 << weekdayIndex(isoDate))) !== 0 && !holidays.has(isoDate);
}

/** The longest single request, in calendar days. */
export const MAX_REQUEST_CALENDAR_DAYS = 366;

export interface DayCountInput {
  startDate: string;
  endDate: string;
  dayType: DayType;
  workingDaysMask: number;
  /** Public holidays (ISO dates) of the organisation's calendar. */
  holidays: ReadonlySet<string>;
}

/** What one date of a request counts: a whole day, or half of one for a morning or an afternoon. */
export function dayUnit(dayType: number): number {
  return dayType === DAY_TYPE.WD ? 1 : 0.5;
}

/**
 * The dates a request takes leave on: its working days, skipping public holidays; a half day
 * (AM/PM) is only for a one-day request (docs/product/leave.md). Each counts `dayUnit(dayType)`.
 */
export function leaveDates({ startDate, endDate, dayType, workingDaysMask, holidays }: DayCountInput): string[] {
  if (endDate < startDate) throw validationError('The end date cannot be before the start date', 'endDate');
  if (dayType !== DAY_TYPE.WD && startDate !== endDate) {
    throw validationError('A half day must start and end on the same day', 'dayType');
  }
  return datesBetween(startDate, endDate).filter((date) => isWorkingDay(date, workingDaysMask, holidays));
}

/**
 * Leave days a request takes: its working days, skipping public holidays; a half day (AM/PM)
 * counts 0.5 and is only for a one-day request (docs/product/leave.md).
 */
export function countLeaveDays(input: DayCountInput): number {
  return leaveDates(input).length * dayUnit(input.dayType);
}

/**
 * A request's days by the year each falls in, in order of year (docs/product/leave.md: days of a
 * request that fall in another year count against that year's balance).
 */
export function daysByYear(dates: readonly string[], dayType: number): { year: number; days: number }[] {
  const byYear = new Map<number, number>();
  for (const date of dates) {
    const year = Number(date.slice(0, 4));
    byYear.set(year, (byYear.get(year) ?? 0) + dayUnit(dayType));
  }
  return [...byYear].sort(([a], [b]) => a - b).map(([year, days]) => ({ year, days }));
}

export interface ServiceTierRule {
  minYears: number;
  days: number;
}

export interface EntitlementRule {
  defaultDays: number;
  serviceTiers: readonly ServiceTierRule[] | null;
}

/** Completed years of service on a date (0 before the first anniversary, negative before joining). */
export function yearsOfService(joinDate: string, atDate: string): number {
  assertIsoDates(joinDate, atDate);
  const [jy, jm, jd] = joinDate.split('-').map(Number) as [number, number, number];
  const [ay, am, ad] = atDate.split('-').map(Number) as [number, number, number];
  let years = ay - jy;
  if (am < jm || (am === jm && ad < jd)) years -= 1;
  return years;
}

/**
 * A type's yearly entitlement on a date: the highest service-year tier reached, or the type's
 * default days when it has no tiers. Nobody is entitled to anything before joining.
 */
export function entitlementAt(type: EntitlementRule, joinDate: string, atDate: string): number {
  const years = yearsOfService(joinDate, atDate);
  if (years < 0) return 0;
  if (!type.serviceTiers || type.serviceTiers.length === 0) return type.defaultDays;
  let best: ServiceTierRule | undefined;
  for (const tier of type.serviceTiers) {
    if (tier.minYears <= years && (best === undefined || tier.minYears > best.minYears)) best = tier;
  }
  return best?.days ?? 0;
}

/**
 * The date a year's entitlement is judged on: the year's last day, so a tier reached during the
 * year counts for the whole of it (decision record 0029).
 */
export function entitlementDateOf(year: number): string {
  return `${String(year).padStart(4, '0')}-12-31`;
}

/** Who a leave type's eligibility is judged for: their gender and service. */
export interface EligibilityPerson {
  gender: Gender;
  joinDate: string;
}

export interface EligibilityRule {
  eligibleGender: Gender | null;
  minServiceMonths: number;
}

/** The first day on which `months` months of service from the join date are complete. */
export function serviceCompleteOn(joinDate: string, months: number): string {
  return addMonths(joinDate, months);
}

/**
 * Why a person cannot take a type on a date, or null when they can: a type for the other gender
 * (maternity, paternity), or service short of the type's minimum (paternity: 12 months) by then.
 */
export function ineligibilityOn(rule: EligibilityRule, person: EligibilityPerson, date: string): Ineligibility | null {
  if (rule.eligibleGender !== null && rule.eligibleGender !== person.gender) {
    return { reason: 'gender', gender: rule.eligibleGender };
  }
  if (rule.minServiceMonths > 0) {
    const from = serviceCompleteOn(person.joinDate, rule.minServiceMonths);
    if (date < from) return { reason: 'service', minServiceMonths: rule.minServiceMonths, from };
  }
  return null;
}

/**
 * Completed months of service within a year (Employment Act s60E(1A)): 12 for a whole year;
 * in a year of joining, from the join date; in a year of leaving, up to the last day (both
 * counted); 0 in a year before joining or after leaving.
 */
export function serviceMonthsInYear(year: number, joinDate: string, leavingDate: string | null): number {
  assertIsoDates(joinDate, ...(leavingDate === null ? [] : [leavingDate]));
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = entitlementDateOf(year);
  const start = joinDate > first ? joinDate : first;
  const end = leavingDate !== null && leavingDate < last ? leavingDate : last;
  if (end < start) return 0;
  return Math.min(12, wholeMonthsBetween(start, addDays(end, 1)));
}

/**
 * A yearly entitlement's share for some completed months, rounded as the type says: the Act's
 * rounding (under half a day is dropped, half a day or more is a whole day), down to the day, or
 * down to the half day; the whole of it for twelve months or a type that is not pro-rated.
 * Worked in tenths of a day (entitlements have one decimal), so no float error moves a boundary.
 */
export function proRatedEntitlement(yearly: number, months: number, rounding: ProRata): number {
  if (rounding === 'off' || months >= 12) return yearly;
  const share = Math.round(yearly * 10) * Math.max(0, months);
  const whole = 120;
  switch (rounding) {
    case 'nearest-day':
      return Math.floor((2 * share + whole) / (2 * whole));
    case 'down-to-day':
      return Math.floor(share / whole);
    case 'down-to-half-day':
      return Math.floor((2 * share) / whole) / 2;
  }
}

/**
 * The date a year's balance is judged on when none is asked for: today within the year, else
 * the first day of a year ahead or the last day of a year gone.
 */
export function balanceDateOf(year: number, today: string): string {
  const first = `${String(year).padStart(4, '0')}-01-01`;
  const last = entitlementDateOf(year);
  return today < first ? first : today > last ? last : today;
}

/**
 * Months of a year's entitlement earned by a date, for a type that accrues monthly
 * (docs/product/leave.md): each month is credited on its first day, from the month of joining
 * to the month of leaving; none before the year or the joining, all of them once the year is over.
 */
export function accruedMonths(year: number, joinDate: string, asAt: string, leavingDate: string | null = null): number {
  assertIsoDates(joinDate, asAt, ...(leavingDate === null ? [] : [leavingDate]));
  const monthOf = (date: string) => {
    const [y, m] = date.split('-').map(Number) as [number, number];
    return y < year ? 0 : y === year ? m : 13;
  };
  const firstMonth = Math.max(1, monthOf(joinDate));
  const lastMonth = Math.min(12, monthOf(asAt), leavingDate === null ? 12 : monthOf(leavingDate));
  return Math.max(0, lastMonth - firstMonth + 1);
}

/**
 * A yearly entitlement's share for some months, rounded down to the half day leave is taken in;
 * the whole of it once all twelve are earned. Worked in tenths of a day (entitlements have one decimal), so no float error moves a boundary.
 */
export function accruedEntitlement(yearly: number, months: number): number {
  if (months >= 12) return yearly;
  const tenths = Math.round(yearly * 10);
  return Math.floor((tenths * months * 2) / 120) / 2;
}

/**
 * Carried-forward days that still count on a date: all of them until they expire; after the
 * expiry only those used by then (requests starting on or before it), the rest lapse.
 */
export function carriedAt(carried: number, expiresOn: string | null, asAt: string, usedByExpiry: number): number {
  if (carried <= 0 || expiresOn === null || asAt <= expiresOn) return carried;
  return Math.min(carried, Math.max(0, usedByExpiry));
}

/** The days a year-end carries into the next year: what is left, at most the type's cap, never negative. */
export function carryForwardDays(available: number, cap: number): number {
  return Math.round(Math.max(0, Math.min(cap, available)) * 10) / 10;
}

export interface BalanceParts {
  entitled: number;
  carried: number;
  adjustments: number;
  approved: number;
  pending: number;
  pendingCancellation: number;
}

/**
 * docs/product/leave.md: entitlement + carried forward + adjustments − approved − pending −
 * pending-cancellation days. Rounded to the half day the counting works in, so sums of 0.5s
 * never drift.
 */
export function availableBalance(parts: BalanceParts): number {
  const value =
    parts.entitled + parts.carried + parts.adjustments - parts.approved - parts.pending - parts.pendingCancellation;
  return Math.round(value * 10) / 10;
}

/** One type's balance as the inclusive-allowance rule needs it. */
export interface AllowanceBalance {
  leaveTypeId: string;
  /** The type whose days this type's allowance includes, if any. */
  includesDaysOf: string | null;
  /** The days of the type counting against the balance: approved, pending and pending cancellation. */
  used: number;
  /** Its own available balance, before the rule. */
  available: number;
}

export interface AllowanceOutcome {
  available: number;
  /** The included type and its days counted here, on the including type. */
  includes: { leaveTypeId: string; days: number } | null;
  /** The including type whose allowance limits this one, on the included type. */
  limitedBy: string | null;
}

/**
 * Allowances inclusive of another type's days (hospitalisation: up to 60 days a year, inclusive
 * of sick leave; docs/product/leave.md): the included type's used days count against the
 * including type too, and the included type can never have more available than the including
 * type has left. One level only: an included type's own inclusion is not followed.
 */
export function withInclusiveAllowances(balances: readonly AllowanceBalance[]): Map<string, AllowanceOutcome> {
  const byId = new Map(balances.map((b) => [b.leaveTypeId, b]));
  const outcome = new Map<string, AllowanceOutcome>(
    balances.map((b) => [b.leaveTypeId, { available: b.available, includes: null, limitedBy: null }]),
  );
  for (const including of balances) {
    const included = including.includesDaysOf === null ? undefined : byId.get(including.includesDaysOf);
    if (!included || included.leaveTypeId === including.leaveTypeId) continue;
    const left = Math.round((including.available - included.used) * 10) / 10;
    outcome.set(including.leaveTypeId, {
      ...outcome.get(including.leaveTypeId)!,
      available: left,
      includes: { leaveTypeId: included.leaveTypeId, days: included.used },
    });
    const own = outcome.get(included.leaveTypeId)!;
    if (left < own.available)
      outcome.set(included.leaveTypeId, { ...own, available: left, limitedBy: including.leaveTypeId });
  }
  return outcome;
}

/**
 * Whether a request of `days` fits the available balance. Types that are not balance-limited
 * (unpaid leave) may go negative.
 */
export function fitsBalance(available: number, days: number, balanceLimited: boolean): boolean {
  return !balanceLimited || days <= available + 1e-9;
}

/** Statuses whose days count against the balance: pending, approved, and pending cancellation. */
export const BALANCE_STATUSES: readonly LeaveStatus[] = [
  LEAVE_STATUS.PENDING,
  LEAVE_STATUS.APPROVED,
  LEAVE_STATUS.PENDING_CANCELLATION,
  LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN,
];

/** Statuses that block another request of the same person on the same dates. */
export const OVERLAP_STATUSES = BALANCE_STATUSES;

/** Who makes a transition: the applicant, the request's approver (or ADMIN deciding), an HR admin. */
export type LeaveActor = 'applicant' | 'approver' | 'admin';

export interface LeaveTransition {
  from: LeaveStatus;
  to: LeaveStatus;
  actor: LeaveActor;
  /** Only for leave types that are cancellable. */
  cancellableOnly?: boolean;
}

/** Every transition docs/product/leave.md allows; anything else is refused. */
export const LEAVE_TRANSITIONS: readonly LeaveTransition[] = [
  { from: LEAVE_STATUS.PENDING, to: LEAVE_STATUS.APPROVED, actor: 'approver' },
  { from: LEAVE_STATUS.PENDING, to: LEAVE_STATUS.REJECTED, actor: 'approver' },
  { from: LEAVE_STATUS.PENDING, to: LEAVE_STATUS.CANCELLED, actor: 'applicant' },
  { from: LEAVE_STATUS.APPROVED, to: LEAVE_STATUS.PENDING_CANCELLATION, actor: 'applicant', cancellableOnly: true },
  { from: LEAVE_STATUS.APPROVED, to: LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN, actor: 'admin' },
  { from: LEAVE_STATUS.PENDING_CANCELLATION, to: LEAVE_STATUS.CANCELLED, actor: 'approver' },
  { from: LEAVE_STATUS.PENDING_CANCELLATION, to: LEAVE_STATUS.APPROVED, actor: 'approver' },
  { from: LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN, to: LEAVE_STATUS.CANCELLED, actor: 'approver' },
  { from: LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN, to: LEAVE_STATUS.APPROVED, actor: 'approver' },
];

const STATUS_WORDS: Record<number, string> = {
  0: 'pending',
  1: 'approved',
  2: 'rejected',
  3: 'cancelled',
  4: 'pending cancellation',
  5: 'pending cancellation',
};

const TARGET_VERBS: Record<number, string> = {
  0: 'made pending',
  1: 'approved',
  2: 'rejected',
  3: 'cancelled',
  4: 'put up for cancellation',
  5: 'put up for cancellation',
};

function statusWord(status: number): string {
  return STATUS_WORDS[status] ?? `in status ${status}`;
}

/** The transition for these statuses and actor, if §5 allows it (ignoring the cancellable flag). */
export function findTransition(from: number, to: number, actor: LeaveActor): LeaveTransition | undefined {
  return LEAVE_TRANSITIONS.find((t) => t.from === from && t.to === to && t.actor === actor);
}

/**
 * Refuses any transition §5 does not allow, with a message the user can act on: a request
 * already in another state is a conflict (409); a type that cannot be cancelled is a bad
 * request (400).
 */
export function assertTransition(
  from: number,
  to: number,
  actor: LeaveActor,
  options: { cancellable: boolean },
): LeaveTransition {
  const transition = findTransition(from, to, actor);
  if (!transition) {
    throw conflict(`This request is ${statusWord(from)} now, so it cannot be ${TARGET_VERBS[to] ?? 'changed'}.`);
  }
  if (transition.cancellableOnly && !options.cancellable) {
    throw validationError('This leave type cannot be cancelled once approved.', 'referenceId');
  }
  return transition;
}

/** The status a decision leads to from a status waiting for the approver, or undefined. */
export function decisionTarget(from: number, decision: 'approve' | 'reject'): LeaveStatus | undefined {
  if (from === LEAVE_STATUS.PENDING) return decision === 'approve' ? LEAVE_STATUS.APPROVED : LEAVE_STATUS.REJECTED;
  if (from === LEAVE_STATUS.PENDING_CANCELLATION || from === LEAVE_STATUS.PENDING_CANCELLATION_BY_ADMIN) {
    return decision === 'approve' ? LEAVE_STATUS.CANCELLED : LEAVE_STATUS.APPROVED;
  }
  return undefined;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * Formats an instant as its YYYY-MM-DD date in a time zone (en-CA's format). One per time zone,
 * made once and shared (a format does not change): building an Intl.DateTimeFormat costs far
 * more than using one, about 0.2 ms, and every service that knows the organisation's zone asks.
 */
export function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  return format;
}

const referenceClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: DEFAULT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** yyyymmddhhmm of an instant in the organisation's time zone. */
export function referenceTimestamp(at: Date): string {
  const parts = Object.fromEntries(referenceClock.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}${parts.month}${parts.day}${parts.hour}${parts.minute}`;
}

/** Web Crypto, present in Node ≥ 19 and every browser; declared here as the shared lib has neither's types. */
const webCrypto = (globalThis as unknown as { crypto: { getRandomValues(array: Uint32Array): Uint32Array } }).crypto;

/** Six uniformly random digits from the platform's CSPRNG (Node and browsers alike). */
export function randomSixDigits(): string {
  const buffer = new Uint32Array(1);
  // 4_294_000_000 is the largest multiple of 1e6 below 2^32: rejecting above it keeps digits uniform.
  do webCrypto.getRandomValues(buffer);
  while (buffer[0]! >= 4_294_000_000);
  return String(buffer[0]! % 1_000_000).padStart(6, '0');
}

/** Seed §3: `LV` + yyyymmddhhmm (Asia/Kuala_Lumpur) + 6 random digits. */
export function newReferenceId(at: Date = new Date(), random: () => string = randomSixDigits): string {
  return `LV${referenceTimestamp(at)}${random()}`;
}

/** Whether two inclusive date ranges share a day. */
export function rangesOverlap(aStart: string, aEnd: string, bStart: string, bEnd: string): boolean {
  return aStart <= bEnd && bStart <= aEnd;
}

/**
 * When the approver is warned that a department is thin on the ground (docs/product/leave.md): at
 * least this many others away, or at least this share of the department's active staff.
 */
export const DEPARTMENT_AWAY_THRESHOLD = { people: 2, share: 0.3 } as const;

/** Whether `othersAway` people of a department of `departmentSize` reach the warning threshold. */
export function overAwayThreshold(othersAway: number, departmentSize: number): boolean {
  if (othersAway <= 0) return false;
  return (
    othersAway >= DEPARTMENT_AWAY_THRESHOLD.people ||
    (departmentSize > 0 && othersAway / departmentSize >= DEPARTMENT_AWAY_THRESHOLD.share)
  );
}
