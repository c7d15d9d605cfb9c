import { asc, count, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import type { StaffRecord } from '@staff-portal/shared/leave';
import type { IcalFeed } from '@staff-portal/shared/staff-movement';
import { auditEntries } from '../../db/schema/audit';
import { staff } from '../../db/schema/organisation';
import { leaveIcalFeeds } from '../../db/schema/staff-movement';
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

async function feedCount(ctx: TestContext) {
  const [row] = await ctx.database.db.select({ n: count() }).from(leaveIcalFeeds);
  return row!.n;
}

/** Dates relative to today in Kuala Lumpur: feeds cover the recent past and the year ahead. */
function day(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/** The next Monday at least a week away, so a Monday–Tuesday request has two working days. */
function nextMonday(): string {
  for (let offset = 7; ; offset++) {
    const date = day(offset);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() === 1) return date;
  }
}

function plusDays(date: string, days: number) {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function createFeed(ctx: TestContext, who: FixtureUser, body: object) {
  return call(ctx, who, 'POST', '/api/leave/ical-feeds', body);
}

/** Fetches a feed by its public URL, without a token, as a calendar program does. */
async function fetchFeed(ctx: TestContext, url: string) {
  return ctx.app.inject({ method: 'GET', url: new URL(url).pathname });
}

function eventsOf(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

const ymd = (value: Date) =>
  `${value.getFullYear()}-${String(value.getMonth() + 1).padStart(2, '0')}-${String(value.getDate()).padStart(2, '0')}`;

describe('iCal feeds API: who may call it', () => {
  it.each([
    ['GET', '/api/leave/ical-feeds'],
    ['POST', '/api/leave/ical-feeds'],
    ['DELETE', '/api/leave/ical-feeds/1'],
  ])('%s %s needs a token and the SHARED guard (403 for every other department)', async (method, url) => {
    const ctx = await setup();
    const body = method === 'POST' ? { kind: 'me' } : undefined;
    const withBody = body === undefined ? {} : { payload: body };
    expect((await ctx.app.inject({ method: method as 'GET', url, ...withBody })).statusCode).toBe(401);
    for (const { department, response } of await callAsEach(ctx, NOT_SHARED, method as 'GET', url, body)) {
      expect(response.statusCode, department).toBe(403);
    }
    expect(await feedCount(ctx)).toBe(0);
  });
});

describe('/api/leave/ical-feeds', () => {
  it('creates, lists and revokes my feeds; a revoked feed answers 404', async () => {
    const ctx = await setup();
    const created = await createFeed(ctx, 'hr', { kind: 'me' });
    expect(created.statusCode).toBe(201);
    const feed = created.json<IcalFeed>();
    expect(feed).toMatchObject({ kind: 'me', departmentCode: null });
    expect(feed.url).toMatch(/\/api\/leave\/ical\/[A-Za-z0-9_-]{43}\.ics$/);
    const department = (await createFeed(ctx, 'hr', { kind: 'department' })).json<IcalFeed>();
    expect(department).toMatchObject({ kind: 'department', departmentCode: 'HR' });

    const listed = (await call(ctx, 'hr', 'GET', '/api/leave/ical-feeds')).json<IcalFeed[]>();
    expect(listed.map((f) => f.id)).toEqual([feed.id, department.id]);
    expect((await call(ctx, 'hr2', 'GET', '/api/leave/ical-feeds')).json()).toEqual([]);

    expect((await fetchFeed(ctx, feed.url)).statusCode).toBe(200);
    // Someone else cannot revoke it.
    expect((await remove(ctx, 'hr2', `/api/leave/ical-feeds/${feed.id}`)).statusCode).toBe(404);
    expect((await remove(ctx, 'hr', `/api/leave/ical-feeds/${feed.id}`)).statusCode).toBe(204);
    expect((await fetchFeed(ctx, feed.url)).statusCode).toBe(404);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/ical-feeds')).json<IcalFeed[]>().map((f) => f.id)).toEqual([
      department.id,
    ]);
    expect((await remove(ctx, 'hr', `/api/leave/ical-feeds/${feed.id}`)).statusCode).toBe(404);

    // Made and revoked in the audit trail, never with the feed's secret token.
    const trail = await ctx.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));
    expect(trail.map(({ area, action, target, after }) => ({ area, action, target, after }))).toEqual([
      {
        area: 'staff-movement',
        action: 'feed.create',
        target: `feed:${feed.id}`,
        after: { kind: 'me', departmentCode: null },
      },
      {
        area: 'staff-movement',
        action: 'feed.create',
        target: `feed:${department.id}`,
        after: { kind: 'department', departmentCode: 'HR' },
      },
      { area: 'staff-movement', action: 'feed.revoke', target: `feed:${feed.id}`, after: null },
    ]);
    const token = /ical\/([^.]+)\.ics$/.exec(feed.url)![1]!;
    expect(JSON.stringify(trail)).not.toContain(token);
  });

  it.each([
    ['kind', {}],
    ['kind', { kind: 'team' }],
    ['departmentCode', { kind: 'department', departmentCode: '' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, body) => {
    const ctx = await setup();
    const response = await createFeed(ctx, 'hr', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(await feedCount(ctx)).toBe(0);
    expect(await ctx.database.db.select().from(auditEntries)).toEqual([]);
  });

  it('gives another department’s feed to ADMIN only', async () => {
    const ctx = await setup();
    for (const department of ['IR', 'HRAdmin', 'UNION']) {
      expect((await createFeed(ctx, 'hr', { kind: 'department', departmentCode: department })).statusCode).toBe(403);
    }
    expect(await feedCount(ctx)).toBe(0);
    const admin = await createFeed(ctx, 'hradmin', { kind: 'department', departmentCode: 'IR' });
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toMatchObject({ departmentCode: 'IR' });
    const unknown = await createFeed(ctx, 'itadmin', { kind: 'department', departmentCode: 'NOPE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ field: 'departmentCode' });
  });
});

describe('GET /api/leave/ical/:token.ics', () => {
  it('answers valid iCalendar with approved leave confirmed and pending leave tentative, all day', async () => {
    const ctx = await setup();
    const monday = nextMonday();
    const approved = await applyAs(ctx, 'hr', {
      leaveTypeId: 'LVE0001',
      startDate: monday,
      endDate: plusDays(monday, 1),
      reason: 'Trip',
    });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${approved.referenceId}/decision`, { decision: 'approve' });
    const pending = await applyAs(ctx, 'hr', {
      leaveTypeId: 'LVE0001',
      startDate: plusDays(monday, 7),
      endDate: plusDays(monday, 7),
      reason: 'Dentist',
    });
    const rejected = await applyAs(ctx, 'hr2', {
      leaveTypeId: 'LVE0001',
      startDate: plusDays(monday, 2),
      endDate: plusDays(monday, 2),
      reason: '',
    });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${rejected.referenceId}/decision`, {
      decision: 'reject',
      remarks: 'Already booked',
    });
    const colleague = await applyAs(ctx, 'hr2', {
      leaveTypeId: 'LVE0001',
      startDate: plusDays(monday, 3),
      endDate: plusDays(monday, 3),
      reason: '',
    });

    const mine = (await createFeed(ctx, 'hr', { kind: 'me' })).json<IcalFeed>();
    const response = await fetchFeed(ctx, mine.url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/calendar/);
    expect(response.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const events = eventsOf(response.body);
    expect(events.map((e) => e.uid).sort()).toEqual(
      [`${approved.referenceId}@staff-portal`, `${pending.referenceId}@staff-portal`].sort(),
    );
    const confirmed = events.find((e) => e.uid.startsWith(approved.referenceId))!;
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.datetype).toBe('date');
    expect(ymd(confirmed.start)).toBe(monday);
    // The end of an all-day event is the day after the last day.
    expect(ymd(confirmed.end!)).toBe(plusDays(monday, 2));
    expect(confirmed.summary).toBe('Annual Leave');
    const tentative = events.find((e) => e.uid.startsWith(pending.referenceId))!;
    expect(tentative.status).toBe('TENTATIVE');
    expect(tentative.summary).toBe('Annual Leave (PENDING)');

    const department = (await createFeed(ctx, 'hr2', { kind: 'department' })).json<IcalFeed>();
    const teamEvents = eventsOf((await fetchFeed(ctx, department.url)).body);
    expect(teamEvents.map((e) => (typeof e.summary === 'string' ? e.summary : e.summary.val)).sort()).toEqual([
      'Muhammad Hafiz: Annual Leave',
      'Muhammad Hafiz: Annual Leave (PENDING)',
      'Priya Nair: Annual Leave (PENDING)',
    ]);
    expect(teamEvents.find((e) => e.uid.startsWith(colleague.referenceId))?.status).toBe('TENTATIVE');
  });

  it('answers only while its owner could still make it: not after a move to another department or a leaving', async () => {
    const ctx = await setup();
    const mine = (await createFeed(ctx, 'hr', { kind: 'me' })).json<IcalFeed>();
    const team = (await createFeed(ctx, 'hr', { kind: 'department' })).json<IcalFeed>();
    const adminsOwn = (await createFeed(ctx, 'hradmin', { kind: 'department' })).json<IcalFeed>();
    const adminsOther = (
      await createFeed(ctx, 'hradmin', { kind: 'department', departmentCode: 'IR' })
    ).json<IcalFeed>();
    const answers = async (...feeds: IcalFeed[]) =>
      Promise.all(feeds.map(async (feed) => (await fetchFeed(ctx, feed.url)).statusCode));
    const listed = async (who: FixtureUser) =>
      (await call(ctx, who, 'GET', '/api/leave/ical-feeds')).json<IcalFeed[]>().map((feed) => feed.id);
    expect(await answers(mine, team, adminsOwn, adminsOther)).toEqual([200, 200, 200, 200]);

    // An HR admin moves Hafiz to IR: his HR feed stops, his own leave goes on.
    const record = (await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff/${staffIds.hr}`)).json<StaffRecord>();
    const { approverStaffId, joinDate, gender, workingDaysMask } = record;
    const moved = await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/staff/${staffIds.hr}`, {
      approverStaffId,
      joinDate,
      gender,
      workingDaysMask,
      departmentCode: 'IR',
    });
    expect(moved.statusCode).toBe(200);
    expect(await answers(mine, team)).toEqual([200, 404]);
    expect(await listed('hr')).toEqual([mine.id]);

    // Hafiz leaves: his record is made inactive, and nothing of his answers.
    await ctx.database.db.update(staff).set({ active: false }).where(eq(staff.staffId, staffIds.hr));
    expect(await answers(mine, team)).toEqual([404, 404]);
    expect(await listed('hr')).toEqual([]);

    // The admin's feed of another department does not hang on their own department, only on their record.
    const admin = (await call(ctx, 'itadmin', 'GET', `/api/leave/admin/staff/${staffIds.hradmin}`)).json<StaffRecord>();
    const adminMoved = await call(ctx, 'itadmin', 'PUT', `/api/leave/admin/staff/${staffIds.hradmin}`, {
      approverStaffId: admin.approverStaffId,
      joinDate: admin.joinDate,
      gender: admin.gender,
      workingDaysMask: admin.workingDaysMask,
      departmentCode: 'HR',
    });
    expect(adminMoved.statusCode).toBe(200);
    expect(await answers(adminsOwn, adminsOther)).toEqual([404, 200]);
    await ctx.database.db.update(staff).set({ active: false }).where(eq(staff.staffId, staffIds.hradmin));
    expect(await answers(adminsOther)).toEqual([404]);
  });

  it('answers 404 for an unknown or malformed token, without a token needed', async () => {
    const ctx = await setup();
    for (const path of [
      `/api/leave/ical/${'A'.repeat(43)}.ics`,
      '/api/leave/ical/short.ics',
      `/api/leave/ical/${'A'.repeat(43)}`,
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url: path });
      expect(response.statusCode).toBe(404);
    }
  });
});
