import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MAX_AWAY_ENTRIES,
  teamAwaySchema,
  teamPeopleSchema,
  type TeamAway,
  type TeamPeople,
} from '@staff-portal/shared/team';
import { staff } from '../../db/schema/organisation';
import { staffMovements } from '../../db/schema/staff-movement';
import { createTestApp, type TestContext } from '../../test/app';
import { applyAs, call, seedLeaveFixture, staffIds, type FixtureUser } from '../../test/leave-fixture';

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

/**
 * Each demo staff member (apps/server/src/seed/demo-organisation.ts) signed in as themselves, in
 * their department's group alone: the fixture links the record by the token's e-mail.
 */
const demoStaff = {
  ITAdmin: { sub: '00000000-0000-4000-8000-000000000001', email: 'itadmin@staffportal.example' },
  HRAdmin: { sub: '00000000-0000-4000-8000-000000000002', email: 'hradmin@staffportal.example' },
  HR: { sub: '00000000-0000-4000-8000-000000000003', email: 'hr@staffportal.example' },
  IRAdmin: { sub: '00000000-0000-4000-8000-000000000005', email: 'iradmin@staffportal.example' },
  IR: { sub: '00000000-0000-4000-8000-000000000006', email: 'ir@staffportal.example' },
  UNION: { sub: '00000000-0000-4000-8000-000000000007', email: 'staff@staffportal.example' },
} as const;
type DemoDepartment = keyof typeof demoStaff;

const EVERYONE = [
  'Aisyah Rahman',
  'Lim Wei Jie',
  'Muhammad Hafiz',
  'Nurul Izzah',
  'Priya Nair',
  'Ravi Chandran',
  'Tan Mei Ling',
];

