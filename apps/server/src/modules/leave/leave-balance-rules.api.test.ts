import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@staff-portal/shared/constants';
import { addDays, weekdayIndex } from '@staff-portal/shared/iso-dates';
import { approvalItemSchema, myLeaveSchema, type LeaveBalance, type MyLeave } from '@staff-portal/shared/leave';
import type { CarryForwardPreview, StaffBalances, UtilisationReport } from '@staff-portal/shared/leave-admin';
import { dateFormatIn } from '@staff-portal/shared/leave-rules';
import { leaveEntitlements } from '../../db/schema/leave';
import { leaveTypes, staff } from '../../db/schema/organisation';
import { createTestApp, type TestContext } from '../../test/app';
import { applyAs, call, rowCounts, seedLeaveFixture, staffIds, type FixtureUser } from '../../test/leave-fixture';

/**
 * The balance rules of docs/product/leave.md that go beyond one request against one year: an
 * allowance inclusive of another type's days, eligibility by gender and service, requests over
 * New Year, pro-rated joining and leaving years, taken and booked days, and carried days after
 * their expiry.
 */

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

const ANNUAL = 'LVE0001';
const MEDICAL = 'LVE0002';
const HOSPITALISATION = 'LVE0003';
const MATERNITY = 'LVE0004';
const PATERNITY = 'LVE0005';

const balanceOf = (mine: MyLeave, leaveTypeId: string): LeaveBalance =>
  mine.balances.find((b) => b.leaveTypeId === leaveTypeId)!;

async function me(ctx: TestContext, who: FixtureUser, query: string) {
  const response = await call(ctx, who, 'GET', `/api/leave/me?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return myLeaveSchema.parse(response.json());
}

async function approve(ctx: TestContext, referenceId: string) {
  const response = await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${referenceId}/decision`, {
    decision: 'approve',
  });
  expect(response.statusCode, response.body).toBe(200);
}

const preview = (ctx: TestContext, who: FixtureUser, body: object) =>
  call(ctx, who, 'POST', '/api/leave/requests/preview', body);

/** Medical and hospitalisation leave without their certificate, so JSON requests can show the balances. */
async function withoutCertificates(ctx: TestContext) {
  await ctx.database.db
    .update(leaveTypes)
    .set({ attachmentRequired: false })
    .where(inArray(leaveTypes.id, [MEDICAL, HOSPITALISATION]));
}

function today() {
  return dateFormatIn(DEFAULT_TIME_ZONE).format(new Date());
}

/** The first Monday on or after a date. */
function mondayFrom(date: string) {
  return addDays(date, (7 - weekdayIndex(date)) % 7);
}

