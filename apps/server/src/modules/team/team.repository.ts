import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { departments, staff } from '../../db/schema/organisation';
import { staffMovements } from '../../db/schema/staff-movement';
import { activeStaffOfAccounts, hasNoAccounts, type AccountScope } from '../leave/leave.public';

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
  if (hasNoAccounts(scope)) return 0;
  const [row] = await db.select({ n: count() }).from(staff).where(activeStaffOfAccounts(scope));
  return row?.n ?? 0;
}

/**
 * Movements of the accounts' active staff records whose times overlap [start, end), through the GiST index
 * on their time ranges. At most `limit` rows, by start and name.
 */
export async function teamMovements(db: Queryable, scope: AccountScope, start: Date, end: Date, limit: number) {
  if (hasNoAccounts(scope)) return [];
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
        activeStaffOfAccounts(scope),
        sql`tstzrange(${staffMovements.startsAt}, ${staffMovements.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(staffMovements.startsAt), asc(staff.displayName), asc(staffMovements.id))
    .limit(limit);
}