async function asStaffOf(ctx: TestContext, department: DemoDepartment, url: string) {
  const token = await ctx.tokens.idToken({ ...demoStaff[department], groups: [department] });
  return ctx.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

async function people(ctx: TestContext, who: FixtureUser, query = '') {
  const response = await call(ctx, who, 'GET', `/api/team/people${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return teamPeopleSchema.parse(response.json<TeamPeople>());
}

async function away(ctx: TestContext, who: FixtureUser, query: string) {
  const response = await call(ctx, who, 'GET', `/api/team/away?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return teamAwaySchema.parse(response.json<TeamAway>());
}

/** One line per absence: who, what, and its status for leave. */
const summary = (entries: TeamAway['today']) =>
  entries.map((e) =>
    e.type === 'leave' ? `${e.staffName}: ${e.leaveTypeName} ${e.status}` : `${e.staffName}: ${e.kind}`,
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

async function approve(ctx: TestContext, referenceId: string) {
  const response = await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${referenceId}/decision`, {
    decision: 'approve',
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('team API: who sees whom', () => {
  it.each(['/api/team/people', '/api/team/away'])('GET %s needs a token (401)', async (url) => {
    const ctx = await setup();
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const bad = await ctx.app.inject({ method: 'GET', url, headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.statusCode).toBe(401);
  });

  it.each<[DemoDepartment, string[]]>([
    ['HR', ['Muhammad Hafiz', 'Priya Nair']],
    ['IRAdmin', ['Lim Wei Jie']],
    ['IR', ['Nurul Izzah']],
    ['UNION', ['Ravi Chandran']],
    // ADMIN (HRAdmin, ITAdmin: docs/product/access.md §2) sees every department.
    ['HRAdmin', EVERYONE],
    ['ITAdmin', EVERYONE],
  ])('a member of %s sees %j', async (department, names) => {
    const ctx = await setup();
    const response = await asStaffOf(ctx, department, '/api/team/people');
    expect(response.statusCode, response.body).toBe(200);
    const body = teamPeopleSchema.parse(response.json<TeamPeople>());
    expect(body.items.map((p) => p.name)).toEqual(names);
    expect(body.total).toBe(names.length);
    const admin = department === 'HRAdmin' || department === 'ITAdmin';
    expect(body.departmentCode).toBe(admin ? null : department);
    expect(body.departments.map((d) => d.code)).toEqual(
      admin ? expect.arrayContaining(['HR', 'IR', 'UNION', 'CLUB']) : [department],
    );
    expect(body.myStaffId).toMatch(/^LVUSR\d{10}$/);
  });

  it('answers name, e-mail and department of each person', async () => {
    const ctx = await setup();
    const body = await people(ctx, 'hr');
    expect(body.items).toEqual([
      {
        staffId: staffIds.hr,
        name: 'Muhammad Hafiz',
        email: 'hr@staffportal.example',
        departmentCode: 'HR',
        departmentName: 'Human Resources',
      },
      {
        staffId: staffIds.hr2,
        name: 'Priya Nair',
        email: 'hr2@staffportal.example',
        departmentCode: 'HR',
        departmentName: 'Human Resources',
      },
    ]);
    expect(body).toMatchObject({ page: 1, pageSize: 25, departmentCode: 'HR', myStaffId: staffIds.hr });
    expect(body.departments).toEqual([{ code: 'HR', name: 'Human Resources' }]);
  });

  it.each(['IR', 'HRAdmin', 'UNION', 'CLUB', 'NOPE'])(
    'refuses a member of HR who names another department (%s) with 403',
    async (department) => {
      const ctx = await setup();
      for (const url of ['/api/team/people', '/api/team/away']) {
        const response = await call(ctx, 'hr', 'GET', `${url}?department=${department}`);
        expect(response.statusCode, url).toBe(403);
      }
      // Naming their own is the same as naming none.
      expect((await people(ctx, 'hr', '?department=HR')).items).toHaveLength(2);
    },
  );

  it.each<FixtureUser>(['club', 'stranger'])(
    'answers someone with no staff record (%s) with nobody, and no department: not an error',
    async (who) => {
      const ctx = await setup();
      const body = await people(ctx, who);
      expect(body).toEqual({
        items: [],
        total: 0,
        page: 1,
        pageSize: 25,
        departments: [],
        departmentCode: null,
        myStaffId: null,
      });
      const absent = await away(ctx, who, 'date=2027-03-09');
      expect(absent).toMatchObject({ today: [], thisWeek: [], truncated: false });
      // Naming a department does not make it theirs.
      expect((await call(ctx, who, 'GET', '/api/team/people?department=HR')).statusCode).toBe(403);
    },
  );

  it('lets ADMIN pick one department, and refuses one that does not exist with 400', async () => {
    const ctx = await setup();
    const hr = await people(ctx, 'hradmin', '?department=HR');
    expect(hr.items.map((p) => p.name)).toEqual(['Muhammad Hafiz', 'Priya Nair']);
    expect(hr.departmentCode).toBe('HR');
    expect(hr.departments.length).toBe(9);
    // A department with nobody in it is an empty list.
    expect((await people(ctx, 'itadmin', '?department=CLUB')).items).toEqual([]);
    for (const url of ['/api/team/people', '/api/team/away']) {
      const unknown = await call(ctx, 'itadmin', 'GET', `${url}?department=NOPE`);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ field: 'department', reason: 'noSuchDepartment' });
    }
  });
});

describe('GET /api/team/people', () => {
  it.each([
    ['priya', ['Priya Nair']],
    ['PRIYA', ['Priya Nair']],
    ['HR2@STAFFPORTAL', ['Priya Nair']],
    ['staffportal.example', ['Muhammad Hafiz', 'Priya Nair']],
    ['  hafiz ', ['Muhammad Hafiz']],
    // Wildcards are taken literally.
    ['%', []],
    ['_', []],
    // Someone of another department is not found by name.
    ['Tan Mei', []],
  ])('searches names and e-mail addresses in any case: %j', async (search, names) => {
    const ctx = await setup();
    const body = await people(ctx, 'hr', `?search=${encodeURIComponent(search)}`);
    expect(body.items.map((p) => p.name)).toEqual(names);
    expect(body.total).toBe(names.length);
  });

  it('pages by name, with the total', async () => {
    const ctx = await setup();
    const first = await people(ctx, 'itadmin', '?pageSize=3');
    expect(first.items.map((p) => p.name)).toEqual(EVERYONE.slice(0, 3));
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    const last = await people(ctx, 'itadmin', '?pageSize=3&page=3');
    expect(last.items.map((p) => p.name)).toEqual(EVERYONE.slice(6));
    expect((await people(ctx, 'itadmin', '?pageSize=3&page=4')).items).toEqual([]);
  });

  it('leaves out staff who are no longer active', async () => {
    const ctx = await setup();
    await ctx.database.db.update(staff).set({ active: false }).where(eq(staff.staffId, staffIds.hr2));
    expect((await people(ctx, 'hr')).items.map((p) => p.name)).toEqual(['Muhammad Hafiz']);
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
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', `/api/team/people${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, ...(reason ? { reason } : {}) });
  });
});

