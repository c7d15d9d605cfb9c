import { describe, expect, it } from 'vitest';
import * as identityAdmin from '@staff-portal/identity/admin';
import type { LeaveRequest } from '@staff-portal/shared/leave';
import {
  MAX_AWAY_ENTRIES,
  teamAwaySchema,
  teamPeopleSchema,
  type TeamAway,
  type TeamPeople,
} from '@staff-portal/shared/team';
import { staffMovements } from '../../db/schema/staff-movement';
import { createUser } from '../../identity/identity-test-kit';
import { createTestApp, type TestContext } from '../../test/app';
import { seedLeaveFixture, staffIds } from '../../test/leave-fixture';

// The team space (docs/product/screens.md §16, decision record 0080): the people of my departments,
// by the identity service's groups, and who of them is away where leave data exists.

interface Person {
  sub: string;
  email: string;
  groups: string[];
}

/**
 * The demo organisation's staff records (the leave fixture) and identity accounts in their groups,
 * as the demo seeds them: Ravi Chandran (staff@) is in the organisation's own department UNION and
 * in HR. Besides them, accounts without a staff record: a second UNION member, a CLUB member (a
 * department that keeps no leave at all) and a disabled HR account.
 */
async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  const account = async (email: string, name: string, groups: string[]): Promise<Person> => ({
    sub: await createUser(ctx.app, email, { groups, name }),
    email,
    groups,
  });
  const people = {
    itadmin: await account('itadmin@staffportal.example', 'Aisyah Rahman', ['ITAdmin']),
    hradmin: await account('hradmin@staffportal.example', 'Tan Mei Ling', ['HRAdmin']),
    hr: await account('hr@staffportal.example', 'Muhammad Hafiz', ['HR']),
    hr2: await account('hr2@staffportal.example', 'Priya Nair', ['HR']),
    iradmin: await account('iradmin@staffportal.example', 'Lim Wei Jie', ['IRAdmin']),
    ir: await account('ir@staffportal.example', 'Nurul Izzah', ['IR']),
    staff: await account('staff@staffportal.example', 'Ravi Chandran', ['UNION', 'HR']),
    union2: await account('union2@staffportal.example', 'Siti Aminah', ['UNION']),
    club: await account('club@staffportal.example', 'Kelab Staff Member', ['CLUB']),
    gone: await account('gone@staffportal.example', 'Gone Away', ['HR']),
  };
  const pool = { UserPoolId: ctx.app.identity!.context.config.userPoolId };
  await identityAdmin.adminDisableUser(ctx.app.identity!.context, { ...pool, Username: people.gone.sub });
  return { ctx, people };
}

async function get(ctx: TestContext, who: Person | undefined, url: string) {
  const headers = who ? { authorization: `Bearer ${await ctx.tokens.idToken(who)}` } : {};
  return ctx.app.inject({ method: 'GET', url, headers });
}

