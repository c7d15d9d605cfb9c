import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  REFERENCE_ID,
  approvalItemSchema,
  leaveSummarySchema,
  leaveTypeSchema,
  myLeaveSchema,
  type LeaveRequest,
  type MyLeave,
} from '@staff-portal/shared/leave';
import { auditEntries } from '../../db/schema/audit';
import { leaveEntitlements, leaveRequestEvents, leaveRequests } from '../../db/schema/leave';
import { leaveTypes, staff } from '../../db/schema/organisation';
import { createTestApp, type TestContext } from '../../test/app';
import {
  EXE,
  NOT_SHARED,
  PDF,
  PNG,
  applyAs,
  authHeader,
  call,
  callAsEach,
  multipartBody,
  rowCounts,
  seedLeaveFixture,
  staffIds,
  users,
  type FixtureUser,
} from '../../test/leave-fixture';

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

/** Mon 8 – Fri 12 March 2027, with a public holiday on Wednesday the 10th: 4 working days. */
const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };

async function postMultipart(ctx: TestContext, who: FixtureUser, body: ReturnType<typeof multipartBody>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/leave/requests',
    headers: { ...(await authHeader(ctx, who)), 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('leave API: who may call it', () => {
  const endpoints: [string, string, object?][] = [
    ['GET', '/api/leave/types'],
    ['GET', '/api/leave/holidays?year=2027'],
    ['GET', '/api/leave/me?year=2027'],
    ['GET', '/api/leave/summary'],
    ['GET', '/api/leave/requests/mine'],
    ['POST', '/api/leave/requests/preview', week],
    ['POST', '/api/leave/requests', week],
    ['POST', '/api/leave/requests/LV202703010900123456/cancel', {}],
    ['POST', '/api/leave/requests/LV202703010900123456/decision', { decision: 'approve' }],
    ['GET', '/api/leave/requests/LV202703010900123456/history'],
    ['GET', '/api/leave/requests/LV202703010900123456/attachment'],
    ['GET', '/api/leave/approvals'],
  ];

  it.each(endpoints)(
    '%s %s: 401 without a token, 403 for every department but HR and the admins, nothing written',
    async (method, url, payload) => {
      const ctx = await setup();
      const anonymous = await ctx.app.inject({ method: method as 'GET', url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode).toBe(401);
      for (const { department, response } of await callAsEach(ctx, NOT_SHARED, method as 'GET', url, payload)) {
        expect(response.statusCode, department).toBe(403);
        expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
        expect(response.json<{ message: string }>().message).toContain('HR');
      }
      expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
    },
  );

  it('answers 403 with a clear message to an HR user without a staff leave record', async () => {
    const ctx = await setup();
    for (const [method, url, payload] of [
      ['GET', '/api/leave/me'],
      ['GET', '/api/leave/requests/mine'],
      ['POST', '/api/leave/requests/preview', week],
      ['POST', '/api/leave/requests', week],
      ['GET', '/api/leave/approvals'],
    ] as const) {
      const response = await call(ctx, 'stranger', method, url, payload);
      expect(response.statusCode).toBe(403);
      // Its own code, so the web app says it in place and in the user's language, not as an error.
      expect(response.json()).toMatchObject({ code: 'NO_STAFF_RECORD' });
      expect(response.json<{ message: string }>().message).toMatch(/no staff leave record.*HR administrator adds it/);
    }
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });
});

describe('GET /api/leave/types and /holidays', () => {
  it('lists the 22 leave types in catalogue order', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', '/api/leave/types');
    expect(response.statusCode).toBe(200);
    const types = response.json<unknown[]>().map((t) => leaveTypeSchema.parse(t));
    expect(types).toHaveLength(22);
    expect(types[0]).toMatchObject({
      id: 'LVE0001',
      name: 'Annual Leave',
      serviceTiers: [
        { minYears: 0, days: 8 },
        { minYears: 2, days: 12 },
        { minYears: 5, days: 16 },
      ],
    });
    expect(types.find((t) => t.id === 'LVE0002')).toMatchObject({ cancellable: false, attachmentRequired: true });
  });

  it("lists a year's public holidays and refuses a bad year naming the field", async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', '/api/leave/holidays?year=2027');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ date: '2027-03-10', region: 'MY-14', name: 'Test Holiday' }]);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/holidays?year=2026')).json()).toEqual([]);
    const bad = await call(ctx, 'hr', 'GET', '/api/leave/holidays?year=next');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'year' });
  });
});