describe('GET /api/team/away', () => {
  /**
   * Hafiz: annual leave Monday to Friday, approved (not the Wednesday holiday). Priya: a site
   * visit on Tuesday, leave on Friday still pending, a rejected Tuesday and a cancelled Thursday.
   * Tan Mei Ling (HRAdmin) a site visit on Tuesday too; Ravi (UNION) a meeting the week before.
   */
  async function seedWeek(ctx: TestContext) {
    await approve(ctx, (await applyAs(ctx, 'hr', week)).referenceId);
    const pending = await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-12', endDate: '2027-03-12' });
    const rejected = await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-09', endDate: '2027-03-09' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${rejected.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Audit week',
    });
    const cancelled = await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-11', endDate: '2027-03-11' });
    await call(ctx, 'hr2', 'POST', `/api/leave/requests/${cancelled.referenceId}/cancel`, {});
    for (const who of ['hr2', 'hradmin'] as const) {
      const response = await call(ctx, who, 'POST', '/api/leave/movements', visit);
      expect(response.statusCode, response.body).toBe(201);
    }
    return { pending };
  }

  it('says who of my department is away on the day, and on the other days of its week', async () => {
    const ctx = await setup();
    const { pending } = await seedWeek(ctx);
    const body = await away(ctx, 'hr', 'date=2027-03-09');
    expect(body).toMatchObject({
      date: '2027-03-09',
      weekStart: '2027-03-08',
      weekEnd: '2027-03-14',
      truncated: false,
    });
    expect(summary(body.today)).toEqual(['Muhammad Hafiz: Annual Leave 1', 'Priya Nair: site_visit']);
    // Pending leave shows, with its status; the rejected and the cancelled do not.
    expect(summary(body.thisWeek)).toEqual(['Priya Nair: Annual Leave 0']);
    expect(body.thisWeek[0]).toEqual({
      type: 'leave',
      staffId: staffIds.hr2,
      staffName: 'Priya Nair',
      departmentCode: 'HR',
      leaveTypeName: 'Annual Leave',
      status: pending.status,
      dayType: 0,
      startDate: '2027-03-12',
      endDate: '2027-03-12',
    });
    expect(body.today[1]).toEqual({
      type: 'movement',
      staffId: staffIds.hr2,
      staffName: 'Priya Nair',
      departmentCode: 'HR',
      kind: 'site_visit',
      startsAt: '2027-03-09T01:00:00.000Z',
      endsAt: '2027-03-09T09:00:00.000Z',
    });
    // The movement's purpose stays on the staff movement page.
    expect(JSON.stringify(body)).not.toContain('Klang');
  });

  it('does not count a public holiday inside leave as a day away', async () => {
    const ctx = await setup();
    await seedWeek(ctx);
    const holiday = await away(ctx, 'hr', 'date=2027-03-10');
    expect(summary(holiday.today)).toEqual([]);
    // Ordered by their first day away in the week.
    expect(summary(holiday.thisWeek)).toEqual([
      'Muhammad Hafiz: Annual Leave 1',
      'Priya Nair: site_visit',
      'Priya Nair: Annual Leave 0',
    ]);
    const friday = await away(ctx, 'hr', 'date=2027-03-12');
    expect(summary(friday.today)).toEqual(['Muhammad Hafiz: Annual Leave 1', 'Priya Nair: Annual Leave 0']);
  });

  it('shows ADMIN every department, or the one picked', async () => {
    const ctx = await setup();
    await seedWeek(ctx);
    const everyone = await away(ctx, 'itadmin', 'date=2027-03-09');
    expect(summary(everyone.today)).toEqual([
      'Muhammad Hafiz: Annual Leave 1',
      'Priya Nair: site_visit',
      'Tan Mei Ling: site_visit',
    ]);
    expect(everyone.today.map((e) => e.departmentCode)).toEqual(['HR', 'HR', 'HRAdmin']);
    const hrAdmin = await away(ctx, 'itadmin', 'date=2027-03-09&department=HRAdmin');
    expect(summary(hrAdmin.today)).toEqual(['Tan Mei Ling: site_visit']);
    expect(hrAdmin.thisWeek).toEqual([]);
    // An HR admin picks HR, which is not her own department.
    const tan = await away(ctx, 'hradmin', 'date=2027-03-09&department=HR');
    expect(summary(tan.today)).toEqual(['Muhammad Hafiz: Annual Leave 1', 'Priya Nair: site_visit']);
  });

  it('places a movement on each day it touches in the organisation time zone, and no other week', async () => {
    const ctx = await setup();
    // 23:00 Sunday 7 March to 01:00 Monday 8 March in Kuala Lumpur: the end of one week, the start of the next.
    await call(ctx, 'hr', 'POST', '/api/leave/movements', {
      ...visit,
      kind: 'outstation',
      startsAt: '2027-03-07T23:00:00+08:00',
      endsAt: '2027-03-08T01:00:00+08:00',
    });
    expect(summary((await away(ctx, 'hr2', 'date=2027-03-08')).today)).toEqual(['Muhammad Hafiz: outstation']);
    expect(summary((await away(ctx, 'hr2', 'date=2027-03-07')).today)).toEqual(['Muhammad Hafiz: outstation']);
    const later = await away(ctx, 'hr2', 'date=2027-03-09');
    expect(summary(later.thisWeek)).toEqual(['Muhammad Hafiz: outstation']);
    expect((await away(ctx, 'hr2', 'date=2027-03-15')).thisWeek).toEqual([]);
  });

  it('answers at most MAX_AWAY_ENTRIES movements, and says the list is cut', async () => {
    const ctx = await setup();
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
    const body = await away(ctx, 'hr', 'date=2027-03-09');
    expect(body.truncated).toBe(true);
    expect(body.today.length + body.thisWeek.length).toBe(MAX_AWAY_ENTRIES);
    // Half-hourly from Tuesday 00:00: the first 48 are on Tuesday.
    expect(body.today).toHaveLength(48);
  });

  it('answers today in the organisation time zone when no date is given', async () => {
    const ctx = await setup();
    const body = await away(ctx, 'hr', '');
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
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', `/api/team/away?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, reason });
  });
});
