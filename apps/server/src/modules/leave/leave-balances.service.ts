import type { LeaveBalance } from '@staff-portal/shared/leave';
import {
  accruedEntitlement,
  accruedMonths,
  availableBalance,
  carriedAt,
  entitlementAt,
  entitlementDateOf,
  ineligibilityOn,
  proRatedEntitlement,
  serviceMonthsInYear,
  withInclusiveAllowances,
} from '@staff-portal/shared/leave-rules';
import type { Queryable } from '../../db/client';
import type { StaffRow } from '../staff-records/staff-records.public';
import { balanceFactRows } from './leave-balances.repository';
import type { LeaveTypeRow } from './leave.repository';

/**
 * Leave balances (docs/product/leave.md; decision record 0029): derived when read, for a year as
 * at a date of that year, from the stored facts. The one owner of how a balance is made; requests,
 * approvals and the administration all ask here.
 */

interface UsedDays {
  approved: number;
  /** Of the approved days, those after the date the facts were read for. */
  booked: number;
  pending: number;
  pendingCancellation: number;
}

/** What a balance is made of, per `staffId|leaveTypeId`. */
export interface BalanceFacts {
  used: Map<string, UsedDays>;
  entitlements: Map<string, { entitled: number | null; carried: number; carriedExpiresOn: string | null }>;
  adjustments: Map<string, number>;
  /** Where carried days expire: the days used up to the expiry (all that counts of them after it). */
  usedByExpiry: Map<string, number>;
}

const factKey = (staffId: string, leaveTypeId: string) => `${staffId}|${leaveTypeId}`;

const NONE_USED: UsedDays = { approved: 0, booked: 0, pending: 0, pendingCancellation: 0 };

/**
 * The stored facts behind some people's balances of a year: one statement, however many people.
 * Approved days after `bookedAfter` are told apart as booked (none without it); everything else
 * holds for any date of the year.
 */
export async function balanceFacts(
  q: Queryable,
  staffIds: string[],
  year: number,
  options: { leaveTypeIds?: readonly string[] | undefined; bookedAfter?: string | undefined } = {},
): Promise<BalanceFacts> {
  const facts: BalanceFacts = {
    used: new Map(),
    entitlements: new Map(),
    adjustments: new Map(),
    usedByExpiry: new Map(),
  };
  for (const row of await balanceFactRows(q, staffIds, year, options)) {
    const key = factKey(row.staffId, row.leaveTypeId);
    if (row.kind === 'used') {
      const parts = { ...(facts.used.get(key) ?? NONE_USED) };
      if (row.status === 1) {
        parts.approved += row.days;
        parts.booked += row.booked;
      } else if (row.status === 0) parts.pending += row.days;
      else parts.pendingCancellation += row.days;
      facts.used.set(key, parts);
    } else if (row.kind === 'entitlement') {
      const { entitled, carried, carriedExpiresOn } = row;
      facts.entitlements.set(key, { entitled, carried, carriedExpiresOn });
    } else if (row.kind === 'adjusted') facts.adjustments.set(key, row.days);
    else facts.usedByExpiry.set(key, row.days);
  }
  return facts;
}

const round = (days: number) => Math.round(days * 10) / 10;

/** The year's entitlement of a type before accrual: the override, else its tier, pro-rated and judged for eligibility. */
function yearsEntitlement(person: StaffRow, type: LeaveTypeRow, year: number, override: number | null | undefined) {
  const yearEnd = entitlementDateOf(year);
  const leaving = person.leavingDate;
  // Nobody is entitled to anything in a year after the one they leave in, as before joining.
  if (leaving !== null && leaving < `${year}-01-01`) return { yearly: 0, forYear: 0, proRatedMonths: null };
  // Tiers by the service completed at the year's end, or at the last day for a leaver.
  const tierDate = leaving !== null && leaving < yearEnd ? leaving : yearEnd;
  const yearly =
    override ??
    entitlementAt(
      { defaultDays: Number(type.defaultDays), serviceTiers: type.serviceTiers ?? null },
      person.joinDate,
      tierDate,
    );
  if (override !== null && override !== undefined) return { yearly, forYear: yearly, proRatedMonths: null };
  const months = serviceMonthsInYear(year, person.joinDate, leaving);
  const rounding = type.proRata;
  const proRated = rounding !== 'off' && months < 12;
  return {
    yearly,
    forYear: proRated ? proRatedEntitlement(yearly, months, rounding) : yearly,
    proRatedMonths: proRated ? months : null,
  };
}

/**
 * One person's balances of a year as at a date, from the facts read for them: one for each of
 * `types`. Pass every type a balance may depend on (a type whose allowance includes another's
 * days needs that type's facts and row); callers pick the ones they show.
 */
