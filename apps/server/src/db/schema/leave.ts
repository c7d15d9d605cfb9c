import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { bytea } from '../column-types';
import { leaveTypes, staff } from './organisation';

/**
 * Leave requests (docs/product/specification.md §3). The status follows docs/product/leave.md's transitions only; days are
 * counted once at submit from the staff member's working-day mask and the holiday calendar.
 */
export const leaveRequests = pgTable(
  'leave_requests',
  {
    /** `LV` + yyyymmddhhmm + 6 random digits. */
    referenceId: text('reference_id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.staffId),
    leaveTypeId: text('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** 0 whole day(s), 1 AM, 2 PM. */
    dayType: smallint('day_type').notNull().default(0),
    days: numeric('days', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    /**
     * The dates the days fall on (the working days counted at submit), each a whole day or, for a
     * half day, half of one: what splits a request between years and between taken and booked.
     */
    leaveDates: date('leave_dates', { mode: 'string' }).array().notNull(),
    reason: text('reason').notNull().default(''),
    status: smallint('status').notNull().default(0),
    /** The approver when the request was submitted; later changes of approver do not move it. */
    approverStaffId: text('approver_staff_id').references(() => staff.staffId),
    /** The last transition's remarks. */
    remarks: text('remarks'),
    attachment: bytea('attachment'),
    attachmentName: text('attachment_name'),
    attachmentMime: text('attachment_mime'),
    attachmentSize: integer('attachment_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('leave_requests_reference_id_format', sql`${t.referenceId} ~ '^LV[0-9]{18}$'`),
    check('leave_requests_status', sql`${t.status} between 0 and 5`),
    check('leave_requests_day_type', sql`${t.dayType} between 0 and 2`),
    check('leave_requests_dates', sql`${t.endDate} >= ${t.startDate}`),
    check('leave_requests_days', sql`${t.days} >= 0`),
    check(
      'leave_requests_leave_dates',
      sql`cardinality(${t.leaveDates}) * (case when ${t.dayType} = 0 then 1 else 0.5 end) = ${t.days} and ${t.startDate} <= all(${t.leaveDates}) and ${t.endDate} >= all(${t.leaveDates})`,
    ),
    // A person's requests by start date; read backwards, in the order My Requests pages them
    // (newest first), so a page reads its own rows only.
    index('leave_requests_staff_start_created_idx').on(t.staffId, t.startDate, t.createdAt),
    // A person's requests still running on or after a date (who is away: approval, movement).
    index('leave_requests_staff_end_idx').on(t.staffId, t.endDate),
    index('leave_requests_approver_status_idx').on(t.approverStaffId, t.status),
    // Requests starting in a range of dates (a year's utilisation report).
    index('leave_requests_dates_idx').on(t.startDate, t.endDate, t.staffId),
    // Who is away on any day of a range (approval insight, staff movement, department feeds): the
    // requests whose dates overlap it, found without reading years of history.
    index('leave_requests_days_idx').using('gist', sql`daterange(${t.startDate}, ${t.endDate}, '[]')`),
  ],
);

/** Every transition of a request, with who, when and remarks (docs/product/leave.md). */
export const leaveRequestEvents = pgTable(
  'leave_request_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    referenceId: text('reference_id')
      .notNull()
      .references(() => leaveRequests.referenceId),
    /** Null for the submission. */
    fromStatus: smallint('from_status'),
    toStatus: smallint('to_status').notNull(),
    /** The actor's staff record, when they have one (an ITAdmin may not). */
    actorStaffId: text('actor_staff_id').references(() => staff.staffId),
    actorSub: text('actor_sub'),
    actorName: text('actor_name').notNull(),
    remarks: text('remarks'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leave_request_events_reference_idx').on(t.referenceId, t.at)],
);

/**
 * A staff member's entitlement facts for a year and type, where they differ from the type's
 * rules: an admin override of the entitled days, and the days carried forward with their expiry.
 */
export const leaveEntitlements = pgTable(
  'leave_entitlements',
  {
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.staffId),
    year: smallint('year').notNull(),
    leaveTypeId: text('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    /** Null: the type's service-year rule decides. */
    entitled: numeric('entitled', { precision: 5, scale: 1, mode: 'number' }),
    carried: numeric('carried', { precision: 5, scale: 1, mode: 'number' }).notNull().default(0),
    carriedExpiresOn: date('carried_expires_on', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.year, t.leaveTypeId] })],
);

/** Manual corrections of a balance (±days) with their reason, kept as an audit trail. */
export const leaveAdjustments = pgTable(
  'leave_adjustments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.staffId),
    year: smallint('year').notNull(),
    leaveTypeId: text('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    days: numeric('days', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** Who made it: the identity `sub` of the admin. */
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leave_adjustments_staff_year_idx').on(t.staffId, t.year, t.leaveTypeId)],
);