describe('hospitalisation up to 60 days a year, inclusive of sick leave', () => {
  it("counts medical days against hospitalisation's allowance, and says so on the balance", async () => {
    const ctx = await setup();
    await withoutCertificates(ctx);
    const sick = await applyAs(ctx, 'hr', { leaveTypeId: MEDICAL, startDate: '2027-03-15', endDate: '2027-03-17' });
    await approve(ctx, sick.referenceId);

    const mine = await me(ctx, 'hr', 'year=2027');
    expect(balanceOf(mine, HOSPITALISATION)).toMatchObject({
      entitled: 60,
      booked: 0,
      available: 57,
      includes: { leaveTypeId: MEDICAL, leaveTypeName: 'Medical Leave', days: 3 },
      limitedBy: null,
    });
    // As at 1 January 2027 (a year ahead), March's sick leave is still to come.
    expect(balanceOf(mine, MEDICAL)).toMatchObject({ booked: 3, available: 19, includes: null, limitedBy: null });
    // The rule is data the admin sees on the type, not a special case of two ids.
    const types = (await call(ctx, 'hradmin', 'GET', '/api/leave/admin/types')).json<{ id: string }[]>();
    expect(types.find((t) => t.id === HOSPITALISATION)).toMatchObject({ includesDaysOf: MEDICAL });
  });

  it("limits medical leave to what is left of hospitalisation's allowance, and the queue shows why", async () => {
    const ctx = await setup();
    await withoutCertificates(ctx);
    const adjusted = await call(ctx, 'hradmin', 'POST', `/api/leave/admin/staff/${staffIds.hr}/adjustments`, {
      year: 2027,
      leaveTypeId: HOSPITALISATION,
      days: -55,
      reason: 'Hospitalised before the system',
    });
    expect(adjusted.statusCode).toBe(201);
    const sick = await applyAs(ctx, 'hr', { leaveTypeId: MEDICAL, startDate: '2027-03-15', endDate: '2027-03-17' });
    await approve(ctx, sick.referenceId);

    // 60 − 55 − 3 = 2 left of the 60, so only 2 of medical leave's own 19.
    const mine = await me(ctx, 'hr', 'year=2027');
    expect(balanceOf(mine, MEDICAL)).toMatchObject({
      available: 2,
      limitedBy: { leaveTypeId: HOSPITALISATION, leaveTypeName: 'Hospitalisation Leave' },
    });
    const tooLong = await preview(ctx, 'hr', { leaveTypeId: MEDICAL, startDate: '2027-04-05', endDate: '2027-04-07' });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'leaveTypeId' });
    expect(tooLong.json<{ message: string }>().message).toMatch(/only 2 are available for 2027/);
    expect(tooLong.json<{ message: string }>().message).toContain('Hospitalisation Leave');

    const stay = await applyAs(ctx, 'hr', {
      leaveTypeId: HOSPITALISATION,
      startDate: '2027-04-05',
      endDate: '2027-04-05',
    });
    const queue = (await call(ctx, 'hradmin', 'GET', '/api/leave/approvals')).json<unknown[]>();
    const item = queue.map((entry) => approvalItemSchema.parse(entry)).find((q) => q.referenceId === stay.referenceId)!;
    expect(item).toMatchObject({
      balanceAfter: 1,
      includes: { leaveTypeId: MEDICAL, leaveTypeName: 'Medical Leave', days: 3 },
    });
  });
});

describe('eligibility by gender and service', () => {
  it('refuses maternity leave to a man and paternity leave to a woman, naming the field, writing nothing', async () => {
    const ctx = await setup();
    const week = { startDate: '2027-03-15', endDate: '2027-03-19' };
    const his = await call(ctx, 'hr', 'POST', '/api/leave/requests', { ...week, leaveTypeId: MATERNITY });
    expect(his.statusCode).toBe(400);
    expect(his.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'leaveTypeId' });
    expect(his.json<{ message: string }>().message).toBe('Maternity Leave is for women only.');
    const hers = await preview(ctx, 'hr2', { ...week, leaveTypeId: PATERNITY });
    expect(hers.statusCode).toBe(400);
    expect(hers.json()).toMatchObject({ field: 'leaveTypeId', message: 'Paternity Leave is for men only.' });
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });

    expect(balanceOf(await me(ctx, 'hr', 'year=2027'), MATERNITY)).toMatchObject({
      entitled: 0,
      entitledForYear: 0,
      available: 0,
      ineligible: { reason: 'gender', gender: 'F' },
    });
    expect(balanceOf(await me(ctx, 'hr', 'year=2027'), PATERNITY)).toMatchObject({ available: 7, ineligible: null });
  });

  it("refuses paternity leave before 12 months' service, saying from when it can be taken", async () => {
    const ctx = await setup();
    // Muhammad Hafiz joined 90 days ago.
    const joined = addDays(today(), -90);
    await ctx.database.db.update(staff).set({ joinDate: joined }).where(eq(staff.staffId, staffIds.hr));
    const from = `${Number(joined.slice(0, 4)) + 1}${joined.slice(4)}`;

    const soon = mondayFrom(addDays(today(), 14));
    const early = await preview(ctx, 'hr', { leaveTypeId: PATERNITY, startDate: soon, endDate: soon });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'startDate' });
    expect(early.json<{ message: string }>().message).toBe(
      `Paternity Leave needs 12 months' service: it can be taken from ${from}.`,
    );
    expect(balanceOf(await me(ctx, 'hr', ''), PATERNITY)).toMatchObject({
      entitled: 0,
      available: 0,
      ineligible: { reason: 'service', minServiceMonths: 12, from },
    });

    // Booked in advance for dates after the twelve months, it is allowed.
    const later = mondayFrom(from);
    const allowed = await preview(ctx, 'hr', { leaveTypeId: PATERNITY, startDate: later, endDate: later });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ days: 1, available: 7, balanceAfter: 6 });
  });
});

