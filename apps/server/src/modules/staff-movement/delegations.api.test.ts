import { asc, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { ApprovalItem, LeaveRequest } from '@staff-portal/shared/leave';
import type { Delegation, DelegateCandidate, MyDelegations } from '@staff-portal/shared/staff-movement';
import { auditEntries } from '../../db/schema/audit';
import { leaveDelegations } from '../../db/schema/staff-movement';
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

async function delegationCount(ctx: TestContext) {
  const [row] = await ctx.database.db.select({ n: count() }).from(leaveDelegations);
  return row!.n;
}

/** Dates relative to today in Kuala Lumpur, the organisation's zone. */
function day(offset: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kuala_Lumpur' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };

/** Tan Mei Ling (HRAdmin) approves Muhammad Hafiz (hr) and Priya Nair (hr2). */
async function delegate(ctx: TestContext, body: object, who: FixtureUser = 'hradmin') {
  return call(ctx, who, 'POST', '/api/leave/delegations', body);
}

describe('acting approver API: who may call it', () => {
  it.each([
    ['GET', '/api/leave/delegations'],
    ['GET', '/api/leave/delegations/candidates'],
    ['POST', '/api/leave/delegations'],
    ['DELETE', '/api/leave/delegations/1'],
  ])('%s %s needs a token and the SHARED guard (403 for every other department)', async (method, url) => {
    const ctx = await setup();
    const body = method === 'POST' ? { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(3) } : undefined;
    const withBody = body === undefined ? {} : { payload: body };
    expect((await ctx.app.inject({ method: method as 'GET', url, ...withBody })).statusCode).toBe(401);
    for (const { department, response } of await callAsEach(ctx, NOT_SHARED, method as 'GET', url, body)) {
      expect(response.statusCode, department).toBe(403);
    }
    expect(await delegationCount(ctx)).toBe(0);
  });
});

describe('/api/leave/delegations', () => {
  it('adds, lists (both sides) and removes my delegation', async () => {
    const ctx = await setup();
    const created = await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(5) });
    expect(created.statusCode).toBe(201);
    const delegation = created.json<Delegation>();
    expect(delegation).toMatchObject({
      approverStaffId: staffIds.hradmin,
      approverName: 'Tan Mei Ling',
      delegateStaffId: staffIds.hr,
      delegateName: 'Muhammad Hafiz',
      fromDate: day(0),
      toDate: day(5),
      active: true,
    });
    const mine = (await call(ctx, 'hradmin', 'GET', '/api/leave/delegations')).json<MyDelegations>();
    expect(mine.mine.map((d) => d.id)).toEqual([delegation.id]);
    expect(mine.actingFor).toEqual([]);
    const theirs = (await call(ctx, 'hr', 'GET', '/api/leave/delegations')).json<MyDelegations>();
    expect(theirs.actingFor.map((d) => d.id)).toEqual([delegation.id]);

    // Only the approver who named it removes it.
    expect((await remove(ctx, 'hr', `/api/leave/delegations/${delegation.id}`)).statusCode).toBe(403);
    expect((await remove(ctx, 'itadmin', `/api/leave/delegations/${delegation.id}`)).statusCode).toBe(403);
    expect((await remove(ctx, 'hradmin', `/api/leave/delegations/${delegation.id}`)).statusCode).toBe(204);
    expect(await delegationCount(ctx)).toBe(0);
    expect((await remove(ctx, 'hradmin', `/api/leave/delegations/${delegation.id}`)).statusCode).toBe(404);

    // Both changes are in the audit trail, the refused removals are not.
    const trail = await ctx.database.db.select().from(auditEntries).orderBy(asc(auditEntries.id));
    const range = { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(5) };
    expect(
      trail.map(({ area, action, target, targetLabel, before, after }) => ({
        area,
        action,
        target,
        targetLabel,
        before,
        after,
      })),
    ).toEqual([
      {
        area: 'staff-movement',
        action: 'delegation.create',
        target: `delegation:${delegation.id}`,
        targetLabel: `Tan Mei Ling (${staffIds.hradmin}) to Muhammad Hafiz (${staffIds.hr})`,
        before: null,
        after: range,
      },
      {
        area: 'staff-movement',
        action: 'delegation.delete',
        target: `delegation:${delegation.id}`,
        targetLabel: `Tan Mei Ling (${staffIds.hradmin}) to ${staffIds.hr}`,
        before: range,
        after: null,
      },
    ]);
  });

  it.each([
    ['delegateStaffId', { delegateStaffId: 'someone', fromDate: day(0), toDate: day(2) }],
    ['delegateStaffId', { delegateStaffId: 'LVUSR0000000999', fromDate: day(0), toDate: day(2) }],
    ['delegateStaffId', { delegateStaffId: staffIds.hradmin, fromDate: day(0), toDate: day(2) }],
    ['fromDate', { delegateStaffId: staffIds.hr, toDate: day(2) }],
    ['toDate', { delegateStaffId: staffIds.hr, fromDate: day(2), toDate: day(1) }],
    ['toDate', { delegateStaffId: staffIds.hr, fromDate: day(-5), toDate: day(-1) }],
    ['toDate', { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(400) }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, body) => {
    const ctx = await setup();
    const response = await delegate(ctx, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(await delegationCount(ctx)).toBe(0);
    expect(await ctx.database.db.select().from(auditEntries)).toEqual([]);
  });

  it('refuses an inactive delegate and an overlap with my other delegation', async () => {
    const ctx = await setup();
    await ctx.database.db.execute(`update staff set active = false where staff_id = '${staffIds.hr2}'`);
    const inactive = await delegate(ctx, { delegateStaffId: staffIds.hr2, fromDate: day(0), toDate: day(2) });
    expect(inactive.json()).toMatchObject({ field: 'delegateStaffId' });
    expect((await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(5) })).statusCode).toBe(
      201,
    );
    const overlap = await delegate(ctx, { delegateStaffId: staffIds.itadmin, fromDate: day(5), toDate: day(9) });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json()).toMatchObject({ field: 'fromDate' });
    expect(await delegationCount(ctx)).toBe(1);
    // Right after it is fine.
    expect(
      (await delegate(ctx, { delegateStaffId: staffIds.itadmin, fromDate: day(6), toDate: day(9) })).statusCode,
    ).toBe(201);
  });

  it('lists active staff but me as candidates, searchable by name', async () => {
    const ctx = await setup();
    const all = (await call(ctx, 'hr', 'GET', '/api/leave/delegations/candidates')).json<DelegateCandidate[]>();
    expect(all.map((c) => c.staffId)).not.toContain(staffIds.hr);
    expect(all).toHaveLength(6);
    const found = (await call(ctx, 'hr', 'GET', '/api/leave/delegations/candidates?search=priya')).json<
      DelegateCandidate[]
    >();
    expect(found).toEqual([{ staffId: staffIds.hr2, staffName: 'Priya Nair', departmentCode: 'HR' }]);
  });
});

