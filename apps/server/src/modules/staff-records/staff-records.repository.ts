import { and, asc, count, desc, eq, inArray, isNull, max, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { StaffRecord, StaffSort } from '@staff-portal/shared/leave';
import type { Queryable, Transaction } from '../../db/client';
import { departments, staff } from '../../db/schema/organisation';
import { containing } from '@staff-portal/shared/like-pattern';

export type StaffRow = typeof staff.$inferSelect;

const approver = alias(staff, 'approver');

const staffRecordView = {
  staffId: staff.staffId,
  displayName: staff.displayName,
  email: staff.email,
  departmentCode: staff.departmentCode,
  approverStaffId: staff.approverStaffId,
  approverName: approver.displayName,
  joinDate: staff.joinDate,
  leavingDate: staff.leavingDate,
  gender: staff.gender,
  workingDaysMask: staff.workingDaysMask,
  active: staff.active,
};

export async function findStaffBySub(db: Queryable, sub: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.identitySub, sub)).limit(1);
  return row;
}

/** Links the not-yet-linked staff record with this e-mail to the identity user; undefined when none. */
export async function linkStaffByEmail(db: Queryable, email: string, sub: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .update(staff)
    .set({ identitySub: sub })
    .where(and(sql`lower(${staff.email}) = lower(${email})`, isNull(staff.identitySub)))
    .returning();
  return row;
}

export async function findStaff(db: Queryable, staffId: string): Promise<StaffRow | undefined> {
  const [row] = await db.select().from(staff).where(eq(staff.staffId, staffId)).limit(1);
  return row;
}

/** Staff records by id, for many people in one query. */
export async function findStaffByIds(db: Queryable, staffIds: string[]): Promise<Map<string, StaffRow>> {
  if (staffIds.length === 0) return new Map();
  const rows = await db.select().from(staff).where(inArray(staff.staffId, staffIds));
  return new Map(rows.map((row) => [row.staffId, row]));
}

/** Takes the staff row's lock, so one person's submissions are checked and written one at a time. */
export async function lockStaff(tx: Transaction, staffId: string): Promise<void> {
  await tx.execute(sql`select 1 from ${staff} where ${staff.staffId} = ${staffId} for update`);
}

export async function staffRecord(db: Queryable, staffId: string): Promise<StaffRecord | undefined> {
  const [row] = await db
    .select(staffRecordView)
    .from(staff)
    .leftJoin(approver, eq(approver.staffId, staff.approverStaffId))
    .where(eq(staff.staffId, staffId))
    .limit(1);
  return row;
}