describe('a request over New Year', () => {
  /** Mon 27 Dec 2027 – Fri 7 Jan 2028: five working days in each year. */
  const overNewYear = { leaveTypeId: ANNUAL, startDate: '2027-12-27', endDate: '2028-01-07' };

  it("counts each day against its own year's balance: balances, preview, queue, report and carry-forward", async () => {
    const ctx = await setup();
    const previewed = await preview(ctx, 'hr', overNewYear);
    expect(previewed.json()).toEqual({
      days: 10,
      available: 16,
      balanceAfter: 11,
      years: [
        { year: 2027, days: 5, available: 16, balanceAfter: 11 },
        { year: 2028, days: 5, available: 16, balanceAfter: 11 },
      ],
    });
    const request = await applyAs(ctx, 'hr', overNewYear);
    expect(request.days).toBe(10);

    expect(balanceOf(await me(ctx, 'hr', 'year=2027'), ANNUAL)).toMatchObject({ pending: 5, available: 11 });
    expect(balanceOf(await me(ctx, 'hr', 'year=2028'), ANNUAL)).toMatchObject({ pending: 5, available: 11 });

    const queue = (await call(ctx, 'hradmin', 'GET', '/api/leave/approvals')).json<unknown[]>();
    expect(approvalItemSchema.parse(queue[0])).toMatchObject({
      balanceAfter: 11,
      years: [
        { year: 2027, days: 5, balanceAfter: 11 },
        { year: 2028, days: 5, balanceAfter: 11 },
      ],
    });

    for (const year of [2027, 2028]) {
      const report = (
        await call(ctx, 'hradmin', 'GET', `/api/leave/admin/reports/utilisation?year=${year}`)
      ).json<UtilisationReport>();
      expect(report.rows, String(year)).toEqual([expect.objectContaining({ leaveTypeId: ANNUAL, daysPending: 5 })]);
    }

    await approve(ctx, request.referenceId);
    await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/types/${ANNUAL}`, {
      ...(await call(ctx, 'hradmin', 'GET', '/api/leave/admin/types')).json<{ id: string }[]>()[0],
      id: undefined,
      carryForwardCap: 20,
      carryForwardExpiry: null,
    });
    const carry = (
      await call(ctx, 'hradmin', 'POST', '/api/leave/admin/carry-forward/preview', { fromYear: 2027 })
    ).json<CarryForwardPreview>();
    expect(carry.rows.find((row) => row.staffId === staffIds.hr)).toMatchObject({ available: 11, carried: 11 });
  });

  it("refuses a request whose days in the next year do not fit that year's balance", async () => {
    const ctx = await setup();
    await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/staff/${staffIds.hr}/entitlements/2028/${ANNUAL}`, {
      entitled: 3,
    });
    const response = await preview(ctx, 'hr', overNewYear);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'leaveTypeId',
      message: 'This request needs 5 days of Annual Leave in 2028 but only 3 are available for 2028.',
      reason: 'balanceShort',
      params: { type: 'Annual Leave', days: 5, available: 3, year: 2028 },
    });
  });
});