async function post(ctx: TestContext, who: Person, url: string, payload: object) {
  const response = await ctx.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${await ctx.tokens.idToken(who)}` },
    payload,
  });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json<LeaveRequest>();
}

async function people(ctx: TestContext, who: Person, query = '') {
  const response = await get(ctx, who, `/api/team/people${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return teamPeopleSchema.parse(response.json<TeamPeople>());
}

async function away(ctx: TestContext, who: Person, query: string) {
  const response = await get(ctx, who, `/api/team/away?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return teamAwaySchema.parse(response.json<TeamAway>());
}

/** One line per person: name, their departments, and "me". */
const lines = (body: TeamPeople) =>
  body.items.map((p) => `${p.name} [${p.departmentCodes.join(', ')}]${p.isMe ? ' me' : ''}`);

/** One line per absence: who, their departments, what, and its status for leave. */
const summary = (entries: TeamAway['today']) =>
  entries.map(
    (e) =>
      `${e.staffName} [${e.departmentCodes.join(', ')}]: ${e.type === 'leave' ? `${e.leaveTypeName} ${e.status}` : e.kind}`,
  );

/** Mon 8 – Fri 12 March 2027; Wednesday the 10th is a public holiday in the fixture. */
const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };
/** Tuesday 9 March 2027, 09:00 to 17:00 in Kuala Lumpur. */
const visit = {
  kind: 'site_visit',
  startsAt: '2027-03-09T09:00:00+08:00',
  endsAt: '2027-03-09T17:00:00+08:00',
  purpose: 'Branch audit in Klang',
};

describe('team API: who sees whom', () => {
  it.each(['/api/team/people', '/api/team/away'])('GET %s needs a token (401)', async (url) => {
    const { ctx } = await setup();
    expect((await get(ctx, undefined, url)).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
  });

  it('shows a member of HR and of the organisation’s department both departments and all their people', async () => {
    const { ctx, people: who } = await setup();
    const body = await people(ctx, who.staff);
    expect(body.departments).toEqual([
      { code: 'HR', name: 'Human Resources' },
      { code: 'UNION', name: 'Organisation' },
    ]);
    expect(body).toMatchObject({ myDepartments: ['HR', 'UNION'], departmentCode: null, total: 5 });
    // HR's accounts (HRAdmin is in HR, as it is in HR's audience: docs/product/access.md §2), and
    // UNION's, each once; not the disabled account.
    expect(lines(body)).toEqual([
      'Muhammad Hafiz [HR]',
      'Priya Nair [HR]',
      'Ravi Chandran [HR, UNION] me',
      'Siti Aminah [UNION]',
      'Tan Mei Ling [HR]',
    ]);
    expect(body.items[0]).toEqual({
      name: 'Muhammad Hafiz',
      email: 'hr@staffportal.example',
      departmentCodes: ['HR'],
      isMe: false,
    });
  });

  it('lists the people of a department that keeps no leave records, and says nobody’s leave is known', async () => {
    const { ctx, people: who } = await setup();
    const body = await people(ctx, who.club);
    expect(body.departments).toEqual([{ code: 'CLUB', name: 'Staff Club' }]);
    expect(lines(body)).toEqual(['Kelab Staff Member [CLUB] me']);
    const absent = await away(ctx, who.club, 'date=2027-03-09');
    expect(absent).toMatchObject({ today: [], thisWeek: [], members: 1, withLeaveRecord: 0, truncated: false });
  });

  it.each<[keyof Awaited<ReturnType<typeof setup>>['people'], string[]]>([
    // HR's group and HRAdmin's, which is in HR by the group check's plain name.
    ['hr', ['Muhammad Hafiz [HR] me', 'Priya Nair [HR]', 'Ravi Chandran [HR]', 'Tan Mei Ling [HR]']],
    ['ir', ['Lim Wei Jie [IR]', 'Nurul Izzah [IR] me']],
    // IRAdmin is in IRAdmin and in IR.
    ['iradmin', ['Lim Wei Jie [IR, IRAdmin] me', 'Nurul Izzah [IR]']],
    // ITAdmin passes every guard, but is a member of ITAdmin only.
    ['itadmin', ['Aisyah Rahman [ITAdmin] me']],
  ])('shows %s the people of their departments', async (name, expected) => {
    const { ctx, people: who } = await setup();
    expect(lines(await people(ctx, who[name]))).toEqual(expected);
  });

  it('lets me pick one of my departments, and refuses another with 403, writing nothing', async () => {
    const { ctx, people: who } = await setup();
    const union = await people(ctx, who.staff, '?department=UNION');
    expect(union.departmentCode).toBe('UNION');
    expect(lines(union)).toEqual(['Ravi Chandran [UNION] me', 'Siti Aminah [UNION]']);
    for (const department of ['IR', 'HRAdmin', 'CLUB', 'NOPE']) {
      for (const url of ['/api/team/people', '/api/team/away']) {
        const response = await get(ctx, who.staff, `${url}?department=${department}`);
        expect(response.statusCode, `${url} ${department}`).toBe(403);
      }
    }
  });

  it('lets ADMIN pick any department, and refuses one that does not exist with 400', async () => {
    const { ctx, people: who } = await setup();
    const mine = await people(ctx, who.hradmin);
    // HRAdmin's own departments by default (HRAdmin, and HR by the group check's plain name).
    expect(mine.myDepartments).toEqual(['HR', 'HRAdmin']);
    expect(mine.departments.map((d) => d.code)).toEqual([
      'HR',
      'HRAdmin',
      'ITAdmin',
      'IR',
      'IRAdmin',
      'CLUB',
      'CREDIT_COOP',
      'GS_COOP',
      'UNION',
    ]);
    const club = await people(ctx, who.hradmin, '?department=CLUB');
    expect(lines(club)).toEqual(['Kelab Staff Member [CLUB]']);
    // A department nobody is in is an empty list.
    expect((await people(ctx, who.itadmin, '?department=GS_COOP')).items).toEqual([]);
    for (const url of ['/api/team/people', '/api/team/away']) {
      const unknown = await get(ctx, who.itadmin, `${url}?department=NOPE`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ field: 'department', reason: 'noSuchDepartment' });
    }
  });

  it('answers someone in no department with nobody, and no department: not an error', async () => {
    const { ctx } = await setup();
    const loner = { sub: '00000000-0000-4000-8000-0000000000ff', email: 'loner@staffportal.example', groups: [] };
    const body = await people(ctx, loner);
    expect(body).toEqual({
      items: [],
      total: 0,
      page: 1,
      pageSize: 25,
      departments: [],
      myDepartments: [],
      departmentCode: null,
    });
    expect(await away(ctx, loner, 'date=2027-03-09')).toMatchObject({ today: [], members: 0, withLeaveRecord: 0 });
  });
});

describe('GET /api/team/people', () => {
  it.each([
    ['priya', ['Priya Nair']],
    ['PRIYA', ['Priya Nair']],
    ['HR2@STAFFPORTAL', ['Priya Nair']],
    ['aminah', ['Siti Aminah']],
    ['  hafiz ', ['Muhammad Hafiz']],
    // Wildcards are taken literally.
    ['%', []],
    ['_', []],
    // Someone of another department is not found by name.
    ['Nurul', []],
  ])('searches names and e-mail addresses in any case: %j', async (search, names) => {
    const { ctx, people: who } = await setup();
    const body = await people(ctx, who.staff, `?search=${encodeURIComponent(search)}`);
    expect(body.items.map((p) => p.name)).toEqual(names);
    expect(body.total).toBe(names.length);
  });

  it('pages by name, with the total', async () => {
    const { ctx, people: who } = await setup();
    const first = await people(ctx, who.staff, '?pageSize=2');
    expect(first.items.map((p) => p.name)).toEqual(['Muhammad Hafiz', 'Priya Nair']);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    const last = await people(ctx, who.staff, '?pageSize=2&page=3');
    expect(last.items.map((p) => p.name)).toEqual(['Tan Mei Ling']);
    expect((await people(ctx, who.staff, '?pageSize=2&page=4')).items).toEqual([]);
  });

  it.each([
    ['page', '?page=0', 'tooSmall'],
    ['page', '?page=abc', undefined],
    ['page', '?page=1.5', 'notWhole'],
    ['page', '?page=10001', 'tooBig'],
    ['pageSize', '?pageSize=0', 'tooSmall'],
    ['pageSize', '?pageSize=101', 'tooBig'],
    ['search', `?search=${'x'.repeat(101)}`, 'tooLong'],
    ['department', '?department=', 'required'],
    ['department', `?department=${'D'.repeat(51)}`, 'tooLong'],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query, reason) => {
    const { ctx, people: who } = await setup();
    const response = await get(ctx, who.hr, `/api/team/people${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, ...(reason ? { reason } : {}) });
  });
});

