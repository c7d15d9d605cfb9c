import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

/** Departments are the identity groups of docs/product/specification.md §1 (HR, HRAdmin, ..., the organisation's own). */
export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One step of a service-year entitlement ladder: from `minYears` of service, `days` a year. */
export interface ServiceTier {
  minYears: number;
  days: number;
}

/** Leave types LVE0001–LVE0022 (docs/product/specification.md §3), editable by HR admins (docs/product/leave.md). */
export const leaveTypes = pgTable(
  'leave_types',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Days a year when no service tier applies. */
    defaultDays: numeric('default_days', { precision: 5, scale: 1, mode: 'number' }).notNull().default(0),
    serviceTiers: jsonb('service_tiers').$type<ServiceTier[]>(),
    cancellable: boolean('cancellable').notNull().default(true),
    attachmentRequired: boolean('attachment_required').notNull().default(false),
    halfDayAllowed: boolean('half_day_allowed').notNull().default(true),
    /** Unpaid leave may exceed the balance (docs/product/leave.md). */
    balanceLimited: boolean('balance_limited').notNull().default(true),
    /** The year's entitlement is earned a twelfth a month instead of all on 1 January (docs/product/leave.md). */
    accruesMonthly: boolean('accrues_monthly').notNull().default(false),
    active: boolean('active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
    /** Only for staff of this gender (docs/product/leave.md: maternity for women, paternity for men). */
    eligibleGender: text('eligible_gender', { enum: ['F', 'M'] }),
    /** Completed months of service needed by the first day of leave (paternity: 12). */
    minServiceMonths: smallint('min_service_months').notNull().default(0),
    /** Pro-rating in a year of joining or leaving: 'off' or a rounding (see PRO_RATA_ROUNDINGS). */
    proRata: text('pro_rata', { enum: ['off', 'nearest-day', 'down-to-day', 'down-to-half-day'] })
      .notNull()
      .default('off'),
    /** This type's allowance includes that type's days (hospitalisation's 60 days include sick leave). */
    includesDaysOf: text('includes_days_of').references((): AnyPgColumn => leaveTypes.id),
  },
  (t) => [
    check('leave_types_id_format', sql`${t.id} ~ '^LVE[0-9]{4}$'`),
    check('leave_types_eligible_gender', sql`${t.eligibleGender} is null or ${t.eligibleGender} in ('F', 'M')`),
    check('leave_types_min_service_months', sql`${t.minServiceMonths} between 0 and 600`),
    check('leave_types_pro_rata', sql`${t.proRata} in ('off', 'nearest-day', 'down-to-day', 'down-to-half-day')`),
    check('leave_types_includes_other', sql`${t.includesDaysOf} is distinct from ${t.id}`),
  ],
);

/** The organisation's public holiday calendar; the day counter skips these (docs/product/leave.md). */
export const publicHolidays = pgTable(
  'public_holidays',
  {
    date: date('date', { mode: 'string' }).notNull(),
    /** ISO 3166-2 subdivision the holiday was imported for, e.g. MY-14 (Kuala Lumpur). */
    region: text('region').notNull(),
    name: text('name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.date, t.region] })],
);

/** Staff leave records (docs/product/specification.md §3: `LVUSR` + 10 digits), each linked to one identity user. */
export const staff = pgTable(
  'staff',
  {
    staffId: text('staff_id').primaryKey(),
    displayName: text('display_name').notNull(),
    email: text('email').notNull().unique(),
    /** The identity user's `sub`; set when the account is linked. */
    identitySub: text('identity_sub').unique(),
    departmentCode: text('department_code')
      .notNull()
      .references(() => departments.code),
    approverStaffId: text('approver_staff_id').references((): AnyPgColumn => staff.staffId),
    joinDate: date('join_date', { mode: 'string' }).notNull(),
    /** The last day of service, when known (the leaving year's annual leave is pro-rated to it). */
    leavingDate: date('leaving_date', { mode: 'string' }),
    gender: text('gender', { enum: ['F', 'M'] }).notNull(),
    /** Bit 0 = MON ... bit 6 = SUN (docs/product/specification.md §3); 31 = MON–FRI. */
    workingDaysMask: smallint('working_days_mask').notNull().default(31),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('staff_id_format', sql`${t.staffId} ~ '^LVUSR[0-9]{10}$'`),
    check('staff_working_days_mask', sql`${t.workingDaysMask} between 0 and 127`),
    check('staff_leaving_after_joining', sql`${t.leavingDate} is null or ${t.leavingDate} >= ${t.joinDate}`),
    index('staff_department_idx').on(t.departmentCode),
  ],
);
