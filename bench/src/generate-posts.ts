import { sql } from 'drizzle-orm';
import type { Db } from '@staff-portal/server/db/client';
import { FIXED_DEPARTMENTS } from '@staff-portal/shared/groups';

/**
 * Posts and their read receipts at a demo size (decision record 0048; docs/product/screens.md §2
 * and §13): announcements and staff information over the last five years and some weeks ahead,
 * most published, some scheduled, expired or drafts, a few pinned; for everyone or for one to
 * three departments; written by the bench's admin accounts; each read by part of its audience,
 * most of it in the first weeks. Made by the database itself (INSERT ... SELECT over
 * generate_series), after the bench's accounts exist: authors and readers are accounts.
 */

/** Posts are spread from five years back to six weeks ahead (those ahead are scheduled). */
const BACK_DAYS = 1826;
const AHEAD_DAYS = 42;
/**
 * The departments an audience picks from, the commoner ones more than once (HR, IR and the
 * organisation's own department write to their people most).
 */
const weightedDepartments = (orgDepartment: string) => [
  'HR',
  'HR',
  'HR',
  'IR',
  'IR',
  orgDepartment,
  orgDepartment,
  ...FIXED_DEPARTMENTS.filter((department) => department !== 'HR' && department !== 'IR'),
];

const ANNOUNCEMENT_TITLES = [
  'Office closure for the public holiday',
  'Town hall meeting with the management',
  'System maintenance this weekend',
  'New parking arrangements',
  'Blood donation drive',
  'Fire drill on level 3',
  'Annual dinner: registration open',
  'Changes to the claims procedure',
  'Welcome our new colleagues',
  'Staff Club sports day',
  'Hari Raya open house',
  'Deepavali celebration',
  'Chinese New Year lunch',
  'Health screening for staff',
  'Network upgrade: short outages',
  'Year-end leave reminder',
];
const STAFF_INFO_TITLES = [
  'Staff handbook: the chapter on leave updated',
  'How to submit a medical claim',
  'Guide: travel and outstation allowances',
  'Policy: working from home',
  'Training calendar',
  'Payslips and EA forms: where to find them',
  'The grievance procedure explained',
  'Insurance cover for staff and families',
  'Safety at work: a checklist',
  'Co-operative membership benefits',
];
const OPENINGS = [
  'Please read this notice carefully and share it with colleagues who are away this week.',
  'This is a reminder from **Human Resources** for all staff in the departments concerned.',
  'The management is pleased to share the following arrangements with everyone.',
  'Following feedback from staff, the procedure below applies from the first of next month.',
  'Kindly take note of the details below and plan your work accordingly.',
  'We thank everyone who took part last time; this year it returns with a few changes.',
  'For your safety and comfort, the following applies to everyone working in the building.',
  'A short summary is below; the full document is kept by the department and on the portal.',
];
const POINTS = [
  'Submit your forms on the portal **at least three working days** before the date.',
  'The main lobby lift will be out of service from 8 am to 12 noon.',
  'Car park levels B1 and B2 are reserved for visitors during the event.',
  'Light refreshments will be served in the main hall from 11 am.',
  'Bring your staff card; entry is by card only after 6 pm.',
  'Claims older than 90 days will not be processed.',
  'Your approver decides within three working days; follow your request under *HR services*.',
  'Registration closes on Friday at 5 pm.',
  'Questions go to hr@staffportal.example or extension 2101.',
  'Outstation staff may join online; the link is sent the day before.',
  'Medical certificates are uploaded with the leave request, not sent by e-mail.',
  'Dress code: smart casual.',
];
const CLOSINGS = [
  'Thank you for your cooperation.',
  'See the [HR services page](/shared/hr-services) for the forms.',
  'We look forward to seeing you there.',
  'Terima kasih.',
  'For details, contact the department named above.',
  'This notice replaces the earlier one on the same subject.',
];

