import { DEFAULT_TIME_ZONE } from './constants';
import { conflict, validationError } from './errors';
import { datesBetween, isIsoDate, weekdayIndex } from './iso-dates';
import { DAY_TYPE, LEAVE_STATUS, type DayType, type LeaveStatus } from './leave';

/**
 * The E-Leave rules of PRODUCT.md §5 as pure functions, used by the server to decide and by the
 * web app to preview: working-day counting, service-year entitlements, balances, the status
 * transitions and reference ids.
 */

/** MON–FRI: bits 0..4 (bit 0 = MON ... bit 6 = SUN, seed §3). */
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

/**
 * Leave days a request takes: its working days, skipping public holidays; a half day (AM/PM)
 * counts 0.5 and is only for a one-day request (PRODUCT.md §5).
 */
export function countLeaveDays({ startDate, endDate, dayType, workingDaysMask, holidays }: DayCountInput): number {
  if (endDate < startDate) throw validationError('The end date cannot be before the start date', 'endDate');
  if (dayType !== DAY_TYPE.WD) {
    if (startDate !== endDate) throw validationError('A half day must start and end on the same day', 'dayType');
    return isWorkingDay(startDate, workingDaysMask, holidays) ? 0.5 : 0;
  }
  let days = 0;
  for (const date of datesBetween(startDate, endDate)) {
    if (isWorkingDay(date, workingDaysMask, holidays)) days += 1;
  }
  return days;
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
 * year counts for the whole of it (decision record 0017).
 */
export function entitlementDateOf(year: number): string {
  return `${String(year).padStart(4, '0')}-12-31`;
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
 * Months of a year's entitlement earned by a date, for a type that accrues monthly (PRODUCT.md
 * §5a): each month is credited on its first day, from the month of joining; none before the
 * year or the joining, all twelve once the year is over.
 */
export function accruedMonths(year: number, joinDate: string, asAt: string): number {
  assertIsoDates(joinDate, asAt);
  const [joinYear, joinMonth] = joinDate.split('-').map(Number) as [number, number];
  const [atYear, atMonth] = asAt.split('-').map(Number) as [number, number];
  const firstMonth = joinYear < year ? 1 : joinYear === year ? joinMonth : 13;
  const lastMonth = atYear < year ? 0 : atYear === year ? atMonth : 12;
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
 * PRODUCT.md §5: entitlement + carried forward + adjustments − approved − pending −
 * pending-cancellation days. Rounded to the half day the counting works in, so sums of 0.5s
 * never drift.
 */
export function availableBalance(parts: BalanceParts): number {
  const value =
    parts.entitled + parts.carried + parts.adjustments - parts.approved - parts.pending - parts.pendingCancellation;
  return Math.round(value * 10) / 10;
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

/** Every transition PRODUCT.md §5 allows; anything else is refused. */
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

/**
 * Formats an instant as its YYYY-MM-DD date in a time zone (en-CA's format). Make one and keep
 * it: building an Intl.DateTimeFormat costs far more than using one.
 */
export function dateFormatIn(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
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
 * When the approver is warned that a department is thin on the ground (PRODUCT.md §5a): at
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
