import { eq, sql } from 'drizzle-orm';
import type { Db } from '@staff-portal/server/db/client';
import { leaveRequests } from '@staff-portal/server/db/schema/leave';
import { departments, leaveTypes } from '@staff-portal/server/db/schema/organisation';
import { departmentCatalogue } from '@staff-portal/server/seed/demo-organisation';
import { leaveTypeCatalogue } from '@staff-portal/server/seed/leave-type-catalogue';
import { LEAVE_STATUS } from '@staff-portal/shared/leave';

/** Every this-many staff is the approver of the ones after them (a team of 20). */
const TEAM = 20;
/** The staff departments the bench spreads people over (the leave area's users). */
const BENCH_DEPARTMENTS = ['HR', 'HRAdmin', 'IR', 'IRAdmin', 'STAFF'];
/**
 * Requests start from ten years back (250,000 over 2,000 staff is then about twelve requests a
 * person a year, some twenty days: what staff take) to six weeks ahead (about two each ahead,
 * mostly pending: an approver's queue of some thirty).
 */
const REQUESTS_BACK_DAYS = 3652;
const AHEAD_DAYS = 42;
/** Movements over the last two years: about five a person a year, some two hundred a week. */
const MOVEMENTS_BACK_DAYS = 730;
/** A number of days written into the statement (as a parameter, `date - $1` is date minus date). */
const days = (n: number) => sql.raw(String(Math.trunc(n)));

export const benchStaffEmail = (n: number) => `bench-staff-${n}@example.org`;
/** The department of bench staff member `n` (as the generator assigns it). */
export const benchDepartmentOf = (n: number) => BENCH_DEPARTMENTS[Math.floor(n / TEAM) % BENCH_DEPARTMENTS.length]!;

/**
 * The leave part of the large demo size (docs/product/qualities.md): `staffCount` staff in teams of 20 with
 * the first of each team as approver, and `requestCount` one- or two-day requests spread evenly
 * from ten years back to six weeks ahead: decided in the past (mostly approved, some rejected or
 * cancelled), mostly pending ahead. Each request has its submission event, as the API writes it;
 * and `movementCount` staff movements from two years back to six weeks ahead. All made by the
 * database itself (INSERT ... SELECT over generate_series).
 */