export function balancesFromFacts(
  person: StaffRow,
  types: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
  facts: BalanceFacts,
): LeaveBalance[] {
  const own = types.map((type): LeaveBalance & { used: number } => {
    const key = factKey(person.staffId, type.id);
    const stored = facts.entitlements.get(key);
    const ineligible = ineligibilityOn(
      { eligibleGender: type.eligibleGender, minServiceMonths: type.minServiceMonths },
      person,
      asAt,
    );
    const { yearly, forYear, proRatedMonths } = yearsEntitlement(person, type, year, stored?.entitled);
    // A type for the other gender is no entitlement at all; one waiting for service has none
    // before the service is complete, and the year's from then.
    const neverThisYear =
      ineligible?.reason === 'gender' ||
      (ineligible?.reason === 'service' && ineligible.from > entitlementDateOf(year));
    const entitledForYear = neverThisYear ? 0 : forYear;
    const accrued = type.accruesMonthly
      ? Math.min(accruedEntitlement(yearly, accruedMonths(year, person.joinDate, asAt, person.leavingDate)), forYear)
      : entitledForYear;
    const entitled = ineligible === null ? accrued : 0;
    const carried = carriedAt(
      stored?.carried ?? 0,
      stored?.carriedExpiresOn ?? null,
      asAt,
      facts.usedByExpiry.get(key) ?? 0,
    );
    const { approved, booked, pending, pendingCancellation } = facts.used.get(key) ?? NONE_USED;
    const adjustments = facts.adjustments.get(key) ?? 0;
    return {
      leaveTypeId: type.id,
      leaveTypeName: type.name,
      entitled,
      entitledForYear,
      accruesMonthly: type.accruesMonthly,
      proRatedMonths,
      carried,
      adjustments,
      taken: round(approved - booked),
      booked: round(booked),
      pending: round(pending + pendingCancellation),
      includes: null,
      limitedBy: null,
      ineligible,
      available: availableBalance({ entitled, carried, adjustments, approved, pending, pendingCancellation }),
      used: approved + pending + pendingCancellation,
    };
  });
  const names = new Map(types.map((type) => [type.id, type.name]));
  const shared = withInclusiveAllowances(
    types.map((type, index) => ({
      leaveTypeId: type.id,
      includesDaysOf: type.includesDaysOf,
      used: own[index]!.used,
      available: own[index]!.available,
    })),
  );
  return own.map(({ used: _used, ...balance }) => {
    const outcome = shared.get(balance.leaveTypeId)!;
    return {
      ...balance,
      available: outcome.available,
      includes:
        outcome.includes === null
          ? null
          : {
              ...outcome.includes,
              leaveTypeName: names.get(outcome.includes.leaveTypeId)!,
              days: round(outcome.includes.days),
            },
      limitedBy:
        outcome.limitedBy === null
          ? null
          : { leaveTypeId: outcome.limitedBy, leaveTypeName: names.get(outcome.limitedBy)! },
    };
  });
}

/** The types a balance of `types` depends on: themselves and the types their allowances include or are included in. */
export function typesBehind(types: readonly LeaveTypeRow[], all: readonly LeaveTypeRow[]): LeaveTypeRow[] {
  const ids = new Set(types.map((type) => type.id));
  for (const type of all) {
    if (type.includesDaysOf !== null && (ids.has(type.id) || ids.has(type.includesDaysOf))) {
      ids.add(type.id);
      ids.add(type.includesDaysOf);
    }
  }
  return all.filter((type) => ids.has(type.id));
}

/**
 * One person's balances of a year for some types as at a date of that year: the entitlement
 * earned by then, carried days not lapsed by then, and every adjustment and request day of the
 * year, approved days after the date shown as booked. `all` is the whole catalogue, for the
 * types an allowance includes.
 */
export async function balancesOf(
  q: Queryable,
  person: StaffRow,
  types: readonly LeaveTypeRow[],
  all: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
): Promise<LeaveBalance[]> {
  const behind = typesBehind(types, all);
  const leaveTypeIds = behind.length < all.length ? behind.map((type) => type.id) : undefined;
  const facts = await balanceFacts(q, [person.staffId], year, { leaveTypeIds, bookedAfter: asAt });
  const wanted = new Set(types.map((type) => type.id));
  return balancesFromFacts(person, behind, year, asAt, facts).filter((b) => wanted.has(b.leaveTypeId));
}

/** Many people's balances of a year for every type as at a date, in one statement (the year-end run). */
export async function balancesOfMany(
  q: Queryable,
  people: readonly StaffRow[],
  types: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
): Promise<Map<string, LeaveBalance[]>> {
  const facts = await balanceFacts(
    q,
    people.map((p) => p.staffId),
    year,
    { bookedAfter: asAt },
  );
  return new Map(people.map((person) => [person.staffId, balancesFromFacts(person, types, year, asAt, facts)]));
}
