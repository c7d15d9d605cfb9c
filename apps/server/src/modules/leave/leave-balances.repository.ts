import { and, eq, gt, gte, inArray, isNotNull, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { addDays } from '@staff-portal/shared/iso-dates';
import { BALANCE_STATUSES, MAX_REQUEST_CALENDAR_DAYS } from '@staff-portal/shared/leave-rules';
import type { Queryable } from '../../db/client';
import { leaveAdjustments, leaveEntitlements, leaveRequests } from '../../db/schema/leave';

/** What one row of `balanceFactRows` is: the parts of a balance, each kind with its own columns. */
export type BalanceFactRow =
  | { kind: 'used'; staffId: string; leaveTypeId: string; status: number; days: number; booked: number }
  | { kind: 'adjusted' | 'usedByExpiry'; staffId: string; leaveTypeId: string; days: number }
  | {
      kind: 'entitlement';
      staffId: string;
      leaveTypeId: string;
      entitled: number | null;
      carried: number;
      carriedExpiresOn: string | null;
    };

/** What one of a request's dates counts: a whole day, or half of one for a morning or afternoon. */
const dayUnit = sql`(case when ${leaveRequests.dayType} = 0 then 1 else 0.5 end)`;

/**
 * Of a request's days, those whose dates fall from `from` to `to` (both counted): its days in a
 * year, after a date, or up to an expiry. Only a request running over an end of the range has
 * its dates counted; one wholly inside or outside it is its days or none, without reading them.
 */
export function requestDaysBetween(from: string | SQL | AnyColumn, to: string | SQL | AnyColumn): SQL {
  const start = leaveRequests.startDate;
  const end = leaveRequests.endDate;
  return sql`(case
    when ${start} >= ${from}::date and ${end} <= ${to}::date then ${leaveRequests.days}
    when ${end} < ${from}::date or ${start} > ${to}::date then 0
    else (select count(*) from unnest(${leaveRequests.leaveDates}) as leave_date where leave_date between ${from}::date and ${to}::date) * ${dayUnit}
  end)`;
}

/**
 * Requests with at least one date in the range. A request spans at most MAX_REQUEST_CALENDAR_DAYS,
 * so its start is bounded below too, and the (staff_id, start_date) index reads only the rows
 * that can reach the range, however many years of history there are.
 */
export function requestsReaching(from: string, to: string): SQL {
  return and(
    gte(leaveRequests.startDate, addDays(from, 1 - MAX_REQUEST_CALENDAR_DAYS)),
    lte(leaveRequests.startDate, to),
    gte(leaveRequests.endDate, from),
  )!;
}

/**
 * Every stored fact behind some people's balances of a year, in one statement (four selects in a
 * UNION ALL; decision record 0029), per person and type:
 * - `used`: per status, the days of their requests that count against a balance (pending,
 *   approved, pending cancellation) whose dates fall in the year, with those after `bookedAfter`
 *   apart (approved days then are booked rather than taken). Only `leaveTypeIds`' if given.
 * - `entitlement`: the year's entitlement override and carried-forward days with their expiry.
 * - `adjusted`: the sum of the year's adjustments.
 * - `usedByExpiry`: where carried days expire, the days of that type on dates from 1 January up
 *   to the expiry (what still counts of the carried days once they have expired).
 */
export async function balanceFactRows(
  db: Queryable,
  staffIds: string[],
  year: number,
  options: { leaveTypeIds?: readonly string[] | undefined; bookedAfter?: string | undefined } = {},
): Promise<BalanceFactRow[]> {
  if (staffIds.length === 0) return [];
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const none = sql<null>`null`;
  const columns = (
    kind: BalanceFactRow['kind'],
    staffId: SQL | typeof leaveRequests.staffId,
    leaveTypeId: SQL | typeof leaveRequests.leaveTypeId,
    parts: { status?: SQL; days?: SQL; booked?: SQL; entitled?: SQL; carried?: SQL; carriedExpiresOn?: SQL },
  ) => ({
    kind: sql<BalanceFactRow['kind']>`${kind}::text`.as('kind'),
    staffId: sql<string>`${staffId}`.as('staff_id'),
    leaveTypeId: sql<string>`${leaveTypeId}`.as('leave_type_id'),
    status: sql<number | null>`${parts.status ?? none}::smallint`.as('status'),
    days: sql<number | null>`${parts.days ?? none}::float8`.as('days'),
    booked: sql<number | null>`${parts.booked ?? none}::float8`.as('booked'),
    entitled: sql<number | null>`${parts.entitled ?? none}::float8`.as('entitled'),
    carried: sql<number | null>`${parts.carried ?? none}::float8`.as('carried'),
    carriedExpiresOn: sql<string | null>`${parts.carriedExpiresOn ?? none}::text`.as('carried_expires_on'),
  });
  const bookedFrom = options.bookedAfter === undefined ? undefined : addDays(options.bookedAfter, 1);
  const used = db
    .select(
      columns('used', leaveRequests.staffId, leaveRequests.leaveTypeId, {
        status: sql`${leaveRequests.status}`,
        days: sql`sum(${requestDaysBetween(first, last)})`,
        booked:
          bookedFrom === undefined || bookedFrom > last
            ? sql`0`
            : sql`sum(${requestDaysBetween(bookedFrom > first ? bookedFrom : first, last)})`,
      }),
    )
    .from(leaveRequests)
    .where(
      and(
        inArray(leaveRequests.staffId, staffIds),
        requestsReaching(first, last),
        inArray(leaveRequests.status, [...BALANCE_STATUSES]),
        options.leaveTypeIds === undefined ? undefined : inArray(leaveRequests.leaveTypeId, [...options.leaveTypeIds]),
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
        days: sql`coalesce(sum(${requestDaysBetween(first, leaveEntitlements.carriedExpiresOn)}), 0)`,
      }),
    )
    .from(leaveEntitlements)
    .leftJoin(
      leaveRequests,
      and(
        eq(leaveRequests.staffId, leaveEntitlements.staffId),
        eq(leaveRequests.leaveTypeId, leaveEntitlements.leaveTypeId),
        requestsReaching(first, last),
        lte(leaveRequests.startDate, leaveEntitlements.carriedExpiresOn),
        inArray(leaveRequests.status, [...BALANCE_STATUSES]),
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
    if (kind === 'used') {
      return {
        kind,
        staffId,
        leaveTypeId,
        status: Number(row.status),
        days: Number(row.days),
        booked: Number(row.booked ?? 0),
      };
    }
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