export async function generateLeave(db: Db, staffCount: number, requestCount: number, movementCount: number) {
  await db.insert(departments).values(departmentCatalogue('STAFF')).onConflictDoNothing();
  await db
    .insert(leaveTypes)
    .values(leaveTypeCatalogue.map((type, index) => ({ ...type, sortOrder: index + 1 })))
    .onConflictDoNothing();
  const departmentList = sql.raw(`array[${BENCH_DEPARTMENTS.map((d) => `'${d}'`).join(',')}]`);
  await db.execute(sql`
    insert into staff (staff_id, display_name, email, department_code, approver_staff_id, join_date, gender)
    select
      'LVUSR' || lpad(n::text, 10, '0'),
      'Bench Staff ' || n,
      'bench-staff-' || n || '@example.org',
      (${departmentList})[1 + (n / ${TEAM}) % ${BENCH_DEPARTMENTS.length}],
      case when n % ${TEAM} = 0 then null else 'LVUSR' || lpad((n - n % ${TEAM})::text, 10, '0') end,
      date '2015-01-05' + (n % 3000),
      case when n % 2 = 0 then 'F' else 'M' end
    from generate_series(0, ${staffCount - 1}) as n
    order by n % ${TEAM} <> 0`);

  // Request n (of staff n mod staff count) starts n × span / count days into the window, moved off
  // a weekend, so every day has its share and a team is not away all at once; 1 day, or 2 where it
  // starts Monday to Thursday. One person's requests are staff count × span / count days apart
  // (30 at the large size, 55 at the small), so they never overlap.
  if (requestCount > (staffCount * (REQUESTS_BACK_DAYS + AHEAD_DAYS)) / 6)
    throw new Error("too many requests for the staff: one person's would overlap");
  await db.execute(sql`
    insert into leave_requests (reference_id, staff_id, leave_type_id, start_date, end_date, day_type, days,
      leave_dates, reason, status, approver_staff_id, remarks, created_at, updated_at)
    select
      'LV' || lpad(r.n::text, 18, '0'),
      st.staff_id,
      case when r.n % 7 = 0 then 'LVE0002' else 'LVE0001' end,
      r.start_date,
      r.start_date + case when extract(isodow from r.start_date) <= 4 and r.n % 3 = 0 then 1 else 0 end,
      0,
      case when extract(isodow from r.start_date) <= 4 and r.n % 3 = 0 then 2 else 1 end,
      case when extract(isodow from r.start_date) <= 4 and r.n % 3 = 0
        then array[r.start_date, r.start_date + 1] else array[r.start_date] end,
      'Bench request ' || r.n,
      case
        when r.start_date > current_date then case when r.n % 5 = 0 then 1 else 0 end
        when r.n % 10 = 0 then 2
        when r.n % 10 = 1 then 3
        else 1
      end,
      st.approver_staff_id,
      null,
      r.start_date - 14,
      r.start_date - 10
    from (
      select n, s, base + case extract(isodow from base) when 6 then 2 when 7 then 1 else 0 end as start_date
      from (
        select n, n % ${staffCount} as s,
          current_date - ${days(REQUESTS_BACK_DAYS)} + (n::bigint * ${REQUESTS_BACK_DAYS + AHEAD_DAYS} / ${requestCount})::int as base
        from generate_series(0, ${requestCount - 1}) as n
      ) as spread
    ) as r
    join staff st on st.staff_id = 'LVUSR' || lpad(r.s::text, 10, '0')`);
  await db.execute(sql`
    insert into leave_request_events (reference_id, from_status, to_status, actor_staff_id, actor_name, at)
    select reference_id, null, 0, staff_id, 'Bench', created_at from leave_requests`);

  // Movements, a few per person: movement n (of staff n mod staff count) starts on the working day
  // n × span / count days in, so every week has its share, at 09:00 in Kuala Lumpur, each kind in
  // turn, and lasts as that kind does (a meeting two hours, an outstation trip two to four days).
  await db.execute(sql`
    insert into staff_movements (staff_id, kind, starts_at, ends_at, purpose, created_at)
    select
      'LVUSR' || lpad(m.s::text, 10, '0'),
      (array['outstation', 'meeting', 'training', 'site_visit', 'work_from_home'])[1 + m.k],
      m.starts_at,
      m.starts_at + case m.k
        when 0 then interval '2 days' + (m.n % 3) * interval '1 day'
        when 1 then interval '2 hours'
        when 2 then interval '8 hours'
        when 3 then interval '4 hours'
        else interval '9 hours'
      end,
      'Bench movement ' || m.n,
      m.starts_at - interval '7 days'
    from (
      select n, s, (n + n / ${staffCount}) % 5 as k, (day + time '09:00') at time zone 'Asia/Kuala_Lumpur' as starts_at
      from (
        select n, s, base + case extract(isodow from base) when 6 then 2 when 7 then 1 else 0 end as day
        from (
          select n, n % ${staffCount} as s, current_date - ${days(MOVEMENTS_BACK_DAYS)} + (n * ${MOVEMENTS_BACK_DAYS + AHEAD_DAYS} / ${movementCount})::int as base
          from generate_series(0, ${movementCount - 1}) as n
        ) as spread
      ) as days
    ) as m`);
}

/** Links each bench staff record to the identity user with its e-mail, as the API would on first use. */
export async function linkBenchStaff(db: Db) {
  await db.execute(sql`
    update staff set identity_sub = u.id::text from identity_users u where u.email = staff.email`);
}

/** Pending requests, oldest first: the decisions the bench's approver row works through. */
export async function pendingReferences(db: Db): Promise<string[]> {
  const rows = await db
    .select({ referenceId: leaveRequests.referenceId })
    .from(leaveRequests)
    .where(eq(leaveRequests.status, LEAVE_STATUS.PENDING))
    .orderBy(leaveRequests.startDate, leaveRequests.referenceId);
  return rows.map((row) => row.referenceId);
}