describe('GET /api/leave/me', () => {
  it('links my staff record by e-mail on first use and shows my balances', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', '/api/leave/me?year=2027');
    expect(response.statusCode).toBe(200);
    const mine = myLeaveSchema.parse(response.json());
    expect(mine.staff).toMatchObject({
      staffId: staffIds.hr,
      displayName: 'Muhammad Hafiz',
      departmentCode: 'HR',
      approverStaffId: staffIds.hradmin,
      approverName: 'Tan Mei Ling',
      workingDaysMask: 31,
    });
    expect(mine.year).toBe(2027);
    // Joined 2022-01-10: five years' service by the end of 2027, so the top tiers.
    expect(mine.balances.find((b) => b.leaveTypeId === 'LVE0001')).toEqual({
      leaveTypeId: 'LVE0001',
      leaveTypeName: 'Annual Leave',
      entitled: 16,
      entitledForYear: 16,
      accruesMonthly: false,
      proRatedMonths: null,
      carried: 0,
      adjustments: 0,
      taken: 0,
      booked: 0,
      pending: 0,
      includes: null,
      limitedBy: null,
      ineligible: null,
      available: 16,
    });
    expect(mine.balances.find((b) => b.leaveTypeId === 'LVE0002')!.entitled).toBe(22);
    const [row] = await ctx.database.db.select().from(staff).where(eq(staff.staffId, staffIds.hr));
    expect(row!.identitySub).toBe(users.hr.sub);
  });

  it('counts pending and approved days against the balance', async () => {
    const ctx = await setup();
    const first = await applyAs(ctx, 'hr2', week);
    await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-15', endDate: '2027-03-15', dayType: 1 });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${first.referenceId}/decision`, { decision: 'approve' });
    const mine = (await call(ctx, 'hr2', 'GET', '/api/leave/me?asAt=2027-12-31')).json<MyLeave>();
    // Joined 2025-02-03: two years by the end of 2027, so 12 days.
    expect(mine.balances.find((b) => b.leaveTypeId === 'LVE0001')).toMatchObject({
      entitled: 12,
      taken: 4,
      booked: 0,
      pending: 0.5,
      available: 7.5,
    });
  });

  it('refuses a bad year or date naming the field', async () => {
    const ctx = await setup();
    for (const [query, field] of [
      ['year=1899', 'year'],
      ['asAt=2027-02-30', 'asAt'],
      ['asAt=1999-12-31', 'asAt'],
      ['year=2026&asAt=2027-03-01', 'asAt'],
    ] as const) {
      const response = await call(ctx, 'hr', 'GET', `/api/leave/me?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json(), query).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
  });
});

describe('GET /api/leave/summary', () => {
  it('gives my balances today, my requests waiting and the approvals waiting for me', async () => {
    const ctx = await setup();
    const first = await applyAs(ctx, 'hr2', week);
    await applyAs(ctx, 'hr2', { ...week, startDate: '2027-03-15', endDate: '2027-03-15' });
    await applyAs(ctx, 'hr', { ...week, startDate: '2027-03-22', endDate: '2027-03-22' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${first.referenceId}/decision`, { decision: 'approve' });

    const mine = leaveSummarySchema.parse((await call(ctx, 'hr2', 'GET', '/api/leave/summary')).json());
    expect(mine).toMatchObject({ myRequestsWaiting: 1, approvalsWaiting: 0 });
    expect(mine.balances!.map((b) => b.leaveTypeId)).toContain('LVE0001');
    // Tan Mei Ling approves both of them, and as HR admin sees everyone's queue but her own.
    expect((await call(ctx, 'hradmin', 'GET', '/api/leave/summary')).json()).toMatchObject({
      myRequestsWaiting: 0,
      approvalsWaiting: 2,
    });
  });

  it('answers nulls, not an error, to someone in HR without a staff leave record', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'stranger', 'GET', '/api/leave/summary');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ balances: null, myRequestsWaiting: null, approvalsWaiting: 0 });
  });
});

