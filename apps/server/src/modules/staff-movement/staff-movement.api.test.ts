import { asc, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { movementCalendarSchema, type Movement, type MovementCalendar } from '@staff-portal/shared/staff-movement';
import { auditEntries } from '../../db/schema/audit';
import { staffMovements } from '../../db/schema/staff-movement';
import { createTestApp, type TestContext } from '../../test/app';
import {
  NOT_SHARED,
  applyAs,
  authHeader,
  call,
  callAsEach,
  seedLeaveFixture,
  staffIds,
  type FixtureUser,
} from '../../test/leave-fixture';

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

async function remove(ctx: TestContext, who: FixtureUser, url: string) {
  return ctx.app.inject({ method: 'DELETE', url, headers: await authHeader(ctx, who) });
}

async function movementCount(ctx: TestContext) {
  const [row] = await ctx.database.db.select({ n: count() }).from(staffMovements);
  return row!.n;
}

/** Tuesday 9 March 2027, 09:00 to 17:00 in Kuala Lumpur. */
const visit = {
  kind: 'site_visit',
  startsAt: '2027-03-09T09:00:00+08:00',
  endsAt: '2027-03-09T17:00:00+08:00',
  purpose: 'Branch audit in Klang',
};
const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };

describe('staff movement API: who may call it', () => {
  const endpoints: [string, string, object?][] = [
    ['POST', '/api/leave/movements', visit],
    ['DELETE', '/api/leave/movements/1'],
    ['GET', '/api/leave/movement?from=2027-03-08&to=2027-03-14'],
  ];
  it.each(endpoints)(
    '%s %s needs a token and the SHARED guard (403 for every other department)',
    async (method, url, payload) => {
      const ctx = await setup();
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      for (const { department, response } of await callAsEach(ctx, NOT_SHARED, method as 'GET', url, payload)) {
        expect(response.statusCode, department).toBe(403);
      }
      expect(await movementCount(ctx)).toBe(0);
    },
  );
});

describe('POST /api/leave/movements', () => {
  it('records a movement of mine', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/movements', visit);
    expect(response.statusCode).toBe(201);
    expect(response.json<Movement>()).toMatchObject({
      staffId: staffIds.hr,
      staffName: 'Muhammad Hafiz',
      kind: 'site_visit',
      startsAt: '2027-03-09T01:00:00.000Z',
      endsAt: '2027-03-09T09:00:00.000Z',
      purpose: 'Branch audit in Klang',
    });
    expect(await movementCount(ctx)).toBe(1);
  });

  it.each([
    ['kind', { ...visit, kind: 'holiday' }],
    ['purpose', { ...visit, purpose: '   ' }],
    ['purpose', { kind: visit.kind, startsAt: visit.startsAt, endsAt: visit.endsAt }],
    ['startsAt', { ...visit, startsAt: '9 March' }],
    ['endsAt', { ...visit, endsAt: '2027-03-09T08:00:00+08:00' }],
    ['endsAt', { ...visit, endsAt: visit.startsAt }],
    ['endsAt', { ...visit, endsAt: '2027-04-10T09:00:00+08:00' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, body) => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/movements', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(await movementCount(ctx)).toBe(0);
  });

  it('accepts exactly 31 days', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/movements', {
      ...visit,
      kind: 'outstation',
      endsAt: '2027-04-09T09:00:00+08:00',
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses someone in HR without a staff record, writing nothing', async () => {
    const ctx = await setup();
    expect((await call(ctx, 'stranger', 'POST', '/api/leave/movements', visit)).statusCode).toBe(403);
    expect(await movementCount(ctx)).toBe(0);
  });
});

describe('DELETE /api/leave/movements/:id', () => {
  it('deletes my own movement only', async () => {
    const ctx = await setup();
    const mine = (await call(ctx, 'hr', 'POST', '/api/leave/movements', visit)).json<Movement>();
    expect((await remove(ctx, 'hr2', `/api/leave/movements/${mine.id}`)).statusCode).toBe(403);
    // Not even an HR admin deletes someone else's movement.
    expect((await remove(ctx, 'hradmin', `/api/leave/movements/${mine.id}`)).statusCode).toBe(403);
    expect(await movementCount(ctx)).toBe(1);
    expect((await remove(ctx, 'hr', `/api/leave/movements/${mine.id}`)).statusCode).toBe(204);
    expect(await movementCount(ctx)).toBe(0);
    expect((await remove(ctx, 'hr', `/api/leave/movements/${mine.id}`)).statusCode).toBe(404);

    // Recorded and deleted in the audit trail; the refused deletions left nothing.
    const trail = await ctx.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));
    expect(trail.map(({ action, target, before, after }) => ({ action, target, before, after }))).toEqual([
      { action: 'movement.create', target: `movement:${mine.id}`, before: null, after: mine },
      { action: 'movement.delete', target: `movement:${mine.id}`, before: mine, after: null },
    ]);
  });

  it('answers 400 naming id for a bad id', async () => {
    const ctx = await setup();
    const response = await remove(ctx, 'hr', '/api/leave/movements/abc');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'id' });
  });
});

