import { and, eq, gt, gte, inArray, isNotNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leaveAdjustments, leaveEntitlements, leaveRequests } from '../../db/schema/leave';

/** What one row of `balanceFactRows` is: the parts of a balance, each kind with its own columns. */
export type BalanceFactRow =
  | { kind: 'used'; staffId: string; leaveTypeId: string; status: number; days: number }
  | { kind: 'adjusted' | 'usedByExpiry'; staffId: string; leaveTypeId: string; days: number }
  | {
      kind: 'entitlement';
      staffId: string;
      leaveTypeId: string;
      entitled: number | null;
      carried: number;
      carriedExpiresOn: string | null;
    };

/**
 * Every stored fact behind some people's balances of a year, in one statement (four selects in a
 * UNION ALL; decision record 0017), per person and type:
 * - `used`: the days of their requests that count against a balance (pending, approved, pending
 *   cancellation), per status; a request belongs to its start year. Only `leaveTypeId`'s if given.
 * - `entitlement`: the year's entitlement override and carried-forward days with their expiry.
 * - `adjusted`: the sum of the year's adjustments.
 * - `usedByExpiry`: where carried days expire, the days of that type counted from 1 January up to
 *   the expiry (what still counts of the carried days once they have expired).
 */
export async function balanceFactRows(
  db: Queryable,
  staffIds: string[],
  year: number,
  leaveTypeId?: string,
): Promise<BalanceFactRow[]> {
  if (staffIds.length === 0) return [];
  const counting = [0, 1, 4, 5];
  const none = sql<null>`null`;
  const columns = (
    kind: BalanceFactRow['kind'],
    staffId: SQL | typeof leaveRequests.staffId,
    leaveTypeId: SQL | typeof leaveRequests.leaveTypeId,
    parts: { status?: SQL; days?: SQL; entitled?: SQL; carried?: SQL; carriedExpiresOn?: SQL },
  ) => ({
    kind: sql<BalanceFactRow['kind']>`${kind}::text`.as('kind'),
    staffId: sql<string>`${staffId}`.as('staff_id'),
    leaveTypeId: sql<string>`${leaveTypeId}`.as('leave_type_id'),
    status: sql<number | null>`${parts.status ?? none}::smallint`.as('status'),
    days: sql<number | null>`${parts.days ?? none}::float8`.as('days'),
    entitled: sql<number | null>`${parts.entitled ?? none}::float8`.as('entitled'),
    carried: sql<number | null>`${parts.carried ?? none}::float8`.as('carried'),
    carriedExpiresOn: sql<string | null>`${parts.carriedExpiresOn ?? none}::text`.as('carried_expires_on'),
  });
  const used = db
    .select(
      columns('used', leaveRequests.staffId, leaveRequests.leaveTypeId, {
        status: sql`${leaveRequests.status}`,
        days: sql`sum(${leaveRequests.days})`,
      }),
    )
    .from(leaveRequests)
    .where(
      and(
        inArray(leaveRequests.staffId, staffIds),
        gte(leaveRequests.startDate, `${year}-01-01`),
        lte(leaveRequests.startDate, `${year}-12-31`),
        inArray(leaveRequests.status, counting),
        leaveTypeId === undefined ? undefined : eq(leaveRequests.leaveTypeId, leaveTypeId),
      ),
    )
    .groupBy(leaveRequests.staffId, leaveRequests.leaveTypeId, leaveRequests.status);
  const entitlements = db
    .select(
      columns('entitlement', sql`${leaveEntitlements.staffId}`, sql`${leaveEntitlements.leaveTypeId}`, {
        entitled: sql`${leaveEntitlements.entitled}`,
        carried: sql`${leaveEntitlements.carried}`,
        carriedExpiresOn: sql`${leaveEntitlements.carriedExpiresOn}`,
      }),
    )
    .from(leaveEntitlements)
    .where(and(inArray(leaveEntitlements.staffId, staffIds), eq(leaveEntitlements.year, year)));
  const adjusted = db
    .select(
      columns('adjusted', sql`${leaveAdjustments.staffId}`, sql`${leaveAdjustments.leaveTypeId}`, {
        days: sql`sum(${leaveAdjustments.days})`,
      }),
    )
    .from(leaveAdjustments)
    .where(and(inArray(leaveAdjustments.staffId, staffIds), eq(leaveAdjustments.year, year)))
    .groupBy(leaveAdjustments.staffId, leaveAdjustments.leaveTypeId);
  const usedByExpiry = db
    .select(
      columns('usedByExpiry', sql`${leaveEntitlements.staffId}`, sql`${leaveEntitlements.leaveTypeId}`, {
        days: sql`coalesce(sum(${leaveRequests.days}), 0)`,
      }),
    )
    .from(leaveEntitlements)
    .leftJoin(
      leaveRequests,
      and(
        eq(leaveRequests.staffId, leaveEntitlements.staffId),
        eq(leaveRequests.leaveTypeId, leaveEntitlements.leaveTypeId),
        gte(leaveRequests.startDate, `${year}-01-01`),
        lte(leaveRequests.startDate, leaveEntitlements.carriedExpiresOn),
        inArray(leaveRequests.status, counting),
      ),
    )
    .where(
      and(
        inArray(leaveEntitlements.staffId, staffIds),
        eq(leaveEntitlements.year, year),
        gt(leaveEntitlements.carried, 0),
        isNotNull(leaveEntitlements.carriedExpiresOn),
      ),
    )
    .groupBy(leaveEntitlements.staffId, leaveEntitlements.leaveTypeId);
  const rows = await used.unionAll(entitlements).unionAll(adjusted).unionAll(usedByExpiry);
  return rows.map((row): BalanceFactRow => {
    const { kind, staffId, leaveTypeId } = row;
    if (kind === 'used') return { kind, staffId, leaveTypeId, status: Number(row.status), days: Number(row.days) };
    if (kind === 'entitlement') {
      return {
        kind,
        staffId,
        leaveTypeId,
        entitled: row.entitled === null ? null : Number(row.entitled),
        carried: Number(row.carried),
        carriedExpiresOn: row.carriedExpiresOn,
      };
    }
    return { kind, staffId, leaveTypeId, days: Number(row.days) };
  });
}

export async function entitlementRows(db: Queryable, staffIds: string[], year: number) {
  if (staffIds.length === 0) return [];
  return db
    .select()
    .from(leaveEntitlements)
    .where(and(inArray(leaveEntitlements.staffId, staffIds), eq(leaveEntitlements.year, year)));
}