describe('balances as at a date (docs/product/leave.md)', () => {
  const annual = (mine: MyLeave) => mine.balances.find((b) => b.leaveTypeId === 'LVE0001')!;
  const meAt = async (ctx: TestContext, who: FixtureUser, asAt: string) => {
    const response = await call(ctx, who, 'GET', `/api/leave/me?asAt=${asAt}`);
    expect(response.statusCode).toBe(200);
    return myLeaveSchema.parse(response.json());
  };
  const accrueAnnualLeave = (ctx: TestContext) =>
    ctx.database.db.update(leaveTypes).set({ accruesMonthly: true }).where(eq(leaveTypes.id, 'LVE0001'));

  it("earns a type that accrues monthly a twelfth on each month's first day, from the month of joining", async () => {
    const ctx = await setup();
    await accrueAnnualLeave(ctx);
    // Muhammad Hafiz: 16 days a year in 2027.
    expect(annual(await meAt(ctx, 'hr', '2027-01-01'))).toMatchObject({
      entitled: 1,
      entitledForYear: 16,
      accruesMonthly: true,
      available: 1,
    });
    const march = await meAt(ctx, 'hr', '2027-03-31');
    expect(march).toMatchObject({ year: 2027, asAt: '2027-03-31' });
    expect(annual(march)).toMatchObject({ entitled: 4, available: 4 });
    expect(annual(await meAt(ctx, 'hr', '2027-12-31'))).toMatchObject({ entitled: 16, available: 16 });
    // Priya Nair joined 3 February 2025 with 8 days a year, pro-rated to 7 for the ten completed
    // months of her joining year: February to June is 5 months, 3⅓ days, rounded down to the half day.
    expect(annual(await meAt(ctx, 'hr2', '2025-06-30'))).toMatchObject({ entitled: 3, entitledForYear: 7 });
    expect(annual(await meAt(ctx, 'hr2', '2025-01-31'))).toMatchObject({ entitled: 0 });
    // Types that do not accrue have the whole year from its first day.
    expect((await meAt(ctx, 'hr', '2027-01-01')).balances.find((b) => b.leaveTypeId === 'LVE0002')!.entitled).toBe(22);
  });

  it('checks a request against what has accrued by its first day, counting every booking of the year', async () => {
    const ctx = await setup();
    await accrueAnnualLeave(ctx);
    // Priya Nair, 12 days a year in 2027: 3 earned by March, 4 by April.
    const march = await call(ctx, 'hr2', 'POST', '/api/leave/requests/preview', week);
    expect(march.statusCode).toBe(400);
    expect(march.json()).toMatchObject({ field: 'leaveTypeId' });
    expect(march.json<{ message: string }>().message).toContain('only 3 are available');
    const april = { ...week, startDate: '2027-04-05', endDate: '2027-04-08' };
    expect((await call(ctx, 'hr2', 'POST', '/api/leave/requests/preview', april)).json()).toMatchObject({
      days: 4,
      available: 4,
      balanceAfter: 0,
    });
    await applyAs(ctx, 'hr2', april);
    // December's accrual is 12; April's four days are already booked against it.
    const december = { ...week, startDate: '2027-12-06', endDate: '2027-12-10' };
    expect((await call(ctx, 'hr2', 'POST', '/api/leave/requests/preview', december)).json()).toMatchObject({
      available: 8,
      balanceAfter: 3,
    });
  });

  it('counts carried days until they expire, and after it only those used by then', async () => {
    const ctx = await setup();
    await ctx.database.db
      .insert(leaveEntitlements)
      .values({ staffId: staffIds.hr, year: 2027, leaveTypeId: 'LVE0001', carried: 5, carriedExpiresOn: '2027-03-31' });
    const first = await applyAs(ctx, 'hr', { ...week, startDate: '2027-03-15', endDate: '2027-03-16' });
    await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${first.referenceId}/decision`, { decision: 'approve' });
    expect(annual(await meAt(ctx, 'hr', '2027-03-31'))).toMatchObject({ carried: 5, taken: 2, available: 19 });
    expect(annual(await meAt(ctx, 'hr', '2027-04-01'))).toMatchObject({ carried: 2, taken: 2, available: 16 });
    // A request starting after the expiry is judged without the lapsed days.
    const after = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', {
      ...week,
      startDate: '2027-04-05',
      endDate: '2027-04-05',
    });
    expect(after.json()).toMatchObject({ available: 16, balanceAfter: 15 });
  });
});

describe('POST /api/leave/requests/preview', () => {
  it('answers the day count and balance after, writing nothing', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', week);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      days: 4,
      available: 16,
      balanceAfter: 12,
      years: [{ year: 2027, days: 4, available: 16, balanceAfter: 12 }],
    });
    const half = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', {
      ...week,
      endDate: week.startDate,
      dayType: 2,
    });
    expect(half.json()).toMatchObject({ days: 0.5, available: 16, balanceAfter: 15.5 });
    // Unpaid leave may go below zero.
    const unpaid = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', { ...week, leaveTypeId: 'LVE0009' });
    expect(unpaid.json()).toMatchObject({ days: 4, available: 0, balanceAfter: -4 });
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });

  const broken: [string, object, string, RegExp, string][] = [
    ['a date that is not a date', { ...week, startDate: '8 March' }, 'startDate', /date/, 'invalidDate'],
    ['an end before the start', { ...week, endDate: '2027-03-01' }, 'endDate', /before the start/, 'endBeforeStart'],
    ['a half day over several days', { ...week, dayType: 1 }, 'dayType', /same day/, 'halfDaySameDay'],
    ['an unknown day type', { ...week, dayType: 3 }, 'dayType', /./, 'invalidChoice'],
    [
      'a leave type id of the wrong form',
      { ...week, leaveTypeId: 'ANNUAL' },
      'leaveTypeId',
      /LVE0001/,
      'invalidFormat',
    ],
    [
      'a leave type that does not exist',
      { ...week, leaveTypeId: 'LVE0099' },
      'leaveTypeId',
      /no leave type LVE0099/,
      'noSuchLeaveType',
    ],
    [
      'a half day of a type without half days',
      { ...week, leaveTypeId: 'LVE0003', endDate: week.startDate, dayType: 1 },
      'dayType',
      /Hospitalisation Leave cannot be taken as a half day/,
      'halfDayNotAllowed',
    ],
    [
      'a weekend only',
      { ...week, startDate: '2027-03-06', endDate: '2027-03-07' },
      'endDate',
      /no working days/,
      'noWorkingDays',
    ],
    [
      'a public holiday only',
      { ...week, startDate: '2027-03-10', endDate: '2027-03-10' },
      'endDate',
      /no working days/,
      'noWorkingDays',
    ],
    [
      'more days than the balance',
      { ...week, startDate: '2027-03-01', endDate: '2027-03-31' },
      'leaveTypeId',
      /needs 22 days of Annual Leave but only 16 are available/,
      'balanceShort',
    ],
    ['a reason that is too long', { ...week, reason: 'x'.repeat(1001) }, 'reason', /./, 'tooLong'],
  ];
  it.each(broken)(
    'refuses %s with 400 naming the field and why, writing nothing',
    async (_name, body, field, message, reason) => {
      const ctx = await setup();
      for (const url of ['/api/leave/requests/preview', '/api/leave/requests']) {
        const response = await call(ctx, 'hr', 'POST', url, body);
        expect(response.statusCode).toBe(400);
        // The reason lets the web app word it in the user's language (error-reasons.ts).
        expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field, reason });
        expect(response.json<{ message: string }>().message).toMatch(message);
      }
      expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
    },
  );

  it('refuses an inactive type and an overlap with my own pending or approved request', async () => {
    const ctx = await setup();
    await ctx.database.db.update(leaveTypes).set({ active: false }).where(eq(leaveTypes.id, 'LVE0022'));
    const inactive = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', { ...week, leaveTypeId: 'LVE0022' });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json()).toMatchObject({
      field: 'leaveTypeId',
      message: 'Special Leave can no longer be applied for.',
    });

    const first = await applyAs(ctx, 'hr', week);
    const overlap = await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', {
      ...week,
      leaveTypeId: 'LVE0006',
      startDate: '2027-03-12',
      endDate: '2027-03-15',
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({
      field: 'startDate',
      reason: 'overlaps',
      params: { status: 'PENDING', referenceId: first.referenceId, start: week.startDate, end: week.endDate },
    });
    expect(overlap.json<{ message: string }>().message).toContain(`overlap your pending request ${first.referenceId}`);
    // Someone else's request on the same dates is no overlap of mine.
    expect((await call(ctx, 'hr2', 'POST', '/api/leave/requests/preview', week)).statusCode).toBe(200);
    // Once cancelled, the dates are free again.
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${first.referenceId}/cancel`, {});
    expect((await call(ctx, 'hr', 'POST', '/api/leave/requests/preview', week)).statusCode).toBe(200);
  });
});

