import { count, eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE } from '@staff-portal/shared/constants';
import type { Db, Queryable, Transaction } from '../db/client';
import { irCaseActions, irCaseEvents, irCases, irCategories, irMembers } from '../db/schema/ir';
import { insertMembers } from '../modules/ir/ir.public';

/**
 * The industrial-relations demo data (docs/product/ir.md): members of Malay, Chinese and Indian
 * origin at banks, insurers and airlines across Malaysia, grievance categories, and cases with
 * their actions. Everything is computed from the row's number (no random source), so the same
 * sizes give the same rows on every run and engine, and it is written by INSERT … SELECT over
 * generate_series: a few thousand rows for the demo, a million for the benchmark, in seconds.
 */

export const DEMO_IR_CATEGORIES = [
  'Dismissal',
  'Disciplinary action',
  'Salary and allowances',
  'Working hours',
  'Harassment',
  'Retrenchment',
  'Transfer',
  'Others',
];

const MALAY_MEN = [
  'Ahmad',
  'Muhammad',
  'Mohd Hafiz',
  'Faizal',
  'Azman',
  'Rosli',
  'Zulkifli',
  'Kamarul',
  'Ismail',
  'Hakim',
  'Amirul',
  'Syafiq',
  'Firdaus',
  'Nazri',
  'Khairul',
];
const MALAY_WOMEN = [
  'Nurul Aisyah',
  'Siti Aminah',
  'Aisyah',
  'Farah',
  'Nor Azlina',
  'Zainab',
  'Aminah',
  'Siti Hajar',
  'Nurul Izzati',
  'Liyana',
  'Salmah',
  'Rohani',
  'Fatimah',
  'Nadia',
  'Noraini',
];
const MALAY_FATHERS = [
  'Abdullah',
  'Ahmad',
  'Ismail',
  'Hassan',
  'Hussein',
  'Yusof',
  'Ibrahim',
  'Omar',
  'Osman',
  'Abdul Razak',
  'Abdul Rahman',
  'Salleh',
  'Abdul Karim',
  'Mohamad',
  'Sulaiman',
];
const CHINESE_SURNAMES = [
  'Tan',
  'Lim',
  'Lee',
  'Wong',
  'Ng',
  'Chong',
  'Chan',
  'Goh',
  'Ong',
  'Teoh',
  'Yeoh',
  'Lau',
  'Chin',
  'Liew',
  'Koh',
];
const CHINESE_GIVEN = [
  'Mei Ling',
  'Wei Jie',
  'Kah Wai',
  'Siew Lan',
  'Chee Keong',
  'Li Hua',
  'Boon Huat',
  'Pei Shan',
  'Jun Hao',
  'Hui Min',
  'Kok Leong',
  'Xin Yi',
  'Yong Sheng',
  'Shu Fen',
  'Wai Kit',
];
const INDIAN_MEN = ['Rajesh', 'Kumar', 'Suresh', 'Ganesh', 'Ravi', 'Arun', 'Vijay', 'Muthu', 'Sivakumar', 'Prakash'];
const INDIAN_WOMEN = [
  'Priya',
  'Kavitha',
  'Lakshmi',
  'Devi',
  'Anitha',
  'Meena',
  'Shanti',
  'Revathi',
  'Deepa',
  'Sangeetha',
];
const INDIAN_FATHERS = [
  'Subramaniam',
  'Krishnan',
  'Muniandy',
  'Rajoo',
  'Arumugam',
  'Govindasamy',
  'Ramasamy',
  'Nadarajah',
  'Pillai',
  'Maniam',
];
const EMPLOYERS = [
  'Maybank',
  'CIMB Bank',
  'Public Bank',
  'RHB Bank',
  'Hong Leong Bank',
  'AmBank',
  'Bank Islam',
  'Bank Rakyat',
  'Affin Bank',
  'Alliance Bank',
  'OCBC Bank Malaysia',
  'HSBC Bank Malaysia',
  'Standard Chartered Malaysia',
  'UOB Malaysia',
  'Bank Simpanan Nasional',
  'Agrobank',
  'Great Eastern Life',
  'Prudential Assurance Malaysia',
  'Allianz Malaysia',
  'AIA Malaysia',
  'Etiqa',
  'Zurich Malaysia',
  'Takaful Malaysia',
  'Tokio Marine Malaysia',
  'Malaysia Airlines',
  'AirAsia',
  'Firefly',
  'MASwings',
  'Malaysia Airports',
  'MASkargo',
];
const BRANCHES = [
  'Kuala Lumpur',
  'Petaling Jaya',
  'Shah Alam',
  'Klang',
  'Subang Jaya',
  'Putrajaya',
  'George Town',
  'Butterworth',
  'Ipoh',
  'Taiping',
  'Alor Setar',
  'Sungai Petani',
  'Kangar',
  'Kota Bharu',
  'Kuala Terengganu',
  'Kuantan',
  'Seremban',
  'Melaka',
  'Johor Bahru',
  'Batu Pahat',
  'Muar',
  'Kota Kinabalu',
  'Sandakan',
  'Kuching',
  'Miri',
  'Sibu',
  'Labuan',
];
const POSITIONS = [
  'Clerk',
  'Teller',
  'Customer Service Officer',
  'Executive',
  'Senior Executive',
  'Officer',
  'Cabin Crew',
  'Engineer',
  'Technician',
  'Underwriter',
  'Claims Officer',
  'Branch Operations Officer',
];
const STREETS = [
  'Jalan Ampang',
  'Jalan Tun Razak',
  'Jalan Sultan Ismail',
  'Jalan Raja Laut',
  'Jalan Bunga Raya',
  'Jalan Merdeka',
  'Jalan Masjid',
  'Jalan Stesen',
  'Jalan Besar',
  'Jalan Tengah',
];