export interface StaffSearch {
  search?: string | undefined;
  department?: string | undefined;
  sort: StaffSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/**
 * The order of a sort, then its ties: a department's people by name, and a staff id last so that
 * pages never share or skip a row. Names and e-mail addresses sort regardless of case, letter by
 * letter ("C"), the same on PGlite and PostgreSQL whatever the database's collation.
 */
function staffOrder(sort: StaffSort, order: 'asc' | 'desc') {
  const direction = order === 'desc' ? desc : asc;
  const name = sql`lower(${staff.displayName}) collate "C"`;
  switch (sort) {
    case 'name':
      return [direction(name), direction(staff.staffId)];
    case 'email':
      return [direction(sql`lower(${staff.email}) collate "C"`), direction(staff.staffId)];
    case 'department':
      return [direction(staff.departmentCode), asc(name), asc(staff.staffId)];
    case 'staffId':
      return [direction(staff.staffId)];
  }
}

/** Staff records whose name, e-mail or id contains the search text, sorted; paged. */
export async function searchStaff(db: Queryable, filter: StaffSearch) {
  const text = filter.search ? containing(filter.search) : undefined;
  const where = and(
    text === undefined
      ? undefined
      : sql`(${staff.displayName} ilike ${text} or ${staff.email} ilike ${text} or ${staff.staffId} ilike ${text})`,
    filter.department === undefined ? undefined : eq(staff.departmentCode, filter.department),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(staffRecordView)
      .from(staff)
      .leftJoin(approver, eq(approver.staffId, staff.approverStaffId))
      .where(where)
      .orderBy(...staffOrder(filter.sort, filter.order))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return { items: rows, total: totals[0]?.n ?? 0 };
}

/** The staff record with this e-mail, in any case (e-mail addresses are compared that way everywhere). */
export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | undefined> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email})`)
    .limit(1);
  return row;
}

/** Of these identity accounts, the subs and e-mails (lower case) that a staff record already has. */
export async function staffOfAccounts(db: Queryable, accounts: { sub: string; email: string }[]) {
  if (accounts.length === 0) return { subs: new Set<string>(), emails: new Set<string>() };
  const rows = await db
    .select({ sub: staff.identitySub, email: sql<string>`lower(${staff.email})` })
    .from(staff)
    .where(
      or(
        inArray(
          staff.identitySub,
          accounts.map((a) => a.sub),
        ),
        inArray(
          sql`lower(${staff.email})`,
          accounts.map((a) => a.email.toLowerCase()),
        ),
      ),
    );
  return {
    subs: new Set(rows.flatMap((r) => (r.sub === null ? [] : [r.sub]))),
    emails: new Set(rows.map((r) => r.email)),
  };
}

/** The staff id after the highest one given so far (ids are fixed-width, so text order is number order). */
export async function nextStaffId(db: Queryable): Promise<string> {
  const [row] = await db.select({ highest: max(staff.staffId) }).from(staff);
  const highest = row?.highest ? Number(row.highest.slice('LVUSR'.length)) : 0;
  if (highest >= 9_999_999_999) throw new Error('Every staff id (LVUSR + 10 digits) is taken.');
  return `LVUSR${String(highest + 1).padStart(10, '0')}`;
}

/**
 * Inserts a staff record unless one with its id, e-mail or identity link exists (or is being
 * inserted by a transaction that then commits): answers whether it was inserted.
 */
export async function insertStaff(tx: Transaction, values: typeof staff.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(staff).values(values).onConflictDoNothing().returning({ staffId: staff.staffId });
  return rows.length > 0;
}

export async function listDepartments(db: Queryable) {
  return db.select({ code: departments.code, name: departments.name }).from(departments).orderBy(asc(departments.code));
}

export async function departmentExists(db: Queryable, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: departments.code })
    .from(departments)
    .where(eq(departments.code, code))
    .limit(1);
  return row !== undefined;
}

export async function updateStaff(
  tx: Transaction,
  staffId: string,
  values: Pick<
    StaffRow,
    'approverStaffId' | 'departmentCode' | 'joinDate' | 'leavingDate' | 'gender' | 'workingDaysMask'
  >,
) {
  await tx.update(staff).set(values).where(eq(staff.staffId, staffId));
}

/** Active staff per department, for the departments asked. */
export async function departmentSizes(db: Queryable, departmentCodes: string[]): Promise<Map<string, number>> {
  if (departmentCodes.length === 0) return new Map();
  const rows = await db
    .select({ departmentCode: staff.departmentCode, n: count() })
    .from(staff)
    .where(and(inArray(staff.departmentCode, departmentCodes), eq(staff.active, true)))
    .groupBy(staff.departmentCode);
  return new Map(rows.map((row) => [row.departmentCode, row.n]));
}

export async function identitySubOf(db: Queryable, staffId: string): Promise<string | null> {
  const [row] = await db.select({ sub: staff.identitySub }).from(staff).where(eq(staff.staffId, staffId)).limit(1);
  return row?.sub ?? null;
}

/** Active staff, by id, for the year-end run. */
export async function activeStaff(db: Queryable) {
  return db.select().from(staff).where(eq(staff.active, true)).orderBy(asc(staff.staffId));
}

/** The staff record linked to this identity `sub`, as the record view (with its approver's name). */
export async function staffRecordOfSub(db: Queryable, sub: string): Promise<StaffRecord | undefined> {
  const [row] = await db
    .select(staffRecordView)
    .from(staff)
    .leftJoin(approver, eq(approver.staffId, staff.approverStaffId))
    .where(eq(staff.identitySub, sub))
    .limit(1);
  return row;
}

/** The staff record with this e-mail (in any case) and no identity link yet, as the record view. */
export async function unlinkedStaffRecordByEmail(db: Queryable, email: string): Promise<StaffRecord | undefined> {
  const [row] = await db
    .select(staffRecordView)
    .from(staff)
    .leftJoin(approver, eq(approver.staffId, staff.approverStaffId))
    .where(and(sql`lower(${staff.email}) = lower(${email})`, isNull(staff.identitySub)))
    .limit(1);
  return row;
}

/**
 * Links this staff record to the identity user, only while it has no link: answers whether it
 * did. (The unique `identity_sub` refuses a second record for the same user.)
 */
export async function linkStaffToSub(tx: Transaction, staffId: string, sub: string): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set({ identitySub: sub })
    .where(and(eq(staff.staffId, staffId), isNull(staff.identitySub)))
    .returning({ staffId: staff.staffId });
  return rows.length > 0;
}

/**
 * Takes this staff record's link to the identity user away (and gives it a new e-mail, when
 * one is given): answers whether it was linked to that user. Its other data stay.
 */
export async function unlinkStaffFromSub(
  tx: Transaction,
  staffId: string,
  sub: string,
  email: string | undefined,
): Promise<boolean> {
  const rows = await tx
    .update(staff)
    .set(email === undefined ? { identitySub: null } : { identitySub: null, email })
    .where(and(eq(staff.staffId, staffId), eq(staff.identitySub, sub)))
    .returning({ staffId: staff.staffId });
  return rows.length > 0;
}
