import { and, asc, count, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leaveRequests } from '../../db/schema/leave';
import { departments, leaveTypes, staff } from '../../db/schema/organisation';
import { staffMovements } from '../../db/schema/staff-movement';
import { overlapsDates } from '../leave/leave.repository';
import { AWAY_STATUSES } from '../staff-movement/staff-movement.repository';

/**
 * Whose staff records a query covers: the records linked to these identity accounts (`sub`), and
 * the records not linked yet whose e-mail is one of theirs (in any case), as the leave module links
 * them on first use (staff-records.service.ts, `ofCaller`). No accounts, no records, and the
 * queries below answer without asking the database.
 */
export interface AccountScope {
  subs: readonly string[];
  /** Lower case. */
  emails: readonly string[];
}

const isEmpty = (scope: AccountScope) => scope.subs.length === 0 && scope.emails.length === 0;

const ofAccounts = (scope: AccountScope): SQL =>
  or(
    scope.subs.length === 0 ? undefined : inArray(staff.identitySub, [...scope.subs]),
    scope.emails.length === 0
      ? undefined
      : and(isNull(staff.identitySub), inArray(sql`lower(${staff.email})`, [...scope.emails])),
  )!;

/** Departments by code, or every one; by code. */
export async function departmentsOf(db: Queryable, codes?: readonly string[]) {
  if (codes !== undefined && codes.length === 0) return [];
  return db
    .select({ code: departments.code, name: departments.name })
    .from(departments)
    .where(codes === undefined ? undefined : inArray(departments.code, [...codes]))
    .orderBy(asc(departments.code));
}

/** How many active staff records the accounts have: the people whose leave is known. */
export async function staffRecordCount(db: Queryable, scope: AccountScope): Promise<number> {
  if (isEmpty(scope)) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.active, true), ofAccounts(scope)));
  return row?.n ?? 0;
}

/**
 * Leave of the accounts' active staff records that keeps them away (pending, approved, pending
 * cancellation) on at least one of `dates`: a day the request counted (its `leave_dates`), so
 * weekends and holidays inside a request are not days away. The date ranges' overlap narrows it
 * first, through their GiST index. At most `limit` rows, by first day and name.
 */
export async function teamLeave(db: Queryable, scope: AccountScope, dates: readonly string[], limit: number) {
  if (isEmpty(scope) || dates.length === 0) return [];
  const first = dates[0]!;
  const last = dates.at(-1)!;
  const days = sql.join(
    dates.map((date) => sql`${date}::date`),
    sql`, `,
  );
  return db
    .select({
      staffId: leaveRequests.staffId,
      staffName: staff.displayName,
      identitySub: staff.identitySub,
      email: staff.email,
      referenceId: leaveRequests.referenceId,
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
    .where(
      and(
        eq(staff.active, true),
        ofAccounts(scope),
        inArray(leaveRequests.status, AWAY_STATUSES),
        overlapsDates(first, last),
        sql`${leaveRequests.leaveDates} && array[${days}]`,
      ),
    )
    .orderBy(asc(leaveRequests.startDate), asc(staff.displayName), asc(leaveRequests.referenceId))
    .limit(limit);
}

/**
 * Movements of the accounts' active staff records whose times overlap [start, end), through the GiST index
 * on their time ranges. At most `limit` rows, by start and name.
 */
export async function teamMovements(db: Queryable, scope: AccountScope, start: Date, end: Date, limit: number) {
  if (isEmpty(scope)) return [];
  return db
    .select({
      id: staffMovements.id,
      staffId: staffMovements.staffId,
      staffName: staff.displayName,
      identitySub: staff.identitySub,
      email: staff.email,
      kind: staffMovements.kind,
      startsAt: staffMovements.startsAt,
      endsAt: staffMovements.endsAt,
    })
    .from(staffMovements)
    .innerJoin(staff, eq(staff.staffId, staffMovements.staffId))
    .where(
      and(
        eq(staff.active, true),
        ofAccounts(scope),
        sql`tstzrange(${staffMovements.startsAt}, ${staffMovements.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(staffMovements.startsAt), asc(staff.displayName), asc(staffMovements.id))
    .limit(limit);
}