/** A grievance as the demo tells it: its category, subject, description and later actions. */
const CASE_STORIES: { category: string; subject: string; description: string }[] = [
  {
    category: 'Dismissal',
    subject: 'Dismissed without a domestic inquiry',
    description:
      'The member was dismissed with immediate effect after an argument with the branch manager. No show-cause letter was issued and no domestic inquiry was held.',
  },
  {
    category: 'Dismissal',
    subject: 'Termination during probation extension',
    description:
      'Probation was extended twice without reasons and employment was then terminated one week before confirmation.',
  },
  {
    category: 'Disciplinary action',
    subject: 'Show-cause letter over cash shortage',
    description:
      'A show-cause letter was issued over a cash shortage of RM 1,200 at the counter. The member says the shortage was found after a system outage.',
  },
  {
    category: 'Disciplinary action',
    subject: 'Suspension pending investigation',
    description:
      'The member was suspended on half pay pending an investigation that has gone on for more than two weeks.',
  },
  {
    category: 'Salary and allowances',
    subject: 'Shift allowance not paid',
    description:
      'The shift allowance agreed in the collective agreement has not been paid for night shifts since June.',
  },
  {
    category: 'Salary and allowances',
    subject: 'Annual increment withheld',
    description: 'The annual increment was withheld although the performance rating was satisfactory.',
  },
  {
    category: 'Working hours',
    subject: 'Overtime beyond the legal limit',
    description:
      'Staff are asked to work more than 104 hours of overtime a month during the year-end closing without their consent.',
  },
  {
    category: 'Working hours',
    subject: 'Rest day replaced without notice',
    description: 'Rest days were changed at short notice for three months in a row, and no replacement day was given.',
  },
  {
    category: 'Harassment',
    subject: 'Verbal abuse by a supervisor',
    description: 'The member reports repeated shouting and insults from a supervisor in front of customers.',
  },
  {
    category: 'Harassment',
    subject: 'Complaint of sexual harassment',
    description:
      'The member complains of unwelcome remarks and messages from a senior colleague and asks for the inquiry the law requires.',
  },
  {
    category: 'Retrenchment',
    subject: 'Retrenchment benefits disputed',
    description:
      'The member was retrenched in the branch consolidation; the benefits paid are below what the collective agreement provides.',
  },
  {
    category: 'Retrenchment',
    subject: 'LIFO not followed in retrenchment',
    description: 'Junior staff were kept while the member, with 18 years of service, was retrenched.',
  },
  {
    category: 'Transfer',
    subject: 'Transfer to a distant branch',
    description:
      'The member was transferred from Kuala Lumpur to Kota Kinabalu with two weeks notice while caring for an elderly parent.',
  },
  {
    category: 'Transfer',
    subject: 'Transfer as a disguised punishment',
    description: 'The member believes the transfer follows a complaint she made about the branch manager.',
  },
  {
    category: 'Others',
    subject: 'Medical claim rejected',
    description:
      'The panel clinic claim for a specialist visit was rejected although the member was referred by the panel doctor.',
  },
  {
    category: 'Others',
    subject: 'Uniform deduction from salary',
    description: 'The employer deducted the cost of new uniforms from the salary without written consent.',
  },
];

