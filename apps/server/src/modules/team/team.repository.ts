import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leaveRequests } from '../../db/schema/leave';
import { departments, leaveTypes, staff } from '../../db/schema/organisation';
import { staffMovements } from '../../db/schema/staff-movement';
import { overlapsDates } from '../leave/leave.repository';
import { AWAY_STATUSES } from '../staff-movement/staff-movement.repository';

/**
 * Which departments a query covers: some, by code, or every one (`undefined`, ADMIN's view).
 * An empty list covers none, and the queries below answer it without asking the database.
 */
export type DepartmentScope = readonly string[] | undefined;

const inScope = (scope: DepartmentScope): SQL | undefined =>
  scope === undefined ? undefined : inArray(staff.departmentCode, [...scope]);

/** Departments by code, or every one; by code. */
export async function departmentsOf(db: Queryable, codes?: readonly string[]) {
  if (codes !== undefined && codes.length === 0) return [];
  return db
    .select({ code: departments.code, name: departments.name })
    .from(departments)
    .where(codes === undefined ? undefined : inArray(departments.code, [...codes]))
    .orderBy(asc(departments.code));
}

/** `%text%` for ILIKE, its own `%`, `_` and `\` taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The active staff of the scope whose name or e-mail contains the text (any case), by name; one
 * page of them and how many there are in all.
 */
export async function searchTeam(
  db: Queryable,
  filter: { scope: DepartmentScope; search: string | undefined; page: number; pageSize: number },
) {
  if (filter.scope !== undefined && filter.scope.length === 0) return { items: [], total: 0 };
  const text = filter.search ? containing(filter.search) : undefined;
  const where = and(
    eq(staff.active, true),
    inScope(filter.scope),
    text === undefined ? undefined : sql`(${staff.displayName} ilike ${text} or ${staff.email} ilike ${text})`,
  );
  const [items, totals] = await Promise.all([
    db
      .select({
        staffId: staff.staffId,
        name: staff.displayName,
        email: staff.email,
        departmentCode: staff.departmentCode,
        departmentName: departments.name,
      })
      .from(staff)
      .innerJoin(departments, eq(departments.code, staff.departmentCode))
      .where(where)
      .orderBy(asc(staff.displayName), asc(staff.staffId))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return { items, total: totals[0]?.n ?? 0 };
}

/**
 * Leave of the scope's active staff that keeps them away (pending, approved, pending
 * cancellation) on at least one of `dates`: a day the request counted (its `leave_dates`), so
 * weekends and holidays inside a request are not days away. The date ranges' overlap narrows it
 * first, through their GiST index. At most `limit` rows, by first day and name.
 */
export async function teamLeave(db: Queryable, scope: DepartmentScope, dates: readonly string[], limit: number) {
  if ((scope !== undefined && scope.length === 0) || dates.length === 0) return [];
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
      departmentCode: staff.departmentCode,
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
        inScope(scope),
        inArray(leaveRequests.status, AWAY_STATUSES),
        overlapsDates(first, last),
        sql`${leaveRequests.leaveDates} && array[${days}]`,
      ),
    )
    .orderBy(asc(leaveRequests.startDate), asc(staff.displayName), asc(leaveRequests.referenceId))
    .limit(limit);
}

/**
 * Movements of the scope's active staff whose times overlap [start, end), through the GiST index
 * on their time ranges. At most `limit` rows, by start and name.
 */
export async function teamMovements(db: Queryable, scope: DepartmentScope, start: Date, end: Date, limit: number) {
  if (scope !== undefined && scope.length === 0) return [];
  return db
    .select({
      id: staffMovements.id,
      staffId: staffMovements.staffId,
      staffName: staff.displayName,
      departmentCode: staff.departmentCode,
      kind: staffMovements.kind,
      startsAt: staffMovements.startsAt,
      endsAt: staffMovements.endsAt,
    })
    .from(staffMovements)
    .innerJoin(staff, eq(staff.staffId, staffMovements.staffId))
    .where(
      and(
        eq(staff.active, true),
        inScope(scope),
        sql`tstzrange(${staffMovements.startsAt}, ${staffMovements.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(staffMovements.startsAt), asc(staff.displayName), asc(staffMovements.id))
    .limit(limit);
}