/** A text array as one bound parameter (as the posts repository binds its lists). */
const textArray = (values: readonly string[]) => sql`${sql.param(values)}::text[]`;
/** A number from 0 to 2^31 - 1 that depends on post `n` and `seed` only (`abs` fails on the least int). */
const spread = (seed: string) => sql.raw(`(hashtext(n || ':${seed}')::bigint & 2147483647)`);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * The audience departments each enabled account belongs to: its groups, and for an admin group its
 * base department too (`HRAdmin` is in `HR`), as `audienceKeys` reads them (decision record 0048).
 * And each distinct audience of the posts with its accounts numbered from 0, and how many.
 */
const AUDIENCE_MEMBERS = sql`
  accounts as materialized (
    select u.id::text as reader_id, u.email, array(
      select g.group_name from identity_user_groups g where g.user_id = u.id
      union
      select replace(g.group_name, 'Admin', '') from identity_user_groups g
      where g.user_id = u.id and g.group_name like '%Admin%'
    ) as keys
    from identity_users u
    where u.enabled
  ),
  audiences as materialized (
    select distinct audience_everyone as everyone, audience_departments as departments from posts
  ),
  members as materialized (
    select a.everyone, a.departments, u.reader_id,
      row_number() over (partition by a.everyone, a.departments order by u.email) - 1 as rn,
      count(*) over (partition by a.everyone, a.departments) as m
    from audiences a
    join accounts u on a.everyone or u.keys && a.departments
  ),
  sizes as materialized (
    select a.everyone, a.departments, coalesce(max(m.m), 0) as m
    from audiences a left join members m on m.everyone = a.everyone and m.departments = a.departments
    group by a.everyone, a.departments
  )`;

/**
 * Loads `count` posts and their receipts into a database that has the bench's accounts and no
 * posts; answers how many posts and receipts there are.
 */
