import { and, asc, countDistinct, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Adjustment, CarryForwardRun, UtilisationRow } from '@staff-portal/shared/leave-admin';
import { qualified } from '../../db/qualified';
import type { Queryable, Transaction } from '../../db/client';
import { leaveAdjustments, leaveEntitlements, leaveRequests } from '../../db/schema/leave';
import { leaveCarryForwardRules, leaveCarryForwardRunItems, leaveCarryForwardRuns } from '../../db/schema/leave-admin';
import { departments, leaveTypes, publicHolidays, staff } from '../../db/schema/organisation';
import { requestDaysBetween, requestsReaching } from '../leave/leave.public';
import { BALANCE_STATUSES } from '@staff-portal/shared/leave-rules';

export type CarryForwardItem = typeof leaveCarryForwardRunItems.$inferInsert;

const adjuster = sql<string>`coalesce((select ${staff.displayName} from ${staff} where ${staff.identitySub} = ${leaveAdjustments.createdBy} limit 1), ${leaveAdjustments.createdBy})`;

/** A person's adjustments of a year, newest first, with the admin's name where they have a staff record. */
export async function adjustmentsOf(db: Queryable, staffId: string, year: number): Promise<Adjustment[]> {
  const rows = await db
    .select({
      id: leaveAdjustments.id,
      year: leaveAdjustments.year,
      leaveTypeId: leaveAdjustments.leaveTypeId,
      days: leaveAdjustments.days,
      reason: leaveAdjustments.reason,
      createdBy: adjuster,
      createdAt: leaveAdjustments.createdAt,
    })
    .from(leaveAdjustments)
    .where(and(eq(leaveAdjustments.staffId, staffId), eq(leaveAdjustments.year, year)))
    .orderBy(desc(leaveAdjustments.createdAt), desc(leaveAdjustments.id));
  return rows.map((r) => ({ ...r, days: Number(r.days), createdAt: new Date(r.createdAt).toISOString() }));
}

export async function insertAdjustment(tx: Transaction, row: typeof leaveAdjustments.$inferInsert) {
  await tx.insert(leaveAdjustments).values(row);
}

export async function entitlementRow(db: Queryable, staffId: string, year: number, leaveTypeId: string) {
  const [row] = await db
    .select()
    .from(leaveEntitlements)
    .where(
      and(
        eq(leaveEntitlements.staffId, staffId),
        eq(leaveEntitlements.year, year),
        eq(leaveEntitlements.leaveTypeId, leaveTypeId),
      ),
    )
    .limit(1);
  return row;
}

/** Creates or updates one entitlement row; fields left undefined keep their stored value. */
export async function upsertEntitlement(
  tx: Transaction,
  key: { staffId: string; year: number; leaveTypeId: string },
  values: { entitled?: number | null; carried?: number; carriedExpiresOn?: string | null },
) {
  const set = { ...values, updatedAt: new Date() };
  await tx
    .insert(leaveEntitlements)
    .values({ ...key, ...set })
    .onConflictDoUpdate({
      target: [leaveEntitlements.staffId, leaveEntitlements.year, leaveEntitlements.leaveTypeId],
      set,
    });
}

export async function deleteEntitlement(tx: Transaction, key: { staffId: string; year: number; leaveTypeId: string }) {
  await tx
    .delete(leaveEntitlements)
    .where(
      and(
        eq(leaveEntitlements.staffId, key.staffId),
        eq(leaveEntitlements.year, key.year),
        eq(leaveEntitlements.leaveTypeId, key.leaveTypeId),
      ),
    );
}

export async function carryForwardRules(db: Queryable) {
  return db.select().from(leaveCarryForwardRules);
}

export async function updateLeaveType(
  tx: Transaction,
  id: string,
  values: Omit<typeof leaveTypes.$inferInsert, 'id' | 'sortOrder'>,
  rule: { cap: number | null; expiry: string | null },
) {
  await tx.update(leaveTypes).set(values).where(eq(leaveTypes.id, id));
  await tx
    .insert(leaveCarryForwardRules)
    .values({ leaveTypeId: id, ...rule })
    .onConflictDoUpdate({ target: leaveCarryForwardRules.leaveTypeId, set: rule });
}

export async function findHoliday(db: Queryable, date: string, region: string) {
  const [row] = await db
    .select()
    .from(publicHolidays)
    .where(and(eq(publicHolidays.date, date), eq(publicHolidays.region, region)))
    .limit(1);
  return row;
}

/** Writes holidays, replacing the name of those already there, so an import can run again. */
export async function upsertHolidays(tx: Transaction, rows: { date: string; region: string; name: string }[]) {
  if (rows.length === 0) return;
  await tx
    .insert(publicHolidays)
    .values(rows)
    .onConflictDoUpdate({ target: [publicHolidays.date, publicHolidays.region], set: { name: sql`excluded.name` } });
}

export async function insertHoliday(tx: Transaction, row: { date: string; region: string; name: string }) {
  await tx.insert(publicHolidays).values(row);
}

export async function deleteHoliday(tx: Transaction, date: string, region: string): Promise<boolean> {
  const rows = await tx
    .delete(publicHolidays)
    .where(and(eq(publicHolidays.date, date), eq(publicHolidays.region, region)))
    .returning({ date: publicHolidays.date });
  return rows.length === 1;
}

