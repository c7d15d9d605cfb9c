import { and, eq, gte, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { leaveDelegations } from '../../db/schema/staff-movement';

/**
 * Whether `staffId` may decide, today, the requests whose approver is `approverStaffId`: they
 * are that approver, or the approver has named them acting approver for a range of dates that
 * includes today (docs/product/leave.md). `today` is judged in the organisation's time zone by the caller.
 */
export async function mayDecideForApprover(
  db: Queryable,
  staffId: string,
  approverStaffId: string | null,
  today: string,
): Promise<boolean> {
  if (approverStaffId === null) return false;
  if (staffId === approverStaffId) return true;
  const [row] = await db
    .select({ id: leaveDelegations.id })
    .from(leaveDelegations)
    .where(
      and(
        eq(leaveDelegations.approverStaffId, approverStaffId),
        eq(leaveDelegations.delegateStaffId, staffId),
        lte(leaveDelegations.fromDate, today),
        gte(leaveDelegations.toDate, today),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The approvers `staffId` acts for today. */
export async function approversActedForBy(db: Queryable, staffId: string, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ approverStaffId: leaveDelegations.approverStaffId })
    .from(leaveDelegations)
    .where(
      and(
        eq(leaveDelegations.delegateStaffId, staffId),
        lte(leaveDelegations.fromDate, today),
        gte(leaveDelegations.toDate, today),
      ),
    );
  return rows.map((r) => r.approverStaffId);
}

/** Who decides for `approverStaffId` today: their active delegate, else the approver. */
export async function actingApproverOf(db: Queryable, approverStaffId: string, today: string): Promise<string> {
  const [row] = await db
    .select({ delegateStaffId: leaveDelegations.delegateStaffId })
    .from(leaveDelegations)
    .where(
      and(
        eq(leaveDelegations.approverStaffId, approverStaffId),
        lte(leaveDelegations.fromDate, today),
        gte(leaveDelegations.toDate, today),
      ),
    )
    .limit(1);
  return row?.delegateStaffId ?? approverStaffId;
}
