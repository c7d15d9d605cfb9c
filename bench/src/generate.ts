import { sql } from 'drizzle-orm';
import type { Db } from '@staff-portal/server/db/client';
import { generateLeave } from './generate-leave';

/** The large demo size of docs/product/qualities.md; modules add their tables here as they land. */
export const sizes = {
  small: {
    logEntries: 20_000,
    auditEntries: 5_000,
    identityUsers: 300,
    staff: 300,
    leaveRequests: 20_000,
    staffMovements: 3_000,
  },
  large: {
    logEntries: 500_000,
    auditEntries: 100_000,
    identityUsers: 2_000,
    staff: 2_000,
    leaveRequests: 250_000,
    staffMovements: 20_000,
  },
} as const;
export type Size = keyof typeof sizes;

/**
 * Log entries for `users` distinct subjects spread over the last year, made by the database
 * itself (one INSERT ... SELECT over generate_series), so half a million rows load in seconds on
 * either engine.
 */
export async function generateLogEntries(db: Db, count: number, users = 2_000) {
  await db.execute(sql`
    insert into log_entries (user_id, action, request, url, stream, log_date, received_at)
    select
      'bench-user-' || (n % ${users}),
      case when n % 2 = 0 then 'Login' else 'Logout' end,
      '',
      'https://portal.example.org/shared/hr-services/leave',
      'login/logout',
      to_char(ts + interval '8 hours', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      ts
    from (
      select n, now() - (n * interval '1 minute') * (525600.0 / ${count}) as ts
      from generate_series(1, ${count}) as n
    ) as s`);
}

/**
 * Audit entries of the IT admin explorer (decision record 0038): changes by 20 admins over the
 * last year, in three areas, each with a before and an after; made by the database like the log.
 */
export async function generateAuditEntries(db: Db, count: number) {
  await db.execute(sql`
    insert into audit_entries (at, actor_id, actor_email, area, action, target, target_label, before, after)
    select
      now() - (n * interval '1 minute') * (525600.0 / ${count}),
      'bench-admin-' || (n % 20),
      'bench-admin-' || (n % 20) || '@example.org',
      (array['access-control', 'leave-admin', 'it-admin'])[1 + n % 3],
      (array['account.disable', 'account.departments', 'entitlement.set', 'outbox.open'])[1 + n % 4],
      'target-' || (n % 5000),
      'bench-staff-' || (n % 5000) || '@example.org',
      jsonb_build_object('departments', jsonb_build_array('HR'), 'enabled', true),
      jsonb_build_object('departments', jsonb_build_array('HR', 'UNION'), 'enabled', n % 7 <> 0)
    from generate_series(1, ${count}) as n`);
}

/** Loads the given size into an empty, migrated database. */
export async function generate(db: Db, size: Size) {
  await generateLogEntries(db, sizes[size].logEntries);
  await generateAuditEntries(db, sizes[size].auditEntries);
  const { staff, leaveRequests, staffMovements } = sizes[size];
  await generateLeave(db, staff, leaveRequests, staffMovements);
  // Planner statistics, as autovacuum gathers them on PostgreSQL after a load like this; PGlite
  // runs no autovacuum, so without this its planner would guess.
  await db.execute(sql`analyze`);
}