describe('acting approver in the approval flow', () => {
  it('lets the delegate see and decide the approver’s requests during the range only', async () => {
    const ctx = await setup();
    const request = await applyAs(ctx, 'hr2', week);
    const before = (await call(ctx, 'hr', 'GET', '/api/leave/approvals')).json<ApprovalItem[]>();
    expect(before).toEqual([]);
    expect(
      (await call(ctx, 'hr', 'POST', `/api/leave/requests/${request.referenceId}/decision`, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);

    // A delegation that starts tomorrow is not in force yet.
    await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(1), toDate: day(4) });
    expect((await call(ctx, 'hr', 'GET', '/api/leave/approvals')).json<ApprovalItem[]>()).toEqual([]);
    expect(
      (await call(ctx, 'hr', 'POST', `/api/leave/requests/${request.referenceId}/decision`, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);
    // One that ended yesterday is over (written directly: the API refuses a past one).
    await ctx.database.db
      .insert(leaveDelegations)
      .values({ approverStaffId: staffIds.hradmin, delegateStaffId: staffIds.hr, fromDate: day(-5), toDate: day(-1) });
    expect(
      (await call(ctx, 'hr', 'POST', `/api/leave/requests/${request.referenceId}/decision`, { decision: 'approve' }))
        .statusCode,
    ).toBe(403);

    // Today within the range: the delegate sees the request and decides it.
    await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(0) });
    const queue = (await call(ctx, 'hr', 'GET', '/api/leave/approvals')).json<ApprovalItem[]>();
    expect(queue.map((q) => q.referenceId)).toEqual([request.referenceId]);
    const history = await call(ctx, 'hr', 'GET', `/api/leave/requests/${request.referenceId}/history`);
    expect(history.statusCode).toBe(200);
    const decided = await call(ctx, 'hr', 'POST', `/api/leave/requests/${request.referenceId}/decision`, {
      decision: 'approve',
      remarks: 'Approved while Mei Ling is away',
    });
    expect(decided.statusCode).toBe(200);
    expect(decided.json<LeaveRequest>()).toMatchObject({ status: 1 });
  });

  it('never lets the delegate decide their own request', async () => {
    const ctx = await setup();
    const own = await applyAs(ctx, 'hr', week);
    await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(3) });
    expect((await call(ctx, 'hr', 'GET', '/api/leave/approvals')).json<ApprovalItem[]>()).toEqual([]);
    const response = await call(ctx, 'hr', 'POST', `/api/leave/requests/${own.referenceId}/decision`, {
      decision: 'approve',
    });
    expect(response.statusCode).toBe(403);
  });

  it('sends the submit e-mail to the acting approver while a delegation is active', async () => {
    const ctx = await setup();
    await applyAs(ctx, 'hr2', week);
    await delegate(ctx, { delegateStaffId: staffIds.hr, fromDate: day(0), toDate: day(3) });
    await applyAs(ctx, 'hr2', { ...week, startDate: '2027-04-05', endDate: '2027-04-06' });
    const mail = await ctx.database.db.select().from(identityOutbox).orderBy(asc(identityOutbox.id));
    expect(mail.map((m) => m.recipient)).toEqual(['hradmin@staffportal.example', 'hr@staffportal.example']);
  });
});