describe('POST /api/leave/requests', () => {
  it('stores a pending request with its submission event and the approver at submit time', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/requests', week);
    expect(response.statusCode).toBe(201);
    const created = response.json<LeaveRequest>();
    expect(created.referenceId).toMatch(REFERENCE_ID);
    expect(created).toMatchObject({
      staffId: staffIds.hr,
      staffName: 'Muhammad Hafiz',
      departmentCode: 'HR',
      leaveTypeId: 'LVE0001',
      leaveTypeName: 'Annual Leave',
      startDate: '2027-03-08',
      endDate: '2027-03-12',
      dayType: 0,
      days: 4,
      reason: 'Family trip',
      status: 0,
      approverStaffId: staffIds.hradmin,
      approverName: 'Tan Mei Ling',
      remarks: null,
      hasAttachment: false,
    });
    const events = await ctx.database.db
      .select()
      .from(leaveRequestEvents)
      .where(eq(leaveRequestEvents.referenceId, created.referenceId));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      fromStatus: null,
      toStatus: 0,
      actorStaffId: staffIds.hr,
      actorSub: users.hr.sub,
      actorName: 'Muhammad Hafiz',
    });
    // Applying is a change the audit trail keeps (decision record 0038), in the same transaction.
    expect(await ctx.database.db.select().from(auditEntries)).toEqual([
      expect.objectContaining({
        actorId: users.hr.sub,
        actorEmail: users.hr.email,
        area: 'leave',
        action: 'request.apply',
        target: created.referenceId,
        targetLabel: 'Muhammad Hafiz (LVUSR0000000003), Annual Leave, 2027-03-08 to 2027-03-12',
        before: null,
        after: {
          status: 0,
          statusLabel: 'PENDING',
          remarks: null,
          leaveTypeId: 'LVE0001',
          startDate: '2027-03-08',
          endDate: '2027-03-12',
          dayType: 0,
          days: 4,
          reason: 'Family trip',
          attachment: null,
        },
        requestId: expect.any(String) as string,
      }),
    ]);
  });

  it('takes a morning and an afternoon of the same day as two requests, but not two mornings', async () => {
    const ctx = await setup();
    const day = { ...week, startDate: '2027-03-15', endDate: '2027-03-15' };
    await applyAs(ctx, 'hr', { ...day, dayType: 1 });
    await applyAs(ctx, 'hr', { ...day, dayType: 2 });
    const again = await call(ctx, 'hr', 'POST', '/api/leave/requests', { ...day, dayType: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ field: 'startDate' });
    expect((await rowCounts(ctx.database.db)).requests).toBe(2);
  });

  it('refuses two simultaneous overlapping requests of one person: exactly one is stored', async () => {
    const ctx = await setup();
    const responses = await Promise.all([
      call(ctx, 'hr', 'POST', '/api/leave/requests', week),
      call(ctx, 'hr', 'POST', '/api/leave/requests', { ...week, leaveTypeId: 'LVE0006' }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 1, events: 1 });
    // The refused one left no audit entry.
    const trail = await ctx.database.db.select().from(auditEntries);
    expect(trail.map((e) => [e.action, e.target])).toEqual([
      ['request.apply', responses.find((r) => r.statusCode === 201)!.json<LeaveRequest>().referenceId],
    ]);
  });

  it('needs an attachment where the type says so, writing nothing without one', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'POST', '/api/leave/requests', { ...week, leaveTypeId: 'LVE0002' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'attachment' });
    expect(response.json<{ message: string }>().message).toMatch(/Medical Leave needs an attachment/);
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
    expect(await ctx.database.db.select().from(auditEntries)).toEqual([]);
  });

  it('takes multipart with a PDF, stores it in the database, and shows it to the applicant, approver and ADMIN only', async () => {
    const ctx = await setup();
    const body = multipartBody(
      { leaveTypeId: 'LVE0002', startDate: '2027-03-15', endDate: '2027-03-15', dayType: '1', reason: 'Clinic' },
      { filename: 'mc.pdf', contentType: 'application/pdf', data: PDF },
    );
    const response = await postMultipart(ctx, 'hr', body);
    expect(response.statusCode).toBe(201);
    const created = response.json<LeaveRequest>();
    expect(created).toMatchObject({ leaveTypeId: 'LVE0002', dayType: 1, days: 0.5, hasAttachment: true });
    const [row] = await ctx.database.db
      .select()
      .from(leaveRequests)
      .where(eq(leaveRequests.referenceId, created.referenceId));
    expect(row).toMatchObject({
      attachmentName: 'mc.pdf',
      attachmentMime: 'application/pdf',
      attachmentSize: PDF.length,
    });
    expect(Buffer.compare(row!.attachment!, PDF)).toBe(0);

    const url = `/api/leave/requests/${created.referenceId}/attachment`;
    for (const who of ['hr', 'hradmin', 'itadmin'] as const) {
      const file = await call(ctx, who, 'GET', url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toBe('attachment; filename=mc.pdf');
      expect(Buffer.compare(file.rawPayload, PDF)).toBe(0);
    }
    const other = await call(ctx, 'hr2', 'GET', url);
    expect(other.statusCode).toBe(403);
    const none = await call(
      ctx,
      'hr',
      'GET',
      `/api/leave/requests/${(await applyAs(ctx, 'hr', week)).referenceId}/attachment`,
    );
    expect(none.statusCode).toBe(404);
  });

  it('gives the attachment back under its own name, non-ASCII letters included (RFC 6266 filename*)', async () => {
    const ctx = await setup();
    const body = multipartBody(
      { leaveTypeId: 'LVE0002', startDate: '2027-03-15', endDate: '2027-03-15' },
      { filename: 'Sijil cuti – Dr. Müller 医生.pdf', contentType: 'application/pdf', data: PDF },
    );
    const created = (await postMultipart(ctx, 'hr', body)).json<LeaveRequest>();
    const file = await call(ctx, 'hr', 'GET', `/api/leave/requests/${created.referenceId}/attachment`);
    expect(file.statusCode).toBe(200);
    const disposition = file.headers['content-disposition'] as string;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Sijil cuti – Dr. Müller 医生.pdf')}`);
    // Clients that know no better get an ASCII stand-in of the same name.
    expect(disposition).toMatch(/^attachment; filename="Sijil cuti \? Dr\. M\?ller \?\?\.pdf"/);
  });

  it('takes a PNG named .jpg, storing the type its content shows', async () => {
    const ctx = await setup();
    const body = multipartBody(
      { leaveTypeId: 'LVE0002', startDate: '2027-03-15', endDate: '2027-03-16' },
      { filename: 'scan.jpg', contentType: 'image/jpeg', data: PNG },
    );
    const response = await postMultipart(ctx, 'hr', body);
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(leaveRequests);
    expect(row!.attachmentMime).toBe('image/png');
  });

  const badFiles: [string, { filename: string; contentType: string; data: Buffer; field?: string }, string, RegExp][] =
    [
      [
        'an executable renamed to .pdf',
        { filename: 'mc.pdf', contentType: 'application/pdf', data: EXE },
        'attachment',
        /PDF, JPEG or PNG/,
      ],
      [
        'a text file',
        { filename: 'mc.txt', contentType: 'text/plain', data: Buffer.from('hello') },
        'attachment',
        /PDF, JPEG or PNG/,
      ],
      [
        'a PDF over 5 MB',
        {
          filename: 'big.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
        },
        'attachment',
        /at most 5 MB/,
      ],
      [
        'a file under another field name',
        { field: 'file', filename: 'mc.pdf', contentType: 'application/pdf', data: PDF },
        'file',
        /named attachment/,
      ],
    ];
  it.each(badFiles)('refuses %s with 400 naming the field, writing nothing', async (_name, file, field, message) => {
    const ctx = await setup();
    const response = await postMultipart(
      ctx,
      'hr',
      multipartBody({ leaveTypeId: 'LVE0002', startDate: '2027-03-15', endDate: '2027-03-15' }, file),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });

  it('refuses a form body that cannot be read (no boundary, cut short, too many parts) with 400, writing nothing', async () => {
    const ctx = await setup();
    const whole = multipartBody(
      { leaveTypeId: 'LVE0002', startDate: '2027-03-15', endDate: '2027-03-15' },
      { filename: 'mc.pdf', contentType: 'application/pdf', data: PDF },
    );
    const crowded = multipartBody(Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`field${i}`, 'x'])));
    const bodies = [
      { contentType: 'multipart/form-data', payload: whole.payload },
      { contentType: whole.contentType, payload: whole.payload.subarray(0, whole.payload.length - 700) },
      { contentType: whole.contentType, payload: whole.payload.subarray(0, 40) },
      { contentType: `${whole.contentType}-other`, payload: whole.payload },
      crowded,
    ];
    for (const body of bodies) {
      const response = await postMultipart(ctx, 'hr', body);
      expect(response.statusCode, body.contentType).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      expect(response.json<{ message: string }>().message).toMatch(/form (could not be read|has more fields)/);
    }
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });

  it('refuses bad multipart fields naming the field, writing nothing', async () => {
    const ctx = await setup();
    const response = await postMultipart(
      ctx,
      'hr',
      multipartBody(
        { leaveTypeId: 'LVE0002', startDate: '2027-02-30', endDate: '2027-03-15' },
        {
          filename: 'mc.pdf',
          contentType: 'application/pdf',
          data: PDF,
        },
      ),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'startDate' });
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 0, events: 0 });
  });
});

