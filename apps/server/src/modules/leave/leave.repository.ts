import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LeaveRequest, LeaveRequestEvent, RequestSort } from '@staff-portal/shared/leave';
import type { Queryable, Transaction } from '../../db/client';
import { leaveRequestEvents, leaveRequests } from '../../db/schema/leave';
import { leaveTypes, publicHolidays, staff } from '../../db/schema/organisation';
import { BALANCE_STATUSES } from '@staff-portal/shared/leave-rules';

const approver = alias(staff, 'approver');

export type LeaveTypeRow = typeof leaveTypes.$inferSelect;

export type LeaveRequestRow = Omit<typeof leaveRequests.$inferSelect, 'attachment' | 'leaveDates'>;

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
        inArray(leaveRequests.status, [...BALANCE_STATUSES]),
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
 * no row and is told so (docs/product/leave.md).
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
  sort?: RequestSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  pageSize: number;
}

/**
 * A list of requests in the order asked (myRequestsQuerySchema), then the latest first and the
 * reference, so that pages never share or skip a row.
 */
function requestOrder(sort: RequestSort = 'start', order: 'asc' | 'desc' = sort === 'start' ? 'desc' : 'asc') {
  const direction = order === 'desc' ? desc : asc;
  const column = {
    start: leaveRequests.startDate,
    type: leaveTypes.name,
    days: leaveRequests.days,
    status: leaveRequests.status,
  }[sort];
  return [
    direction(column),
    desc(leaveRequests.startDate),
    desc(leaveRequests.createdAt),
    asc(leaveRequests.referenceId),
  ];
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
      .orderBy(...requestOrder(filter.sort, filter.order))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ n: count() }).from(leaveRequests).where(where),
  ]);
  return { items: rows.map(toLeaveRequest), total: totals[0]?.n ?? 0 };
}

/** Requests waiting for a decision (pending or pending cancellation), oldest first, with the dates their days fall on. */
export async function approvalQueue(
  db: Queryable,
  approverStaffId: string | null,
  limit: number,
  exceptStaffId: string | undefined,
): Promise<(LeaveRequest & { leaveDates: string[] })[]> {
  const rows = await db
    .select({ ...requestView, leaveDates: leaveRequests.leaveDates })
    .from(leaveRequests)
    .innerJoin(staff, eq(staff.staffId, leaveRequests.staffId))
    .innerJoin(leaveTypes, eq(leaveTypes.id, leaveRequests.leaveTypeId))
    .leftJoin(approver, eq(approver.staffId, leaveRequests.approverStaffId))
    .where(
      and(
        inArray(leaveRequests.status, [0, 4, 5]),
        approverStaffId === null ? undefined : eq(leaveRequests.approverStaffId, approverStaffId),
        exceptStaffId === undefined ? undefined : ne(leaveRequests.staffId, exceptStaffId),
      ),
    )
    .orderBy(asc(leaveRequests.createdAt), asc(leaveRequests.referenceId))
    .limit(limit);
  return rows.map(({ leaveDates, ...row }) => ({ ...toLeaveRequest(row), leaveDates }));
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
        inArray(leaveRequests.status, [...BALANCE_STATUSES]),
        overlapsDates(startDate, endDate),
      ),
    )
    .orderBy(asc(leaveRequests.startDate), asc(staff.displayName));
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