describe('annual leave pro-rated in the year of joining or leaving (Employment Act s60E(1A))', () => {
  it('gives a joiner a share of the year by completed months, rounded to the nearest day', async () => {
    const ctx = await setup();
    // Priya Nair joined 3 February 2025: ten completed months that year, 8 × 10/12 = 6.67 days.
    const joining = await me(ctx, 'hr2', 'year=2025');
    expect(balanceOf(joining, ANNUAL)).toMatchObject({ entitled: 7, entitledForYear: 7, proRatedMonths: 10 });
    // Sick leave is not pro-rated; the next year is a whole one.
    expect(balanceOf(joining, MEDICAL)).toMatchObject({ entitled: 14, proRatedMonths: null });
    expect(balanceOf(await me(ctx, 'hr2', 'year=2026'), ANNUAL)).toMatchObject({ entitled: 8, proRatedMonths: null });
  });

  it('pro-rates the leaving year once the admin sets a leaving date, rounding as the type says', async () => {
    const ctx = await setup();
    const record = (await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff/${staffIds.hr}`)).json<object>();
    const {
      staffId: _id,
      displayName: _n,
      email: _e,
      approverName: _a,
      identitySub: _s,
      active: _x,
      ...input
    } = record as Record<string, unknown>;
    const left = await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/staff/${staffIds.hr}`, {
      ...input,
      leavingDate: '2027-06-15',
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ leavingDate: '2027-06-15' });
    // Five completed months (January to May) of 16 days: 6.67, so 7.
    expect(balanceOf(await me(ctx, 'hr', 'year=2027'), ANNUAL)).toMatchObject({
      entitledForYear: 7,
      proRatedMonths: 5,
    });
    // Leave cannot run past the last day.
    const after = await preview(ctx, 'hr', { leaveTypeId: ANNUAL, startDate: '2027-06-14', endDate: '2027-06-16' });
    expect(after.statusCode).toBe(400);
    expect(after.json()).toMatchObject({ field: 'endDate' });
    expect(after.json<{ message: string }>().message).toContain('2027-06-15');

    const types = (await call(ctx, 'hradmin', 'GET', '/api/leave/admin/types')).json<Record<string, unknown>[]>();
    const { id: _typeId, ...annual } = types[0]!;
    expect(annual).toMatchObject({ proRata: 'nearest-day' });
    const halves = await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/types/${ANNUAL}`, {
      ...annual,
      proRata: 'down-to-half-day',
    });
    expect(halves.statusCode, halves.body).toBe(200);
    expect(balanceOf(await me(ctx, 'hr', 'year=2027'), ANNUAL)).toMatchObject({ entitledForYear: 6.5 });
  });
});

describe('taken and booked', () => {
  it('counts approved days up to the date as taken and those after it as booked', async () => {
    const ctx = await setup();
    for (const [startDate, endDate] of [
      ['2027-03-15', '2027-03-16'],
      ['2027-03-29', '2027-04-02'],
      ['2027-06-07', '2027-06-07'],
    ] as const) {
      await approve(ctx, (await applyAs(ctx, 'hr', { leaveTypeId: ANNUAL, startDate, endDate })).referenceId);
    }
    // As at Wednesday 31 March: 2 days, and 3 of the 5 running over it, taken; 2 + 1 still to come.
    expect(balanceOf(await me(ctx, 'hr', 'asAt=2027-03-31'), ANNUAL)).toMatchObject({
      taken: 5,
      booked: 3,
      pending: 0,
      available: 8,
    });
    expect(balanceOf(await me(ctx, 'hr', 'asAt=2027-12-31'), ANNUAL)).toMatchObject({
      taken: 8,
      booked: 0,
      available: 8,
    });
  });
});

describe('carried days after their expiry', () => {
  async function carryFive(ctx: TestContext) {
    await ctx.database.db.insert(leaveEntitlements).values({
      staffId: staffIds.hr,
      year: 2027,
      leaveTypeId: ANNUAL,
      carried: 5,
      carriedExpiresOn: '2027-03-31',
    });
  }

  it('counts none of them in November when none were used by the expiry', async () => {
    const ctx = await setup();
    await carryFive(ctx);
    expect(balanceOf(await me(ctx, 'hr', 'asAt=2027-03-31'), ANNUAL)).toMatchObject({ carried: 5, available: 21 });
    expect(balanceOf(await me(ctx, 'hr', 'asAt=2027-11-25'), ANNUAL)).toMatchObject({ carried: 0, available: 16 });
  });

  it('counts only the days taken up to the expiry, not the whole of a request running past it', async () => {
    const ctx = await setup();
    await carryFive(ctx);
    // Tue 30 March – Fri 9 April: two days by the expiry, seven after it.
    const request = await applyAs(ctx, 'hr', { leaveTypeId: ANNUAL, startDate: '2027-03-30', endDate: '2027-04-09' });
    await approve(ctx, request.referenceId);
    expect(balanceOf(await me(ctx, 'hr', 'asAt=2027-11-25'), ANNUAL)).toMatchObject({
      carried: 2,
      taken: 9,
      available: 9,
    });
    // The admin sees what was carried into the year as well as what of it still counts.
    const admin = (
      await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff/${staffIds.hr}/balances?year=2027`)
    ).json<StaffBalances>();
    expect(admin.balances.find((b) => b.leaveTypeId === ANNUAL)).toMatchObject({
      carriedForward: 5,
      carriedExpiresOn: '2027-03-31',
    });
  });
});
