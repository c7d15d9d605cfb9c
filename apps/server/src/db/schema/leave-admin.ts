import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { leaveTypes, staff } from './organisation';

/**
 * Carry-forward rule of a leave type (docs/product/leave.md): at most `cap` unused days move into the
 * next year, and lapse after `expiry` (MM-DD) of that year. No row, or a null cap: nothing is carried.
 */
export const leaveCarryForwardRules = pgTable(
  'leave_carry_forward_rules',
  {
    leaveTypeId: text('leave_type_id')
      .primaryKey()
      .references(() => leaveTypes.id),
    cap: numeric('cap', { precision: 5, scale: 1, mode: 'number' }),
    /** MM-DD in the year the days are carried into; null: they do not lapse. */
    expiry: text('expiry'),
  },
  (t) => [
    check('leave_carry_forward_rules_cap', sql`${t.cap} is null or ${t.cap} between 0 and 366`),
    check('leave_carry_forward_rules_expiry', sql`${t.expiry} is null or ${t.expiry} ~ '^[0-9]{2}-[0-9]{2}$'`),
  ],
);

/** One applied year-end carry-forward, reversible while it is the latest for its year. */
export const leaveCarryForwardRuns = pgTable(
  'leave_carry_forward_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    fromYear: smallint('from_year').notNull(),
    appliedBy: text('applied_by').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    reversedBy: text('reversed_by'),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [index('leave_carry_forward_runs_year_idx').on(t.fromYear)],
);

/**
 * What a run wrote into one entitlement row of the next year, and what was there before, so a
 * reversal restores it exactly (or removes the row the run created).
 */
export const leaveCarryForwardRunItems = pgTable(
  'leave_carry_forward_run_items',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => leaveCarryForwardRuns.id),
    staffId: text('staff_id')
      .notNull()
      .references(() => staff.staffId),
    leaveTypeId: text('leave_type_id')
      .notNull()
      .references(() => leaveTypes.id),
    available: numeric('available', { precision: 6, scale: 1, mode: 'number' }).notNull(),
    carried: numeric('carried', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Whether the entitlement row existed before the run. */
    hadRow: boolean('had_row').notNull(),
    previousCarried: numeric('previous_carried', { precision: 5, scale: 1, mode: 'number' }),
    previousExpiresOn: date('previous_expires_on', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.runId, t.staffId, t.leaveTypeId] })],
);