describe('GET /api/leave/movement', () => {
  async function calendar(ctx: TestContext, who: FixtureUser, query: string) {
    return call(ctx, who, 'GET', `/api/leave/movement?${query}`);
  }

  it('shows approved and pending leave on working days, and movements, for my department', async () => {
    const ctx = await setup();
    const approved = await applyAs(ctx, 'hr', week);
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${approved.referenceId}/decision`, { decision: 'approve' });
    const pending = await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-12', endDate: '2027-03-12' });
    const rejected = await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-09', endDate: '2027-03-09' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${rejected.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Already booked',
    });
    await call(ctx, 'hr2', 'POST', '/api/leave/movements', visit);
    // Another department's movement stays out of HR's calendar.
    await call(ctx, 'hradmin', 'POST', '/api/leave/movements', visit);

    const response = await calendar(ctx, 'hr', 'from=2027-03-08&to=2027-03-14');
    expect(response.statusCode).toBe(200);
    const body = movementCalendarSchema.parse(response.json<MovementCalendar>());
    expect(body.departmentCode).toBe('HR');
    expect(body.myStaffId).toBe(staffIds.hr);
    expect(body.departments).toEqual([{ code: 'HR', name: expect.any(String) as string }]);
    expect(body.people.map((p) => p.staffName)).toEqual(['Muhammad Hafiz', 'Priya Nair']);
    expect(body.days.map((d) => d.date)).toEqual([
      '2027-03-08',
      '2027-03-09',
      '2027-03-10',
      '2027-03-11',
      '2027-03-12',
      '2027-03-13',
      '2027-03-14',
    ]);
    const summary = Object.fromEntries(
      body.days.map((d) => [
        d.date,
        d.away.map((a) => (a.type === 'leave' ? `${a.staffId}:leave:${a.status}` : `${a.staffId}:${a.kind}`)).sort(),
      ]),
    );
    expect(summary).toEqual({
      '2027-03-08': [`${staffIds.hr}:leave:1`],
      '2027-03-09': [`${staffIds.hr2}:site_visit`, `${staffIds.hr}:leave:1`].sort(),
      // A public holiday and the weekend are not leave days.
      '2027-03-10': [],
      '2027-03-11': [`${staffIds.hr}:leave:1`],
      '2027-03-12': [`${staffIds.hr2}:leave:0`, `${staffIds.hr}:leave:1`].sort(),
      '2027-03-13': [],
      '2027-03-14': [],
    });
    const pendingEntry = body.days[4]!.away.find((a) => a.type === 'leave' && a.status === 0);
    expect(pendingEntry).toMatchObject({ referenceId: pending.referenceId, leaveTypeName: 'Annual Leave' });
  });

  it('places a movement on each day it touches in the organisation time zone', async () => {
    const ctx = await setup();
    // 23:00 Monday to 01:00 Wednesday in Kuala Lumpur: Monday, Tuesday and Wednesday.
    await call(ctx, 'hr', 'POST', '/api/leave/movements', {
      ...visit,
      kind: 'outstation',
      startsAt: '2027-03-08T23:00:00+08:00',
      endsAt: '2027-03-10T01:00:00+08:00',
    });
    const body = (await calendar(ctx, 'hr', 'from=2027-03-07&to=2027-03-11')).json<MovementCalendar>();
    expect(body.days.map((d) => d.away.length)).toEqual([0, 1, 1, 1, 0]);
  });

  it('lets ADMIN look at any department and refuses others with 403', async () => {
    const ctx = await setup();
    await call(ctx, 'hr', 'POST', '/api/leave/movements', visit);
    const admin = await calendar(ctx, 'hradmin', 'from=2027-03-08&to=2027-03-14&department=HR');
    expect(admin.statusCode).toBe(200);
    const body = admin.json<MovementCalendar>();
    expect(body.departmentCode).toBe('HR');
    expect(body.departments.length).toBeGreaterThan(5);
    expect(body.days[1]!.away).toHaveLength(1);
    for (const department of ['IR', 'HRAdmin', 'ITAdmin', 'UNION']) {
      const refused = await calendar(ctx, 'hr', `from=2027-03-08&to=2027-03-14&department=${department}`);
      expect(refused.statusCode).toBe(403);
    }
    expect((await calendar(ctx, 'hr', 'from=2027-03-08&to=2027-03-14&department=HR')).statusCode).toBe(200);
    const unknown = await calendar(ctx, 'itadmin', 'from=2027-03-08&to=2027-03-14&department=NOPE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'department' });
  });

  it.each([
    ['from', 'to=2027-03-14'],
    ['from', 'from=8-3-2027&to=2027-03-14'],
    ['to', 'from=2027-03-08'],
    ['to', 'from=2027-03-08&to=2027-03-01'],
    ['to', 'from=2027-03-01&to=2027-04-12'],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const ctx = await setup();
    const response = await calendar(ctx, 'hr', query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field });
  });

  it('answers 42 days at most', async () => {
    const ctx = await setup();
    const response = await calendar(ctx, 'hr', 'from=2027-03-01&to=2027-04-11');
    expect(response.statusCode).toBe(200);
    expect(response.json<MovementCalendar>().days).toHaveLength(42);
  });
});