/** Serialises edits of the leave types, so rules that relate two types are checked against what is there. */
export async function lockLeaveTypes(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(770018)`);
}

/** Serialises carry-forward runs: one at a time across the whole organisation. */
export async function lockCarryForward(tx: Transaction) {
  await tx.execute(sql`select pg_advisory_xact_lock(770017)`);
}

export async function activeRunFor(db: Queryable, fromYear: number) {
  const [row] = await db
    .select()
    .from(leaveCarryForwardRuns)
    .where(and(eq(leaveCarryForwardRuns.fromYear, fromYear), isNull(leaveCarryForwardRuns.reversedAt)))
    .limit(1);
  return row;
}

export async function insertRun(tx: Transaction, fromYear: number, appliedBy: string): Promise<number> {
  const [row] = await tx
    .insert(leaveCarryForwardRuns)
    .values({ fromYear, appliedBy })
    .returning({ id: leaveCarryForwardRuns.id });
  return row!.id;
}

export async function insertRunItems(tx: Transaction, items: CarryForwardItem[]) {
  // In slices, to stay far below the 65,535 bind parameters of one statement.
  for (let index = 0; index < items.length; index += 1000) {
    await tx.insert(leaveCarryForwardRunItems).values(items.slice(index, index + 1000));
  }
}

export async function findRunForUpdate(tx: Transaction, id: number) {
  const [row] = await tx.select().from(leaveCarryForwardRuns).where(eq(leaveCarryForwardRuns.id, id)).for('update');
  return row;
}

export async function runItems(db: Queryable, runId: number) {
  return db.select().from(leaveCarryForwardRunItems).where(eq(leaveCarryForwardRunItems.runId, runId));
}

export async function markReversed(tx: Transaction, id: number, by: string) {
  await tx
    .update(leaveCarryForwardRuns)
    .set({ reversedBy: by, reversedAt: new Date() })
    .where(eq(leaveCarryForwardRuns.id, id));
}

/** The outer run's id inside the item subqueries. */
const outerRunId = qualified(leaveCarryForwardRuns, leaveCarryForwardRuns.id);

export async function listRuns(db: Queryable): Promise<CarryForwardRun[]> {
  const rows = await db
    .select({
      id: leaveCarryForwardRuns.id,
      fromYear: leaveCarryForwardRuns.fromYear,
      rows: sql<number>`(select count(*)::int from ${leaveCarryForwardRunItems} where ${leaveCarryForwardRunItems.runId} = ${outerRunId})`,
      days: sql<string>`(select coalesce(sum(${leaveCarryForwardRunItems.carried}), 0) from ${leaveCarryForwardRunItems} where ${leaveCarryForwardRunItems.runId} = ${outerRunId})`,
      appliedBy: leaveCarryForwardRuns.appliedBy,
      appliedAt: leaveCarryForwardRuns.appliedAt,
      reversedBy: leaveCarryForwardRuns.reversedBy,
      reversedAt: leaveCarryForwardRuns.reversedAt,
    })
    .from(leaveCarryForwardRuns)
    .orderBy(desc(leaveCarryForwardRuns.id))
    .limit(50);
  return rows.map((r) => ({
    ...r,
    rows: Number(r.rows),
    days: Number(r.days),
    appliedAt: new Date(r.appliedAt).toISOString(),
    reversedAt: r.reversedAt === null ? null : new Date(r.reversedAt).toISOString(),
  }));
}

/**
 * Days of requests that fall in a year, by department and type (a request over New Year counts
 * in each year its days fall in): approved as taken; pending and pending cancellation as
 * pending; and how many people those are.
 */
export async function utilisation(db: Queryable, year: number): Promise<UtilisationRow[]> {
  const first = `${year}-01-01`;
  const last = `${year}-12-31`;
  const inYear = requestDaysBetween(first, last);
  const rows = await db
    .select({
      departmentCode: staff.departmentCode,
      departmentName: departments.name,
      leaveTypeId: leaveRequests.leaveTypeId,
      leaveTypeName: leaveTypes.name,
      staffCount: countDistinct(leaveRequests.staffId),
      daysTaken: sql<string>`coalesce(sum(${inYear}) filter (where ${leaveRequests.status} = 1), 0)`,
      daysPending: sql<string>`coalesce(sum(${inYear}) filter (where ${leaveRequests.status} <> 1), 0)`,
    })
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.staffId, leaveRequests.staffId))
    .innerJoin(departments, eq(departments.code, staff.departmentCode))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .where(and(requestsReaching(first, last), inArray(leaveRequests.status, [...BALANCE_STATUSES]), sql`${inYear} > 0`))
    .groupBy(staff.departmentCode, departments.name, leaveRequests.leaveTypeId, leaveTypes.name, leaveTypes.sortOrder)
    .orderBy(asc(staff.departmentCode), asc(leaveTypes.sortOrder), asc(leaveRequests.leaveTypeId));
  return rows.map((r) => ({
    ...r,
    staffCount: Number(r.staffCount),
    daysTaken: Number(r.daysTaken),
    daysPending: Number(r.daysPending),
  }));
}