/** Later actions, by type (1 officer, 2 branch, 3 member). */
const ACTION_STORIES: [type: number, text: string][] = [
  [1, 'Called the member to take a full statement and asked for copies of the letters received.'],
  [2, 'The branch secretary met the branch manager; management agreed to review the matter.'],
  [3, 'The member sent the payslips and the letter from the employer.'],
  [1, 'Wrote to the employer asking for a meeting under the collective agreement.'],
  [2, 'The branch reports that other staff have the same complaint.'],
  [1, 'Meeting with human resources held; the employer will reply in writing within 14 days.'],
  [3, 'The member asks for the case to be referred to the Industrial Relations Department.'],
  [1, 'Referred the dispute for conciliation at the Industrial Relations Department.'],
];
/** Why a demo case closed once was reopened. */
const REOPEN_REASONS = [
  'The employer did not pay as agreed at the meeting.',
  'The member brought new letters from the employer.',
  'The employer went back on the settlement.',
];
const OUTCOMES = [
  'Settled: the employer agreed to pay the amount claimed.',
  'Resolved at the meeting with management; the decision was withdrawn.',
  'Referred to the Industrial Court.',
  'Withdrawn by the member.',
  'The employer reinstated the member with back pay.',
];

/** A SQL array literal of constant texts (ours, never user input). */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
/**
 * A deterministic number from a row's number and a salt, no random source: the row number times
 * a multiplier of its own for each salt, modulo a prime, so that two salts' picks are unrelated
 * (one multiplier plus an offset per salt would tie, say, a first name to a surname).
 */
const mix = (i: SQL, salt: number) => sql`((${i} * ${sql.raw(String(2654435761 + salt * 1000003))}) % 2147483647)`;
const pick = (values: readonly string[], i: SQL, salt: number) =>
  sql`(${textArray(values)})[1 + (${mix(i, salt)} % ${sql.raw(String(values.length))})]`;

/** The member no of the n-th generated member (1-based). */
export const generatedMemberNo = (n: number) => `M${String(n).padStart(7, '0')}`;

/**
 * Inserts `members` generated members numbered from `first` (M0000001, …) in batches. Each NRIC
 * is a bijection of the number, so two never collide, and its first six digits are the member's
 * date of birth.
 */
export async function generateIrMembers(db: Queryable, { members, first = 1 }: { members: number; first?: number }) {
  const BATCH = 100_000;
  for (let from = first; from < first + members; from += BATCH) {
    const to = Math.min(from + BATCH, first + members) - 1;
    const i = sql`g.i::bigint`;
    // 2,044,000,000 = 14,600 days × 14 place-of-birth codes × 10,000; 1,000,003 is prime to it.
    const x = sql`((${i} * 1000003) % 2044000000)`;
    const origin = sql`(${mix(i, 1)} % 10)`;
    const female = sql`(${mix(i, 2)} % 2 = 0)`;
    const name = sql`case
      when ${origin} < 6 then case when ${female}
        then ${pick(MALAY_WOMEN, i, 3)} || ' binti ' || ${pick(MALAY_FATHERS, i, 4)}
        else ${pick(MALAY_MEN, i, 5)} || ' bin ' || ${pick(MALAY_FATHERS, i, 4)} end
      when ${origin} < 8 then ${pick(CHINESE_SURNAMES, i, 6)} || ' ' || ${pick(CHINESE_GIVEN, i, 7)}
      else case when ${female}
        then ${pick(INDIAN_WOMEN, i, 8)} || ' a/p ' || ${pick(INDIAN_FATHERS, i, 9)}
        else ${pick(INDIAN_MEN, i, 10)} || ' a/l ' || ${pick(INDIAN_FATHERS, i, 9)} end
    end`;
    await db.execute(sql`
      insert into ir_members (member_no, name, name_folded, nric, gender, date_of_birth, employer, branch, position,
        status, join_date, phone, email, address)
      select member_no, name, lower(name), to_char(dob, 'YYMMDD') || lpad(pb::text, 2, '0') || lpad(serial::text, 4, '0'),
        gender, dob, employer, branch, position, status, least(dob + 7300 + (h % 3650)::int, date '2026-01-01'),
        '+601' || (h % 10)::text || lpad((h % 10000000)::text, 7, '0'), null,
        (1 + h % 200)::text || ' ' || street || ', ' || branch
      from (
        select 'M' || lpad(g.i::text, 7, '0') as member_no,
          ${name} as name,
          date '1960-01-01' + (${x} / 140000)::int as dob,
          1 + (${x} / 10000) % 14 as pb,
          ${x} % 10000 as serial,
          case when ${female} then 'F' else 'M' end as gender,
          ${pick(EMPLOYERS, i, 11)} as employer,
          ${pick(BRANCHES, i, 12)} as branch,
          ${pick(POSITIONS, i, 13)} as position,
          case when ${mix(i, 14)} % 20 < 16 then 'active' when ${mix(i, 14)} % 20 < 18 then 'lapsed'
            when ${mix(i, 14)} % 20 < 19 then 'resigned' else 'deceased' end as status,
          ${pick(STREETS, i, 15)} as street,
          ${mix(i, 16)} as h
        from generate_series(${from}::bigint, ${to}::bigint) as g(i)
      ) m`);
  }
}

