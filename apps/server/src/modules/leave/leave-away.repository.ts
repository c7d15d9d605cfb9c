import { and, asc, eq, gte, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leaveRequests } from '../../db/schema/leave';
import { leaveTypes, staff } from '../../db/schema/organisation';
import { BALANCE_STATUSES } from '@staff-portal/shared/leave-rules';
import { overlapsDates } from './leave.repository';

/**
 * Statuses that mean someone is (or may be) away: those whose days count against the balance
 * (pending, approved, pending cancellation).
 */
export const AWAY_STATUSES: number[] = [...BALANCE_STATUSES];

/**
 * Whose staff records a query covers: the records linked to these identity accounts (`sub`), and
 * the records not linked yet whose e-mail is one of theirs (in any case), as the leave module links
 * them on first use (staff-records.service.ts, `ofCaller`). No accounts, no records: the queries
 * answer without asking the database.
 */
export interface AccountScope {
  subs: readonly string[];
  /** Lower case. */
  emails: readonly string[];
}

/** Whether the scope names no account, and so no staff record. */
export const hasNoAccounts = (scope: AccountScope) => scope.subs.length === 0 && scope.emails.length === 0;

/** The accounts' active staff records, as a condition on `staff`; never call it with an empty scope. */
export const activeStaffOfAccounts = (scope: AccountScope): SQL =>
  and(
    eq(staff.active, true),
    or(
      scope.subs.length === 0 ? undefined : inArray(staff.identitySub, [...scope.subs]),
      scope.emails.length === 0
        ? undefined
        : and(isNull(staff.identitySub), inArray(sql`lower(${staff.email})`, [...scope.emails])),
    ),
  )!;

/** Whose leave: a department's staff records (active or not), one staff record, or the accounts' active ones. */
export type AwayStaff = { departmentCode: string } | { staffId: string } | { accounts: AccountScope };

/** Which requests, by their dates. */
export type AwayDates =
  /** Those sharing a day with [from, to]: the overlap of date ranges, which their GiST index answers. */
  | { sharing: { from: string; to: string } }
  /** Those starting in [from, to]: for one person, through their requests by start date. */
  | { starting: { from: string; to: string } }
  /**
   * Those counted on at least one of these dates, ascending: a day in their `leave_dates`, so
   * weekends and holidays inside a request are not days away. The overlap of the first and last
   * dates' range narrows them first, through the GiST index. No dates, no requests.
   */
  | { countedOn: readonly string[] };

export interface AwayOptions {
  /** After the first day: by reference (the default), or by name, then reference. */
  thenBy?: 'reference' | 'name';
  /** At most this many rows. */
  limit?: number;
}

/** A request that keeps someone away, with what every "who is away" view needs of it and its person. */
export interface AwayLeaveRow {
  staffId: string;
  staffName: string;
  identitySub: string | null;
  email: string;
  referenceId: string;
  leaveTypeId: string;
  leaveTypeName: string;
  status: number;
  dayType: number;
  startDate: string;
  endDate: string;
  leaveDates: string[];
}

function staffCondition(who: AwayStaff): SQL {
  if ('departmentCode' in who) return eq(staff.departmentCode, who.departmentCode);
  if ('staffId' in who) return eq(leaveRequests.staffId, who.staffId);
  return activeStaffOfAccounts(who.accounts);
}

function datesCondition(dates: AwayDates): SQL {
  if ('sharing' in dates) return overlapsDates(dates.sharing.from, dates.sharing.to);
  if ('starting' in dates) {
    return and(gte(leaveRequests.startDate, dates.starting.from), lte(leaveRequests.startDate, dates.starting.to))!;
  }
  const days = sql.join(
    dates.countedOn.map((date) => sql`${date}::date`),
    sql`, `,
  );
  return and(
    overlapsDates(dates.countedOn[0]!, dates.countedOn.at(-1)!),
    sql`${leaveRequests.leaveDates} && array[${days}]`,
  )!;
}

/**
 * Who is away: the requests of `who` in an away status (AWAY_STATUSES) on `dates`, by first day,
 * then reference or name. The one query of the staff movement calendar and its feeds
 * (docs/product/screens.md §7) and of the team space's week (docs/product/screens.md §16).
 */
export async function awayLeave(
  db: Queryable,
  who: AwayStaff,
  dates: AwayDates,
  { thenBy = 'reference', limit }: AwayOptions = {},
): Promise<AwayLeaveRow[]> {
  if ('accounts' in who && hasNoAccounts(who.accounts)) return [];
  if ('countedOn' in dates && dates.countedOn.length === 0) return [];
  const query = db
    .select({
      staffId: leaveRequests.staffId,
      staffName: staff.displayName,
      identitySub: staff.identitySub,
      email: staff.email,
      referenceId: leaveRequests.referenceId,
      leaveTypeId: leaveRequests.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      status: leaveRequests.status,
      dayType: leaveRequests.dayType,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      leaveDates: leaveRequests.leaveDates,
    })
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.staffId, leaveRequests.staffId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(and(staffCondition(who), inArray(leaveRequests.status, AWAY_STATUSES), datesCondition(dates)))
    .orderBy(
      ...(thenBy === 'name'
        ? [asc(leaveRequests.startDate), asc(staff.displayName), asc(leaveRequests.referenceId)]
        : [asc(leaveRequests.startDate), asc(leaveRequests.referenceId)]),
    )
    .$dynamic();
  return limit === undefined ? query : query.limit(limit);
}