describe('GET /api/leave/requests/mine', () => {
  it('lists only my requests, newest first, filtered and paged', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr', week);
    await applyAs(ctx, 'hr', { ...week, leaveTypeId: 'LVE0006', startDate: '2027-04-05', endDate: '2027-04-05' });
    const later = await applyAs(ctx, 'hr', { ...week, startDate: '2027-05-03', endDate: '2027-05-04' });
    await applyAs(ctx, 'hr2', week);
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${later.referenceId}/cancel`, {});

    const all = await call(ctx, 'hr', 'GET', '/api/leave/requests/mine');
    expect(all.statusCode).toBe(200);
    const page = all.json<{ items: LeaveRequest[]; total: number; page: number; pageSize: number }>();
    expect(page.total).toBe(3);
    expect(page.items.map((r) => r.startDate)).toEqual(['2027-05-03', '2027-04-05', '2027-03-08']);
    expect(page.items.every((r) => r.staffId === staffIds.hr)).toBe(true);

    const paged = (await call(ctx, 'hr', 'GET', '/api/leave/requests/mine?page=2&pageSize=2')).json<typeof page>();
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((r) => r.startDate)).toEqual(['2027-03-08']);

    const annual = (await call(ctx, 'hr', 'GET', '/api/leave/requests/mine?leaveTypeId=LVE0001&status=0')).json<
      typeof page
    >();
    expect(annual.items.map((r) => r.startDate)).toEqual(['2027-03-08']);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/requests/mine?year=2026')).json<typeof page>().total).toBe(0);
    const fromApril = (await call(ctx, 'hr', 'GET', '/api/leave/requests/mine?from=2027-04-05')).json<typeof page>();
    expect(fromApril.items.map((r) => r.startDate)).toEqual(['2027-05-03', '2027-04-05']);
  });

  it('sorts by type, days or status, either way, the latest first among equals', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr', week); // Annual Leave, 5 days from 2027-03-08
    await applyAs(ctx, 'hr', { ...week, leaveTypeId: 'LVE0006', startDate: '2027-04-05', endDate: '2027-04-05' });
    const later = await applyAs(ctx, 'hr', { ...week, startDate: '2027-05-03', endDate: '2027-05-04' });
    await call(ctx, 'hr', 'POST', `/api/leave/requests/${later.referenceId}/cancel`, {});
    const starts = async (query: string) =>
      (await call(ctx, 'hr', 'GET', `/api/leave/requests/mine?${query}`))
        .json<{ items: LeaveRequest[] }>()
        .items.map((r) => r.startDate);

    expect(await starts('sort=start&order=asc')).toEqual(['2027-03-08', '2027-04-05', '2027-05-03']);
    // Annual Leave twice, the later first; then the other type.
    const types = await starts('sort=type');
    expect(types.slice(0, 2)).toEqual(['2027-05-03', '2027-03-08']);
    expect(await starts('sort=days')).toEqual(['2027-04-05', '2027-05-03', '2027-03-08']);
    expect(await starts('sort=days&order=desc')).toEqual(['2027-03-08', '2027-05-03', '2027-04-05']);
    // Pending (0) before cancelled (3).
    expect((await starts('sort=status')).at(-1)).toBe('2027-05-03');
    expect((await starts('sort=status&order=desc'))[0]).toBe('2027-05-03');
  });

  it.each([
    ['status=9', 'status'],
    ['pageSize=500', 'pageSize'],
    ['leaveTypeId=annual', 'leaveTypeId'],
    ['page=0', 'page'],
    ['from=5 April', 'from'],
    ['sort=reason', 'sort'],
    ['order=up', 'order'],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const ctx = await setup();
    const response = await call(ctx, 'hr', 'GET', `/api/leave/requests/mine?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });
});