export async function generatePosts(db: Db, count: number, orgDepartment: string) {
  const weighted = weightedDepartments(orgDepartment);
  // Post n is published at 9 am to 4 pm (Kuala Lumpur) on the day n × span / count days into the
  // window. One in 25 is a draft (no publish time), one in 10 expires 2 to 12 weeks after it is
  // published (so most of those have expired), one in 4 is staff information; four in 10 are for
  // everyone, the others for one (half), two or three departments; a few of the last weeks' are
  // pinned; one in 5 asked for the publish e-mail, queued when it was published.
  await db.execute(sql`
    with admins as (
      select row_number() over (order by u.email) - 1 as k, u.id::text as id,
        coalesce(u.attributes->>'name', u.email) as name
      from identity_users u
      where exists (
        select 1 from identity_user_groups g where g.user_id = u.id and g.group_name in ('HRAdmin', 'ITAdmin'))
    ),
    generated as (
      select n,
        n % 4 = 3 as staff_info,
        n % 25 = 0 as draft,
        ((current_date - ${sql.raw(String(BACK_DAYS))} + (n::bigint * ${BACK_DAYS + AHEAD_DAYS} / ${count})::int)
          + time '09:00' + (n % 8) * interval '1 hour') at time zone 'Asia/Kuala_Lumpur' as at,
        (n / 10) % 20 as width,
        ${spread('point1')} % ${POINTS.length} as point1,
        1 + ${spread('point2')} % 5 as step2,
        1 + ${spread('point3')} % 5 as step3
      from generate_series(0, ${count - 1}) as n
    ),
    shaped as (
      select g.*,
        -- Three different points: each 1 to 5 places after the last, 12 in all.
        (g.point1 + g.step2) % ${POINTS.length} as point2,
        (g.point1 + g.step2 + g.step3) % ${POINTS.length} as point3,
        case when g.draft then null else g.at end as publish_at,
        least(now() - interval '1 hour', g.at - (1 + g.n % 5) * interval '1 day') as created_at
      from generated g
    )
    insert into posts (id, kind, title, body, audience_everyone, audience_departments, publish_at, expire_at,
      pinned, email_audience, mail_queued_at, author_id, author_name, last_editor_id, last_editor_name,
      created_at, updated_at)
    select
      md5('bench-post-' || p.n)::uuid,
      case when p.staff_info then 'staffInfo' else 'announcement' end,
      case when p.staff_info
        then (${textArray(STAFF_INFO_TITLES)})[1 + ${spread('title')} % ${STAFF_INFO_TITLES.length}]
        else (${textArray(ANNOUNCEMENT_TITLES)})[1 + ${spread('title')} % ${ANNOUNCEMENT_TITLES.length}]
      end || ', ' || to_char(p.at at time zone 'Asia/Kuala_Lumpur', 'FMMonth YYYY'),
      (${textArray(OPENINGS)})[1 + ${spread('opening')} % ${OPENINGS.length}] || chr(10) || chr(10)
        || '- ' || (${textArray(POINTS)})[1 + p.point1] || chr(10)
        || '- ' || (${textArray(POINTS)})[1 + p.point2] || chr(10)
        || '- ' || (${textArray(POINTS)})[1 + p.point3] || chr(10) || chr(10)
        || (${textArray(CLOSINGS)})[1 + ${spread('closing')} % ${CLOSINGS.length}],
      p.n % 10 < 4,
      case when p.n % 10 < 4 then '{}'::text[] else array(
        select distinct d from unnest(array[
          (${textArray(weighted)})[1 + ${spread('d1')} % ${weighted.length}],
          case when p.width >= 10 then (${textArray(weighted)})[1 + ${spread('d2')} % ${weighted.length}] end,
          case when p.width >= 17 then (${textArray(weighted)})[1 + ${spread('d3')} % ${weighted.length}] end
        ]) as d where d is not null order by d)
      end,
      p.publish_at,
      case when p.n % 10 = 1 and not p.draft then p.at + (14 + p.n % 71) * interval '1 day' end,
      p.n > ${count} * 0.95 and p.n < ${count} * 0.975 and p.n % 29 = 0,
      p.n % 5 = 0,
      case when p.n % 5 = 0 and p.publish_at <= now() then p.publish_at end,
      a.id, a.name, a.id, a.name,
      p.created_at, p.created_at
    from shaped p
    join admins a on a.k = p.n % (select count(*) from admins)`);
  const [made] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from posts`));
  if ((made?.n ?? 0) < count) throw new Error('no bench admin account to write the posts');

  // The publish e-mail's recipients: the audience's accounts when it was queued.
  await db.execute(sql`
    with ${AUDIENCE_MEMBERS}
    update posts set mail_recipients = sizes.m from sizes
    where posts.mail_queued_at is not null
      and sizes.everyone = posts.audience_everyone and sizes.departments = posts.audience_departments`);

  // Receipts: each post that has been published is read by a run of its audience's accounts,
  // starting at a place that depends on the post: 48 % of the audience for a post of today, 3 %
  // plus 45 % × e^(−age in days / 30) in general (about 430,000 receipts at the large size), each
  // read within two days of publishing. Inserted in key order, which fills the primary key about
  // twice as fast on PGlite.
  await db.execute(sql`
    with ${AUDIENCE_MEMBERS},
    readable as (
      select p.id, p.publish_at, p.audience_everyone, p.audience_departments, s.m,
        hashtext(p.id::text)::bigint & 2147483647 as h,
        floor(s.m * (0.03 + 0.45 * exp(-extract(epoch from now() - p.publish_at) / 86400 / 30)))::int as k
      from posts p
      join sizes s on s.everyone = p.audience_everyone and s.departments = p.audience_departments
      where p.publish_at <= now() and s.m > 0
    )
    insert into post_receipts (post_id, reader_id, read_at)
    select r.id, m.reader_id, least(now(), r.publish_at + ((r.h + i) % 48) * interval '1 hour')
    from readable r
    cross join lateral generate_series(0, r.k - 1) as i
    join members m on m.everyone = r.audience_everyone and m.departments = r.audience_departments
      and m.rn = (r.h + i) % r.m
    order by r.id, m.reader_id`);
  await db.execute(sql`analyze posts`);
  await db.execute(sql`analyze post_receipts`);
  const [receipts] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from post_receipts`));
  return { posts: made!.n, receipts: receipts!.n };
}