export interface DemoOfficer {
  id: string;
  name: string;
}

/**
 * Inserts `cases` generated cases over the members numbered as generateIrMembers numbers them
 * (M0000001 up to the number of members), with 1 to 4 actions each, opened over the three years
 * before `today`, most of the older ones closed; numbered per year after any existing case, and
 * each year's counter raised to match (decision record 0043). Every closed case's closing is on
 * its timeline (docs/product/ir.md §3), by its officer; with `reopenedBy`, some open cases were
 * closed once and reopened by them. Needs the categories.
 */
export async function generateIrCases(
  db: Queryable,
  {
    cases,
    officers,
    reopenedBy,
    today = todayIn(DEFAULT_TIME_ZONE),
  }: { cases: number; officers: DemoOfficer[]; reopenedBy?: DemoOfficer; today?: string },
) {
  // The members generateIrMembers numbered (M0000001, …), not the few the demo adds by hand.
  const [{ n: memberCount }] = (await db
    .select({ n: count() })
    .from(irMembers)
    .where(sql`${irMembers.memberNo} ~ '^M[0-9]{7}$'`)) as [{ n: number }];
  if (memberCount === 0 || cases === 0) return;
  const i = sql`g.i::bigint`;
  const story = sql`(1 + ${mix(i, 21)} % ${sql.raw(String(CASE_STORIES.length))})`;
  const officerIds = textArray(officers.map((o) => o.id));
  const officerNames = textArray(officers.map((o) => o.name));
  const officer = (array: SQL) =>
    officers.length === 0 ? sql`null::text` : sql`(${array})[1 + ${mix(i, 22)} % ${sql.raw(String(officers.length))}]`;
  const age = sql`(${mix(i, 23)} % 1095)::int`;
  await db.execute(sql`
    with stories(k, category, subject, description) as (
      select k, (${textArray(CASE_STORIES.map((s) => s.category))})[k], (${textArray(CASE_STORIES.map((s) => s.subject))})[k],
        (${textArray(CASE_STORIES.map((s) => s.description))})[k]
      from generate_series(1, ${CASE_STORIES.length}) as k
    ),
    active as (
      select id, name, row_number() over (order by name) as k, count(*) over () as n from ir_categories where active
    ),
    generated as (
      select g.i, ${story} as k,
        ${today}::date - ${age} as opened_on,
        case when ${age} > 45 and ${mix(i, 24)} % 10 < 8 then least(${today}::date - ${age} + (1 + ${mix(i, 25)} % 90)::int, ${today}::date) end as closed_on,
        (${mix(i, 26)} % 4)::smallint as contact_method,
        ${officer(officerIds)} as officer_id, ${officer(officerNames)} as officer_name,
        m.member_no, m.name as member_name,
        ${pick(OUTCOMES, i, 28)} as outcome
      from generate_series(1, ${cases}) as g(i)
      -- Joined before numbering, so a case whose member is missing leaves no gap.
      join ir_members m on m.member_no = 'M' || lpad((1 + ${mix(i, 27)} % ${memberCount})::text, 7, '0')
    ),
    numbered as (
      select generated.*, extract(year from opened_on)::int as year,
        coalesce((select last from ir_case_counters c where c.year = extract(year from opened_on)::int), 0)
          + row_number() over (partition by extract(year from opened_on) order by opened_on, i) as sequence
      from generated
    )
    insert into ir_cases (case_no, year, sequence, member_no, member_name, subject, category_id, description,
      contact_method, status, officer_id, officer_name, opened_by_id, opened_by_name, opened_on, closed_on, outcome,
      search, created_at, updated_at)
    select 'GRV' || n.year || lpad(n.sequence::text, 5, '0'), n.year, n.sequence, n.member_no, n.member_name, s.subject,
      coalesce(c.id, (select a.id from active a where a.k = 1 + n.i % a.n)), s.description, n.contact_method,
      case when n.closed_on is null then 0 else 1 end, n.officer_id, n.officer_name,
      coalesce(n.officer_id, 'demo'), coalesce(n.officer_name, 'Demo data'), n.opened_on, n.closed_on,
      case when n.closed_on is null then null else n.outcome end,
      to_tsvector('simple', s.subject || ' ' || s.description), n.opened_on::timestamptz, n.opened_on::timestamptz
    from numbered n
    join stories s on s.k = n.k
    left join ir_categories c on lower(c.name) = lower(s.category) and c.active`);
  // Each year's counter after its last case, so cases opened through the API go on from there.
  await db.execute(sql`
    insert into ir_case_counters (year, last) select year, max(sequence) from ir_cases group by year
    on conflict (year) do update set last = greatest(ir_case_counters.last, excluded.last)`);
  // The Initial Case Fact of every case that has none yet, then up to three later actions.
  await db.execute(sql`
    insert into ir_case_actions (case_no, type, date, text, author_id, author_name, created_at)
    select case_no, 0, opened_on, description, opened_by_id, opened_by_name, opened_on::timestamptz
    from ir_cases c where not exists (select 1 from ir_case_actions a where a.case_no = c.case_no)`);
  const stories = ACTION_STORIES;
  const c = sql`c.sequence::bigint`;
  await db.execute(sql`
    with later as (
      select c.case_no, step, c.opened_on, c.closed_on, c.opened_by_id, c.opened_by_name,
        1 + ((${c} + c.year + step * 3) % ${stories.length}) as k
      from ir_cases c, generate_series(1, 3) as step
      where step <= (${mix(c, 30)} % 4)
        and (select count(*) from ir_case_actions a where a.case_no = c.case_no) = 1
    )
    insert into ir_case_actions (case_no, type, date, text, author_id, author_name, created_at)
    select case_no, (${sql.raw(`array[${stories.map(([type]) => type).join(',')}]`)})[k],
      least(opened_on + step * 7, coalesce(closed_on, ${today}::date)),
      (${textArray(stories.map(([, text]) => text))})[k], opened_by_id, opened_by_name,
      least(opened_on + step * 7, coalesce(closed_on, ${today}::date))::timestamptz + make_interval(mins => step)
    from later`);
  // The closings, an hour into the closing day: after the day's actions (minutes into it).
  await db.execute(sql`
    insert into ir_case_events (case_no, kind, date, text, actor_id, actor_name, created_at)
    select c.case_no, 'closed', c.closed_on, c.outcome, coalesce(c.officer_id, c.opened_by_id),
      coalesce(c.officer_name, c.opened_by_name), c.closed_on::timestamptz + interval '1 hour'
    from ir_cases c
    where c.status = 1 and not exists (select 1 from ir_case_events e where e.case_no = c.case_no)`);
  if (reopenedBy) {
    // One in five open cases older than a month was closed after its actions (the last is on
    // day 21) and reopened three days later.
    await db.execute(sql`
      with reopened as (
        select c.case_no, c.opened_on + 22 as closed_on, c.opened_on + 25 as reopened_on,
          coalesce(c.officer_id, c.opened_by_id) as officer_id, coalesce(c.officer_name, c.opened_by_name) as officer_name,
          ${pick(OUTCOMES, c, 32)} as outcome, ${pick(REOPEN_REASONS, c, 33)} as reason
        from ir_cases c
        where c.status = 0 and c.opened_on + 30 <= ${today}::date and ${mix(c, 31)} % 5 = 0
          and not exists (select 1 from ir_case_events e where e.case_no = c.case_no)
      )
      insert into ir_case_events (case_no, kind, date, text, actor_id, actor_name, created_at)
      select case_no, 'closed', closed_on, outcome, officer_id, officer_name, closed_on::timestamptz + interval '1 hour'
      from reopened
      union all
      select case_no, 'reopened', reopened_on, reason, ${reopenedBy.id}, ${reopenedBy.name},
        reopened_on::timestamptz + interval '1 hour'
      from reopened`);
  }
  await db.execute(sql`
    update ir_cases c set search = c.search || to_tsvector('simple', t.texts)
    from (select case_no, string_agg(text, ' ') as texts from ir_case_actions where type > 0 group by case_no) t
    where t.case_no = c.case_no and c.search = to_tsvector('simple', c.subject || ' ' || c.description)`);
}