describe('GET /api/team/away', () => {
  /**
   * Hafiz (HR): annual leave Monday to Friday, approved (not the Wednesday holiday). Priya (HR): a
   * site visit on Tuesday, leave on Friday still pending, a rejected Tuesday and a cancelled
   * Thursday. Ravi (UNION and HR) a meeting on Tuesday; Nurul (IR) a site visit on Tuesday.
   */
  async function seedWeek(ctx: TestContext, who: Awaited<ReturnType<typeof setup>>['people']) {
    const approved = await post(ctx, who.hr, '/api/leave/requests', week);
    await post(ctx, who.hradmin, `/api/leave/requests/${approved.referenceId}/decision`, { decision: 'approve' });
    await post(ctx, who.hr2, '/api/leave/requests', { ...week, startDate: '2027-03-12', endDate: '2027-03-12' });
    const rejected = await post(ctx, who.hr2, '/api/leave/requests', {
      ...week,
      startDate: '2027-03-09',
      endDate: '2027-03-09',
    });
    await post(ctx, who.hradmin, `/api/leave/requests/${rejected.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Audit week',
    });
    const cancelled = await post(ctx, who.hr2, '/api/leave/requests', {
      ...week,
      startDate: '2027-03-11',
      endDate: '2027-03-11',
    });
    await post(ctx, who.hr2, `/api/leave/requests/${cancelled.referenceId}/cancel`, {});
    await post(ctx, who.hr2, '/api/leave/movements', visit);
    await post(ctx, who.staff, '/api/leave/movements', { ...visit, kind: 'meeting', purpose: 'Union council' });
    // Nurul (IR) may not use the movement page: her visit is written directly.
    await ctx.database.db.insert(staffMovements).values({
      staffId: 'LVUSR0000000006',
      kind: 'site_visit',
      startsAt: new Date(visit.startsAt),
      endsAt: new Date(visit.endsAt),
      purpose: 'Branch visit',
    });
  }

  it('says who of my departments is away on the day and on the other days of its week, by their accounts', async () => {
    const { ctx, people: who } = await setup();
    await seedWeek(ctx, who);
    const body = await away(ctx, who.staff, 'date=2027-03-09');
    expect(body).toMatchObject({
      date: '2027-03-09',
      weekStart: '2027-03-08',
      weekEnd: '2027-03-14',
      truncated: false,
      // HR's and UNION's five enabled accounts; Siti Aminah has no staff record.
      members: 5,
      withLeaveRecord: 4,
    });
    expect(summary(body.today)).toEqual([
      'Muhammad Hafiz [HR]: Annual Leave 1',
      'Priya Nair [HR]: site_visit',
      'Ravi Chandran [HR, UNION]: meeting',
    ]);
    // Pending leave shows, with its status; the rejected and the cancelled do not.
    expect(summary(body.thisWeek)).toEqual(['Priya Nair [HR]: Annual Leave 0']);
    expect(body.today[1]).toEqual({
      type: 'movement',
      staffName: 'Priya Nair',
      departmentCodes: ['HR'],
      kind: 'site_visit',
      startsAt: '2027-03-09T01:00:00.000Z',
      endsAt: '2027-03-09T09:00:00.000Z',
    });
    // The movement's purpose stays on the staff movement page.
    expect(JSON.stringify(body)).not.toContain('Klang');

    // The organisation's own department alone: Ravi; IR sees Nurul, and nobody of HR.
    expect(summary((await away(ctx, who.staff, 'date=2027-03-09&department=UNION')).today)).toEqual([
      'Ravi Chandran [UNION]: meeting',
    ]);
    expect(summary((await away(ctx, who.ir, 'date=2027-03-09')).today)).toEqual(['Nurul Izzah [IR]: site_visit']);
  });

  it('does not count a public holiday inside leave as a day away', async () => {
    const { ctx, people: who } = await setup();
    await seedWeek(ctx, who);
    const holiday = await away(ctx, who.hr, 'date=2027-03-10');
    expect(summary(holiday.today)).toEqual([]);
    // Ordered by their first day away in the week.
    expect(summary(holiday.thisWeek)).toEqual([
      'Muhammad Hafiz [HR]: Annual Leave 1',
      'Priya Nair [HR]: site_visit',
      'Ravi Chandran [HR]: meeting',
      'Priya Nair [HR]: Annual Leave 0',
    ]);
  });

  it('follows the accounts, not the staff records: someone who left HR is no longer in its lists', async () => {
    const { ctx, people: who } = await setup();
    await seedWeek(ctx, who);
    const pool = { UserPoolId: ctx.app.identity!.context.config.userPoolId };
    await identityAdmin.adminRemoveUserFromGroup(ctx.app.identity!.context, {
      ...pool,
      Username: who.staff.sub,
      GroupName: 'HR',
    });
    const body = await away(ctx, who.hr, 'date=2027-03-09');
    expect(summary(body.today)).toEqual(['Muhammad Hafiz [HR]: Annual Leave 1', 'Priya Nair [HR]: site_visit']);
    expect(body).toMatchObject({ members: 3, withLeaveRecord: 3 });
    expect(lines(await people(ctx, who.hr))).toEqual([
      'Muhammad Hafiz [HR] me',
      'Priya Nair [HR]',
      'Tan Mei Ling [HR]',
    ]);
  });

  it('answers at most MAX_AWAY_ENTRIES movements, and says the list is cut', async () => {
    const { ctx, people: who } = await setup();
    // An hour each through Tuesday and Wednesday, written directly: more than the cap.
    const start = Date.parse('2027-03-09T00:00:00+08:00');
    await ctx.database.db.insert(staffMovements).values(
      Array.from({ length: MAX_AWAY_ENTRIES + 1 }, (_, i) => ({
        staffId: staffIds.hr2,
        kind: 'meeting' as const,
        startsAt: new Date(start + i * 1_800_000),
        endsAt: new Date(start + i * 1_800_000 + 900_000),
        purpose: `Meeting ${i}`,
      })),
    );
    const body = await away(ctx, who.hr, 'date=2027-03-09');
    expect(body.truncated).toBe(true);
    expect(body.today.length + body.thisWeek.length).toBe(MAX_AWAY_ENTRIES);
    // Half-hourly from Tuesday 00:00: the first 48 are on Tuesday.
    expect(body.today).toHaveLength(48);
  });

  it('answers today in the organisation time zone when no date is given', async () => {
    const { ctx, people: who } = await setup();
    const body = await away(ctx, who.hr, '');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.organisation.timeZone }).format(new Date());
    expect(body.date).toBe(today);
    expect(body.weekStart <= today && today <= body.weekEnd).toBe(true);
  });

  it.each([
    ['date', 'date=9-3-2027', 'invalidDate'],
    ['date', 'date=2027-02-30', 'invalidDate'],
    ['date', 'date=1999-12-31', 'dateOutOfRange'],
    ['department', 'department=', 'required'],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query, reason) => {
    const { ctx, people: who } = await setup();
    const response = await get(ctx, who.hr, `/api/team/away?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, reason });
  });
});
