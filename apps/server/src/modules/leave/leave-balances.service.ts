import type { LeaveBalance } from '@staff-portal/shared/leave';
import {
  accruedEntitlement,
  accruedMonths,
  availableBalance,
  carriedAt,
  entitlementAt,
  entitlementDateOf,
} from '@staff-portal/shared/leave-rules';
import type { Queryable } from '../../db/client';
import type { StaffRow } from '../staff-records/staff-records.repository';
import { balanceFactRows } from './leave-balances.repository';
import type { LeaveTypeRow } from './leave.repository';

/**
 * Leave balances (docs/product/leave.md; decision record 0017): derived when read, for a year as
 * at a date of that year, from the stored facts. The one owner of how a balance is made; requests,
 * approvals and the administration all ask here.
 */

/** What a balance is made of, per `staffId|leaveTypeId`. */
export interface BalanceFacts {
  used: Map<string, { approved: number; pending: number; pendingCancellation: number }>;
  entitlements: Map<string, { entitled: number | null; carried: number; carriedExpiresOn: string | null }>;
  adjustments: Map<string, number>;
  /** Where carried days expire: the days used up to the expiry (all that counts of them after it). */
  usedByExpiry: Map<string, number>;
}

const factKey = (staffId: string, leaveTypeId: string) => `${staffId}|${leaveTypeId}`;

/**
 * The stored facts behind some people's balances of a year, for any date of it: one statement,
 * however many people.
 */
export async function balanceFacts(
  q: Queryable,
  staffIds: string[],
  year: number,
  onlyType?: string,
): Promise<BalanceFacts> {
  const facts: BalanceFacts = {
    used: new Map(),
    entitlements: new Map(),
    adjustments: new Map(),
    usedByExpiry: new Map(),
  };
  for (const row of await balanceFactRows(q, staffIds, year, onlyType)) {
    const key = factKey(row.staffId, row.leaveTypeId);
    if (row.kind === 'used') {
      const parts = facts.used.get(key) ?? { approved: 0, pending: 0, pendingCancellation: 0 };
      if (row.status === 1) parts.approved += row.days;
      else if (row.status === 0) parts.pending += row.days;
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

/** One person's balances of a year as at a date, from the facts read for them. */
export function balancesFromFacts(
  person: StaffRow,
  types: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
  facts: BalanceFacts,
): LeaveBalance[] {
  return types.map((type) => {
    const key = factKey(person.staffId, type.id);
    const own = facts.entitlements.get(key);
    const entitledForYear = Number(
      own?.entitled ??
        entitlementAt(
          { defaultDays: Number(type.defaultDays), serviceTiers: type.serviceTiers ?? null },
          person.joinDate,
          entitlementDateOf(year),
        ),
    );
    const entitled = type.accruesMonthly
      ? accruedEntitlement(entitledForYear, accruedMonths(year, person.joinDate, asAt))
      : entitledForYear;
    const carried = carriedAt(own?.carried ?? 0, own?.carriedExpiresOn ?? null, asAt, facts.usedByExpiry.get(key) ?? 0);
    const { approved, pending, pendingCancellation } = facts.used.get(key) ?? {
      approved: 0,
      pending: 0,
      pendingCancellation: 0,
    };
    const adjustments = facts.adjustments.get(key) ?? 0;
    return {
      leaveTypeId: type.id,
      leaveTypeName: type.name,
      entitled,
      entitledForYear,
      accruesMonthly: type.accruesMonthly,
      carried,
      adjustments,
      taken: approved,
      pending: pending + pendingCancellation,
      available: availableBalance({ entitled, carried, adjustments, approved, pending, pendingCancellation }),
    };
  });
}

/**
 * One person's balances of a year for the given types as at a date of that year: the
 * entitlement earned by then, carried days not lapsed by then, and every adjustment and request
 * of the year.
 */
export async function balancesOf(
  q: Queryable,
  person: StaffRow,
  types: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
): Promise<LeaveBalance[]> {
  const onlyType = types.length === 1 ? types[0]!.id : undefined;
  const facts = await balanceFacts(q, [person.staffId], year, onlyType);
  return balancesFromFacts(person, types, year, asAt, facts);
}

/** Many people's balances of a year for the given types as at a date, in one statement (the year-end run). */
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
  );
  return new Map(people.map((person) => [person.staffId, balancesFromFacts(person, types, year, asAt, facts)]));
}
