import { and, asc, eq, gte, ilike, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client';
import { departments, staff } from '../../db/schema/organisation';
import { leaveDelegations, leaveIcalFeeds, staffMovements } from '../../db/schema/staff-movement';
import { containing } from '@staff-portal/shared/like-pattern';

export type MovementRow = typeof staffMovements.$inferSelect;
export type DelegationRow = typeof leaveDelegations.$inferSelect;
export type IcalFeedRow = typeof leaveIcalFeeds.$inferSelect;

export async function insertMovement(db: Queryable, row: typeof staffMovements.$inferInsert): Promise<MovementRow> {
  const [created] = await db.insert(staffMovements).values(row).returning();
  return created!;
}

export async function findMovement(db: Queryable, id: number): Promise<MovementRow | undefined> {
  const [row] = await db.select().from(staffMovements).where(eq(staffMovements.id, id)).limit(1);
  return row;
}

export async function deleteMovement(db: Queryable, id: number, staffId: string): Promise<boolean> {
  const rows = await db
    .delete(staffMovements)
    .where(and(eq(staffMovements.id, id), eq(staffMovements.staffId, staffId)))
    .returning({ id: staffMovements.id });
  return rows.length === 1;
}

export async function listDepartments(db: Queryable, codes?: string[]) {
  return db
    .select({ code: departments.code, name: departments.name })
    .from(departments)
    .where(codes === undefined ? undefined : inArray(departments.code, codes))
    .orderBy(asc(departments.code));
}

export async function departmentMembers(db: Queryable, departmentCode: string) {
  return db
    .select({ staffId: staff.staffId, staffName: staff.displayName, workingDaysMask: staff.workingDaysMask })
    .from(staff)
    .where(and(eq(staff.departmentCode, departmentCode), eq(staff.active, true)))
    .orderBy(asc(staff.displayName), asc(staff.staffId));
}

/**
 * Movements of a department's members that overlap [start, end): the overlap of their times,
 * which the GiST index on `tstzrange(starts_at, ends_at)` answers.
 */
export async function departmentMovements(db: Queryable, departmentCode: string, start: Date, end: Date) {
  return db
    .select({
      id: staffMovements.id,
      staffId: staffMovements.staffId,
      staffName: staff.displayName,
      kind: staffMovements.kind,
      startsAt: staffMovements.startsAt,
      endsAt: staffMovements.endsAt,
      purpose: staffMovements.purpose,
      createdAt: staffMovements.createdAt,
    })
    .from(staffMovements)
    .innerJoin(staff, eq(staff.staffId, staffMovements.staffId))
    .where(
      and(
        eq(staff.departmentCode, departmentCode),
        sql`tstzrange(${staffMovements.startsAt}, ${staffMovements.endsAt}) && tstzrange(${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(staffMovements.startsAt), asc(staffMovements.id));
}

const delegate = alias(staff, 'delegate');
const delegator = alias(staff, 'delegator');

const delegationView = {
  id: leaveDelegations.id,
  approverStaffId: leaveDelegations.approverStaffId,
  approverName: delegator.displayName,
  delegateStaffId: leaveDelegations.delegateStaffId,
  delegateName: delegate.displayName,
  fromDate: leaveDelegations.fromDate,
  toDate: leaveDelegations.toDate,
  createdAt: leaveDelegations.createdAt,
};

/** Delegations given by (`approver`) or to (`delegate`) a person that have not ended before `today`. */
export async function delegationsOf(db: Queryable, side: 'approver' | 'delegate', staffId: string, today: string) {
  const column = side === 'approver' ? leaveDelegations.approverStaffId : leaveDelegations.delegateStaffId;
  return db
    .select(delegationView)
    .from(leaveDelegations)
    .innerJoin(delegate, eq(delegate.staffId, leaveDelegations.delegateStaffId))
    .innerJoin(delegator, eq(delegator.staffId, leaveDelegations.approverStaffId))
    .where(and(eq(column, staffId), gte(leaveDelegations.toDate, today)))
    .orderBy(asc(leaveDelegations.fromDate), asc(leaveDelegations.id));
}

export async function findDelegation(db: Queryable, id: number) {
  const [row] = await db
    .select(delegationView)
    .from(leaveDelegations)
    .innerJoin(delegate, eq(delegate.staffId, leaveDelegations.delegateStaffId))
    .innerJoin(delegator, eq(delegator.staffId, leaveDelegations.approverStaffId))
    .where(eq(leaveDelegations.id, id))
    .limit(1);
  return row;
}

/** My delegations that share a day with [from, to]. */
export async function overlappingDelegations(db: Queryable, approverStaffId: string, from: string, to: string) {
  return db
    .select({ id: leaveDelegations.id, fromDate: leaveDelegations.fromDate, toDate: leaveDelegations.toDate })
    .from(leaveDelegations)
    .where(
      and(
        eq(leaveDelegations.approverStaffId, approverStaffId),
        lte(leaveDelegations.fromDate, to),
        gte(leaveDelegations.toDate, from),
      ),
    );
}

export async function insertDelegation(db: Queryable, row: typeof leaveDelegations.$inferInsert) {
  const [created] = await db.insert(leaveDelegations).values(row).returning({ id: leaveDelegations.id });
  return created!.id;
}

export async function deleteDelegation(db: Queryable, id: number, approverStaffId: string): Promise<boolean> {
  const rows = await db
    .delete(leaveDelegations)
    .where(and(eq(leaveDelegations.id, id), eq(leaveDelegations.approverStaffId, approverStaffId)))
    .returning({ id: leaveDelegations.id });
  return rows.length === 1;
}

/** Active staff by name or id, for the delegate picker. */
export async function delegateCandidates(
  db: Queryable,
  exceptStaffId: string,
  search: string | undefined,
  limit: number,
) {
  const text = search ? containing(search) : undefined;
  return db
    .select({ staffId: staff.staffId, staffName: staff.displayName, departmentCode: staff.departmentCode })
    .from(staff)
    .where(
      and(
        eq(staff.active, true),
        ne(staff.staffId, exceptStaffId),
        text === undefined ? undefined : or(ilike(staff.displayName, text), ilike(staff.staffId, text)),
      ),
    )
    .orderBy(asc(staff.displayName), asc(staff.staffId))
    .limit(limit);
}

export async function insertFeed(db: Queryable, row: typeof leaveIcalFeeds.$inferInsert): Promise<IcalFeedRow> {
  const [created] = await db.insert(leaveIcalFeeds).values(row).returning();
  return created!;
}

export async function feedsOf(db: Queryable, ownerSub: string): Promise<IcalFeedRow[]> {
  return db
    .select()
    .from(leaveIcalFeeds)
    .where(and(eq(leaveIcalFeeds.ownerSub, ownerSub), isNull(leaveIcalFeeds.revokedAt)))
    .orderBy(asc(leaveIcalFeeds.id));
}

export async function revokeFeed(db: Queryable, id: number, ownerSub: string): Promise<boolean> {
  const rows = await db
    .update(leaveIcalFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(leaveIcalFeeds.id, id), eq(leaveIcalFeeds.ownerSub, ownerSub), isNull(leaveIcalFeeds.revokedAt)))
    .returning({ id: leaveIcalFeeds.id });
  return rows.length === 1;
}

export async function activeFeedByToken(db: Queryable, token: string): Promise<IcalFeedRow | undefined> {
  const [row] = await db
    .select()
    .from(leaveIcalFeeds)
    .where(and(eq(leaveIcalFeeds.token, token), isNull(leaveIcalFeeds.revokedAt)))
    .limit(1);
  return row;
}

/** Revokes every live feed of one account (it was disabled or deleted): their URLs stop answering. */
export async function revokeAllFeedsOf(db: Queryable, ownerSub: string): Promise<number> {
  const revoked = await db
    .update(leaveIcalFeeds)
    .set({ revokedAt: new Date() })
    .where(and(eq(leaveIcalFeeds.ownerSub, ownerSub), isNull(leaveIcalFeeds.revokedAt)))
    .returning({ id: leaveIcalFeeds.id });
  return revoked.length;
}