describe('GET /api/leave/approvals', () => {
  it("shows my queue with the applicant's balance after and who else in the department is away", async () => {
    const ctx = await setup();
    const priya = await applyAs(ctx, 'hr2', week);
    const hafiz = await applyAs(ctx, 'hr', { ...week, startDate: '2027-03-11', endDate: '2027-03-12' });
    await applyAs(ctx, 'hr', { ...week, startDate: '2027-06-07', endDate: '2027-06-07' });

    const response = await call(ctx, 'hradmin', 'GET', '/api/leave/approvals');
    expect(response.statusCode).toBe(200);
    const queue = response.json<unknown[]>().map((item) => approvalItemSchema.parse(item));
    expect(queue.map((q) => q.referenceId)).toHaveLength(3);
    const forHafiz = queue.find((q) => q.referenceId === hafiz.referenceId)!;
    // 16 − 2 (this request) − 1 (his other pending one).
    expect(forHafiz.balanceAfter).toBe(13);
    expect(forHafiz.awayOnDates).toEqual([
      { staffName: 'Priya Nair', startDate: '2027-03-08', endDate: '2027-03-12', status: 0 },
    ]);
    // One of the two HR staff away is half the department: over the 30% threshold.
    expect(forHafiz.overThreshold).toBe(true);
    const forPriya = queue.find((q) => q.referenceId === priya.referenceId)!;
    expect(forPriya.balanceAfter).toBe(8);
    expect(forPriya.awayOnDates.map((a) => a.staffName)).toEqual(['Muhammad Hafiz']);
    const june = queue.find((q) => q.startDate === '2027-06-07')!;
    expect(june).toMatchObject({ awayOnDates: [], overThreshold: false });
  });

  it('shows only requests whose approver I am; ADMIN sees all but their own; decided ones leave the queue', async () => {
    const ctx = await setup();
    const mine = await applyAs(ctx, 'hr', week);
    // Tan Mei Ling's own request goes to Aisyah (ITAdmin).
    const hers = await applyAs(ctx, 'hradmin', week);
    expect((await call(ctx, 'hr', 'GET', '/api/leave/approvals')).json()).toEqual([]);
    const tan = (await call(ctx, 'hradmin', 'GET', '/api/leave/approvals')).json<LeaveRequest[]>();
    // Tan is an HR admin, so she sees every request but her own, which she cannot decide.
    expect(tan.map((r) => r.referenceId)).toEqual([mine.referenceId]);
    const aisyah = (await call(ctx, 'itadmin', 'GET', '/api/leave/approvals')).json<LeaveRequest[]>();
    expect(aisyah.map((r) => r.referenceId).sort()).toEqual([mine.referenceId, hers.referenceId].sort());
    await call(ctx, 'itadmin', 'POST', `/api/leave/requests/${hers.referenceId}/decision`, { decision: 'approve' });
    const after = (await call(ctx, 'itadmin', 'GET', '/api/leave/approvals')).json<LeaveRequest[]>();
    expect(after.map((r) => r.referenceId)).toEqual([mine.referenceId]);
  });
});
