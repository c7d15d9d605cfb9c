import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { departments, staff } from './organisation';

/**
 * Where staff are when not at their desk (docs/product/screens.md: StaffMovementPage): outstation,
 * meeting, training, site visit, work from home. Instants, shown in the organisation's zone.
 */
export const staffMovements = pgTable(
  'staff_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.staffId),
    kind: text('kind', { enum: ['outstation', 'meeting', 'training', 'site_visit', 'work_from_home'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    purpose: text('purpose').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'staff_movements_kind',
      sql`${t.kind} in ('outstation', 'meeting', 'training', 'site_visit', 'work_from_home')`,
    ),
    check('staff_movements_times', sql`${t.endsAt} > ${t.startsAt}`),
    // A person's movements by start.
    index('staff_movements_staff_starts_idx').on(t.staffId, t.startsAt),
    // Who is out on any day of a range (a department's week): the movements whose times overlap it.
    index('staff_movements_times_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
  ],
);

/**
 * Acting approvers (docs/product/leave.md): while today is within the dates, the delegate sees and
 * decides the requests whose approver is the delegator.
 */
export const leaveDelegations = pgTable(
  'leave_delegations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    approverStaffId: text('approver_staff_id')
      .notNull()
      .references(() => staff.staffId),
    delegateStaffId: text('delegate_staff_id')
      .notNull()
      .references(() => staff.staffId),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('leave_delegations_dates', sql`${t.toDate} >= ${t.fromDate}`),
    check('leave_delegations_not_self', sql`${t.delegateStaffId} <> ${t.approverStaffId}`),
    index('leave_delegations_approver_idx').on(t.approverStaffId, t.fromDate),
    index('leave_delegations_delegate_idx').on(t.delegateStaffId, t.fromDate),
  ],
);

/**
 * Private iCal feed addresses (docs/product/leave.md). The token is the secret in the URL; a revoked
 * feed stays for the record and answers 404.
 */
export const leaveIcalFeeds = pgTable(
  'leave_ical_feeds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 32 random bytes, base64url. */
    token: text('token').notNull().unique(),
    ownerSub: text('owner_sub').notNull(),
    kind: text('kind', { enum: ['me', 'department'] }).notNull(),
    departmentCode: text('department_code').references(() => departments.code),
    /**
     * A department feed an ADMIN made of a department not their own: it answers while its owner's
     * staff record is active, whatever their department (decision record 0020).
     */
    madeByAdmin: boolean('made_by_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('leave_ical_feeds_kind', sql`${t.kind} in ('me', 'department')`),
    check('leave_ical_feeds_department', sql`(${t.kind} = 'department') = (${t.departmentCode} is not null)`),
    index('leave_ical_feeds_owner_idx').on(t.ownerSub),
  ],
);