function todayIn(timeZone: string) {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** A few members whose names carry accents (Eurasian families of Melaka), for the accent-folding search. */
const ACCENTED_MEMBERS = [
  {
    memberNo: 'E0000001',
    name: 'José de Souza',
    nric: '760412045013',
    gender: 'M' as const,
    dateOfBirth: '1976-04-12',
  },
  {
    memberNo: 'E0000002',
    name: 'Renée Fernandez',
    nric: '830930045122',
    gender: 'F' as const,
    dateOfBirth: '1983-09-30',
  },
  { memberNo: 'E0000003', name: 'Zoë Pereira', nric: '910715045230', gender: 'F' as const, dateOfBirth: '1991-07-15' },
];

/** The demo's sizes: a few thousand members and a few hundred cases (docs/product/screens.md §10–§12). */
export const DEMO_IR_SIZE = { members: 3000, cases: 300 };

/**
 * The demo officers before their accounts exist: the demo staff of IR and IRAdmin, by a
 * placeholder id that linkDemoIrOfficer swaps for the account's `sub` once it is created.
 */
export const DEMO_IR_OFFICERS: DemoOfficer[] = [
  { id: 'demo:ir@staffportal.example', name: 'Nurul Izzah' },
  { id: 'demo:iradmin@staffportal.example', name: 'Lim Wei Jie' },
];

/**
 * Seeds the IR demo: categories, members and cases with actions. Idempotent: categories are
 * inserted once by name, members and cases only into empty tables.
 */
export async function seedDemoIr(db: Db | Transaction, options: { today?: string } = {}) {
  await db.transaction(async (tx) => {
    await tx
      .insert(irCategories)
      .values(DEMO_IR_CATEGORIES.map((name) => ({ name })))
      .onConflictDoNothing();
    const [members] = await tx.select({ n: count() }).from(irMembers);
    if (members!.n === 0) {
      await generateIrMembers(tx, { members: DEMO_IR_SIZE.members });
      await insertMembers(
        tx,
        ACCENTED_MEMBERS.map((member, n) => ({
          ...member,
          employer: EMPLOYERS[n]!,
          branch: 'Melaka',
          position: 'Executive',
          status: 'active',
          joinDate: '2012-01-02',
        })),
      );
    }
    const [cases] = await tx.select({ n: count() }).from(irCases);
    if (cases!.n === 0) {
      await generateIrCases(tx, {
        cases: DEMO_IR_SIZE.cases,
        officers: DEMO_IR_OFFICERS,
        // The IR admin, who alone may reopen a case (docs/product/ir.md §2).
        reopenedBy: DEMO_IR_OFFICERS[1]!,
        ...(options.today ? { today: options.today } : {}),
      });
    }
  });
}

/** Once a demo officer's account exists, the cases, actions and events seeded for them name the account. */
export async function linkDemoIrOfficer(db: Queryable, email: string, sub: string) {
  const placeholder = `demo:${email}`;
  await db.update(irCases).set({ officerId: sub }).where(eq(irCases.officerId, placeholder));
  await db.update(irCases).set({ openedById: sub }).where(eq(irCases.openedById, placeholder));
  await db.update(irCaseActions).set({ authorId: sub }).where(eq(irCaseActions.authorId, placeholder));
  await db.update(irCaseEvents).set({ actorId: sub }).where(eq(irCaseEvents.actorId, placeholder));
}
