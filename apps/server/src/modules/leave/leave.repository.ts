import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeaveRequest, LeaveRequestEvent, StaffRecord } from '@staff-portal/shared/leave';
import type { Db, Transaction } from '../../db/client';
import { leaveAdjustments, leaveEntitlements, leaveRequestEvents, leaveRequests } from '../../db/schema/leave';
import { departments, leaveTypes, publicHolidays, staff } from '../../db/schema/organisation';

/** Queries run on the database or inside a transaction alike. */
export type Queryable = Db | Transaction;

export type StaffRow = typeof staff.$inferSelect;
export type LeaveTypeRow = typeof leaveTypes.$inferSelect;
export type LeaveRequestRow = Omit<typeof leaveRequests.$inferSelect, 'attachment'>;

const approver = alias(staff, 'approver');

const staffRecordView = {
  staffId: staff.staffId,
  displayName: staff.displayName,
  email: staff.email,
  departmentCode: staff.departmentCode,
  approverStaffId: staff.approverStaffId,
  approverName: approver.displayName,
  joinDate: staff.joinDate,
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

export async function listLeaveTypes(db: Queryable): Promise<LeaveTypeRow[]> {
  return db.select().from(leaveTypes).orderBy(asc(leaveTypes.sortOrder), asc(leaveTypes.id));
}

export async function findLeaveType(db: Queryable, id: string): Promise<LeaveTypeRow | undefined> {
  const [row] = await db.select().from(leaveTypes).where(eq(leaveTypes.id, id)).limit(1);
  return row;
}

export async function holidaysBetween(db: Queryable, from: string, to: string) {
  return db
    .select({ date: publicHolidays.date, region: publicHolidays.region, name: publicHolidays.name })
    .from(publicHolidays)
    .where(and(gte(publicHolidays.date, from), lte(publicHolidays.date, to)))
    .orderBy(asc(publicHolidays.date), asc(publicHolidays.region));
}

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

/** A person's requests that count against them and share a day with the range. */
export async function overlappingRequests(db: Queryable, staffId: string, startDate: string, endDate: string) {
  return db
    .select({
      referenceId: leaveRequests.referenceId,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      dayType: leaveRequests.dayType,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .where(
      and(
        eq(leaveRequests.staffId, staffId),
        inArray(leaveRequests.status, [0, 1, 4, 5]),
        lte(leaveRequests.startDate, endDate),
        gte(leaveRequests.endDate, startDate),
      ),
    );
}

export async function insertLeaveRequest(tx: Transaction, row: typeof leaveRequests.$inferInsert) {
  await tx.insert(leaveRequests).values(row);
}

export async function insertEvent(tx: Transaction, row: typeof leaveRequestEvents.$inferInsert) {
  await tx.insert(leaveRequestEvents).values(row);
}

/**
 * Moves a request from the status the caller saw to the next one. The `status = expected`
 * condition makes the update its own check: of two people deciding at once, the second finds
 * no row and is told so (PRODUCT.md §5).
 */
export async function transitionRequest(
  tx: Transaction,
  referenceId: string,
  expected: number,
  next: number,
  remarks: string | null,
): Promise<boolean> {
  const rows = await tx
    .update(leaveRequests)
    .set({ status: next, remarks, updatedAt: new Date() })
    .where(and(eq(leaveRequests.referenceId, referenceId), eq(leaveRequests.status, expected)))
    .returning({ referenceId: leaveRequests.referenceId });
  return rows.length === 1;
}

export async function findRequestRow(db: Queryable, referenceId: string): Promise<LeaveRequestRow | undefined> {
  const [row] = await db
    .select({
      referenceId: leaveRequests.referenceId,
      staffId: leaveRequests.staffId,
      leaveTypeId: leaveRequests.leaveTypeId,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      dayType: leaveRequests.dayType,
      days: leaveRequests.days,
      reason: leaveRequests.reason,
      status: leaveRequests.status,
      approverStaffId: leaveRequests.approverStaffId,
      remarks: leaveRequests.remarks,
      attachmentName: leaveRequests.attachmentName,
      attachmentMime: leaveRequests.attachmentMime,
      attachmentSize: leaveRequests.attachmentSize,
      createdAt: leaveRequests.createdAt,
      updatedAt: leaveRequests.updatedAt,
    })
    .from(leaveRequests)
    .where(eq(leaveRequests.referenceId, referenceId))
    .limit(1);
  return row;
}

export async function attachmentOf(db: Queryable, referenceId: string) {
  const [row] = await db
    .select({
      data: leaveRequests.attachment,
      name: leaveRequests.attachmentName,
      mime: leaveRequests.attachmentMime,
    })
    .from(leaveRequests)
    .where(eq(leaveRequests.referenceId, referenceId))
    .limit(1);
  return row;
}

/** The request as the API shows it: with names of the applicant, type and approver. */
const requestView = {
  referenceId: leaveRequests.referenceId,
  staffId: leaveRequests.staffId,
  staffName: staff.displayName,
  departmentCode: staff.departmentCode,
  leaveTypeId: leaveRequests.leaveTypeId,
  leaveTypeName: leaveTypes.name,
  startDate: leaveRequests.startDate,
  endDate: leaveRequests.endDate,
  dayType: leaveRequests.dayType,
  days: leaveRequests.days,
  reason: leaveRequests.reason,
  status: leaveRequests.status,
  approverStaffId: leaveRequests.approverStaffId,
  approverName: approver.displayName,
  remarks: leaveRequests.remarks,
  hasAttachment: sql<boolean>`(${leaveRequests.attachmentSize} is not null)`,
  createdAt: leaveRequests.createdAt,
  updatedAt: leaveRequests.updatedAt,
};

type RequestViewRow = Omit<LeaveRequest, 'createdAt' | 'updatedAt' | 'dayType'> & {
  dayType: number;
  createdAt: Date;
  updatedAt: Date;
};

function toLeaveRequest(row: RequestViewRow): LeaveRequest {
  return {
    ...row,
    dayType: row.dayType as LeaveRequest['dayType'],
    days: Number(row.days),
    hasAttachment: Boolean(row.hasAttachment),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

function requestsQuery(db: Queryable, where: SQL | undefined) {
  return db
    .select(requestView)
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.staffId, leaveRequests.staffId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .leftJoin(approver, eq(approver.staffId, leaveRequests.approverStaffId))
    .where(where);
}

export async function findRequestView(db: Queryable, referenceId: string): Promise<LeaveRequest | undefined> {
  const [row] = await requestsQuery(db, eq(leaveRequests.referenceId, referenceId)).limit(1);
  return row ? toLeaveRequest(row) : undefined;
}

export interface MyRequestsFilter {
  staffId: string;
  year?: number | undefined;
  from?: string | undefined;
  leaveTypeId?: string | undefined;
  status?: number | undefined;
  page: number;
  pageSize: number;
}

export async function myRequests(db: Queryable, filter: MyRequestsFilter) {
  const where = and(
    eq(leaveRequests.staffId, filter.staffId),
    filter.year === undefined ? undefined : gte(leaveRequests.startDate, `${filter.year}-01-01`),
    filter.year === undefined ? undefined : lte(leaveRequests.startDate, `${filter.year}-12-31`),
    filter.from === undefined ? undefined : gte(leaveRequests.startDate, filter.from),
    filter.leaveTypeId === undefined ? undefined : eq(leaveRequests.leaveTypeId, filter.leaveTypeId),
    filter.status === undefined ? undefined : eq(leaveRequests.status, filter.status),
  );
  const [rows, totals] = await Promise.all([
    requestsQuery(db, where)
      .orderBy(desc(leaveRequests.startDate), desc(leaveRequests.createdAt))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(leaveRequests).where(where),
  ]);
  return { items: rows.map(toLeaveRequest), total: totals[0]?.n ?? 0 };
}

/** Requests waiting for a decision (pending or pending cancellation), oldest first. */
export async function approvalQueue(
  db: Queryable,
  approverStaffId: string | null,
  limit: number,
  exceptStaffId: string | undefined,
) {
  const rows = await requestsQuery(
    db,
    and(
      inArray(leaveRequests.status, [0, 4, 5]),
      approverStaffId === null ? undefined : eq(leaveRequests.approverStaffId, approverStaffId),
      exceptStaffId === undefined ? undefined : ne(leaveRequests.staffId, exceptStaffId),
    ),
  )
    .orderBy(asc(leaveRequests.createdAt), asc(leaveRequests.referenceId))
    .limit(limit);
  return rows.map(toLeaveRequest);
}

/** How many requests wait for a decision by these approvers (null: anyone's), not counting one person's own. */
export async function waitingCount(
  db: Queryable,
  approverStaffIds: string[] | null,
  exceptStaffId: string | undefined,
) {
  const [row] = await db
    .select({ n: count() })
    .from(leaveRequests)
    .where(
      and(
        inArray(leaveRequests.status, [0, 4, 5]),
        approverStaffIds === null ? undefined : inArray(leaveRequests.approverStaffId, approverStaffIds),
        exceptStaffId === undefined ? undefined : ne(leaveRequests.staffId, exceptStaffId),
      ),
    );
  return row?.n ?? 0;
}

/** How many of one person's requests wait for a decision (pending or pending cancellation). */
export async function waitingOf(db: Queryable, staffId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(leaveRequests)
    .where(and(eq(leaveRequests.staffId, staffId), inArray(leaveRequests.status, [0, 4, 5])));
  return row?.n ?? 0;
}

/**
 * Requests sharing at least one day with [startDate, endDate]: the overlap of their date ranges,
 * which the GiST index on `daterange(start_date, end_date, '[]')` answers without reading the
 * requests that ended before or start after, however many years of them there are.
 */
export function overlapsDates(startDate: string, endDate: string): SQL {
  return sql`daterange(${leaveRequests.startDate}, ${leaveRequests.endDate}, '[]') && daterange(${startDate}::date, ${endDate}::date, '[]')`;
}

/**
 * Everyone of some departments away (pending, approved or pending cancellation) on any day of a
 * range: one query for a whole approval queue.
 */
export async function departmentAbsences(db: Queryable, departmentCodes: string[], startDate: string, endDate: string) {
  if (departmentCodes.length === 0) return [];
  return db
    .select({
      staffId: leaveRequests.staffId,
      staffName: staff.displayName,
      departmentCode: staff.departmentCode,
      startDate: leaveRequests.startDate,
      endDate: leaveRequests.endDate,
      status: leaveRequests.status,
    })
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.staffId, leaveRequests.staffId))
    .where(
      and(
        inArray(staff.departmentCode, departmentCodes),
        inArray(leaveRequests.status, [0, 1, 4, 5]),
        overlapsDates(startDate, endDate),
      ),
    )
    .orderBy(asc(leaveRequests.startDate), asc(staff.displayName));
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

export async function requestEvents(db: Queryable, referenceId: string): Promise<LeaveRequestEvent[]> {
  const rows = await db
    .select({
      fromStatus: leaveRequestEvents.fromStatus,
      toStatus: leaveRequestEvents.toStatus,
      actorName: leaveRequestEvents.actorName,
      remarks: leaveRequestEvents.remarks,
      at: leaveRequestEvents.at,
    })
    .from(leaveRequestEvents)
    .where(eq(leaveRequestEvents.referenceId, referenceId))
    .orderBy(asc(leaveRequestEvents.at), asc(leaveRequestEvents.id));
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

export interface StaffSearch {
  search?: string | undefined;
  department?: string | undefined;
  page: number;
  pageSize: number;
}

/** Staff records whose name, e-mail or id contains the search text, by name; paged. */
export async function searchStaff(db: Queryable, filter: StaffSearch) {
  const text = filter.search ? `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
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
      .orderBy(asc(staff.displayName), asc(staff.staffId))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(staff).where(where),
  ]);
  return { items: rows, total: totals[0]?.n ?? 0 };
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
  values: Pick<StaffRow, 'approverStaffId' | 'departmentCode' | 'joinDate' | 'gender' | 'workingDaysMask'>,
) {
  await tx.update(staff).set(values).where(eq(staff.staffId, staffId));
}
