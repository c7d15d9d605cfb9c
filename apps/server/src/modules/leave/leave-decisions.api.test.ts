import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { LeaveRequest, LeaveRequestEvent } from '@staff-portal/shared/leave';
import { auditEntries } from '../../db/schema/audit';
import { leaveRequestEvents, leaveRequests } from '../../db/schema/leave';
import { createTestApp, type TestContext } from '../../test/app';
import {
  applyAs,
  call,
  rowCounts,
  seedLeaveFixture,
  staffIds,
  users,
  type FixtureUser,
} from '../../test/leave-fixture';
import { transitionRequest } from './leave.repository';

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

const week = { leaveTypeId: 'LVE0001', startDate: '2027-03-08', endDate: '2027-03-12', reason: 'Family trip' };
const UNKNOWN = 'LV202703010900123456';

async function decide(ctx: TestContext, who: FixtureUser, referenceId: string, decision: string, remarks?: string) {
  return call(ctx, who, 'POST', `/api/leave/requests/${referenceId}/decision`, {
    decision,
    ...(remarks === undefined ? {} : { remarks }),
  });
}

async function cancel(ctx: TestContext, who: FixtureUser, referenceId: string, remarks?: string) {
  return call(ctx, who, 'POST', `/api/leave/requests/${referenceId}/cancel`, remarks === undefined ? {} : { remarks });
}

async function statusOf(ctx: TestContext, referenceId: string) {
  const [row] = await ctx.database.db
    .select({ status: leaveRequests.status, remarks: leaveRequests.remarks })
    .from(leaveRequests)
    .where(eq(leaveRequests.referenceId, referenceId));
  return row;
}

async function eventsOf(ctx: TestContext, referenceId: string) {
  return ctx.database.db
    .select()
    .from(leaveRequestEvents)
    .where(eq(leaveRequestEvents.referenceId, referenceId))
    .orderBy(leaveRequestEvents.id);
}

/** A request's audit entries (decision record 0038), oldest first. */
async function auditOf(ctx: TestContext, referenceId: string) {
  return ctx.database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.target, referenceId))
    .orderBy(auditEntries.id);
}

const state = (status: number, statusLabel: string, remarks: string | null) => ({ status, statusLabel, remarks });

describe('POST /api/leave/requests/:referenceId/decision', () => {
  it('lets the approver approve or reject a pending request, recording who, when and remarks', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const b = await applyAs(ctx, 'hr2', week);
    const beforeDecision = Date.now();
    const approved = await decide(ctx, 'hradmin', a.referenceId, 'approve', 'Enjoy');
    const afterDecision = Date.now();
    expect(approved.statusCode).toBe(200);
    expect(approved.json<LeaveRequest>()).toMatchObject({ status: 1, remarks: 'Enjoy' });
    const rejected = await decide(ctx, 'hradmin', b.referenceId, 'reject', 'Month-end closing');
    expect(rejected.json<LeaveRequest>()).toMatchObject({ status: 2, remarks: 'Month-end closing' });

    const events = await eventsOf(ctx, a.referenceId);
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 0],
      [0, 1],
    ]);
    expect(events[1]).toMatchObject({
      actorStaffId: staffIds.hradmin,
      actorSub: users.hradmin.sub,
      actorName: 'Tan Mei Ling',
      remarks: 'Enjoy',
    });
    // When it was decided, however long the call took (timestamps are kept to the millisecond).
    expect(events[1]!.at.getTime()).toBeGreaterThanOrEqual(beforeDecision - 1);
    expect(events[1]!.at.getTime()).toBeLessThanOrEqual(afterDecision + 1);

    // The audit trail has the application and each decision, with who, before and after.
    const trail = await auditOf(ctx, a.referenceId);
    expect(trail.map((e) => [e.area, e.action, e.actorId])).toEqual([
      ['leave', 'request.apply', users.hr.sub],
      ['leave', 'request.approve', users.hradmin.sub],
    ]);
    expect(trail[1]).toMatchObject({
      actorEmail: users.hradmin.email,
      targetLabel: 'Muhammad Hafiz (LVUSR0000000003), Annual Leave, 2027-03-08 to 2027-03-12',
      before: state(0, 'PENDING', null),
      after: state(1, 'APPROVED', 'Enjoy'),
    });
    expect(trail[1]!.requestId).toEqual(expect.any(String));
    expect(trail[0]).toMatchObject({ before: null, after: { status: 0, days: a.days, reason: 'Family trip' } });
    expect((await auditOf(ctx, b.referenceId)).at(-1)).toMatchObject({
      action: 'request.reject',
      actorId: users.hradmin.sub,
      before: state(0, 'PENDING', null),
      after: state(2, 'REJECTED', 'Month-end closing'),
    });
  });

  it('decides a pending cancellation: approve → cancelled, reject → back to approved', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const b = await applyAs(ctx, 'hr', { ...week, startDate: '2027-04-05', endDate: '2027-04-06' });
    for (const r of [a, b]) await decide(ctx, 'hradmin', r.referenceId, 'approve');
    for (const r of [a, b])
      expect((await cancel(ctx, 'hr', r.referenceId, 'Plans changed')).json()).toMatchObject({ status: 4 });

    expect((await decide(ctx, 'hradmin', a.referenceId, 'approve')).json()).toMatchObject({ status: 3 });
    expect((await decide(ctx, 'hradmin', b.referenceId, 'reject', 'Already booked')).json()).toMatchObject({
      status: 1,
      remarks: 'Already booked',
    });
    expect((await eventsOf(ctx, a.referenceId)).map((e) => e.toStatus)).toEqual([0, 1, 4, 3]);
    expect((await eventsOf(ctx, b.referenceId)).map((e) => e.toStatus)).toEqual([0, 1, 4, 1]);
    expect((await auditOf(ctx, a.referenceId)).map((e) => [e.action, e.actorId, e.after])).toEqual([
      ['request.apply', users.hr.sub, expect.objectContaining({ status: 0 })],
      ['request.approve', users.hradmin.sub, state(1, 'APPROVED', null)],
      ['request.cancel', users.hr.sub, state(4, 'PENDING CANCELLATION', 'Plans changed')],
      ['cancellation.approve', users.hradmin.sub, state(3, 'CANCELLED', null)],
    ]);
    expect((await auditOf(ctx, b.referenceId)).at(-1)).toMatchObject({
      action: 'cancellation.reject',
      before: state(4, 'PENDING CANCELLATION', 'Plans changed'),
      after: state(1, 'APPROVED', 'Already booked'),
    });
  });

  it('lets an HR admin who is not the approver decide, and refuses anyone else with 403, changing nothing', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    // Priya is in HR but not the approver; Hafiz cannot decide his own request.
    for (const who of ['hr2', 'hr'] as const) {
      const response = await decide(ctx, who, a.referenceId, 'approve');
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    expect(await statusOf(ctx, a.referenceId)).toEqual({ status: 0, remarks: null });
    // A refused decision leaves no audit entry: only the application is there.
    expect((await auditOf(ctx, a.referenceId)).map((e) => e.action)).toEqual(['request.apply']);
    expect((await decide(ctx, 'itadmin', a.referenceId, 'approve')).json()).toMatchObject({ status: 1 });
    expect((await eventsOf(ctx, a.referenceId))[1]).toMatchObject({ actorName: 'Aisyah Rahman' });
  });

  it('refuses an approver deciding their own request, even as HR admin', async () => {
    const ctx = await setup();
    const own = await applyAs(ctx, 'hradmin', week);
    const response = await decide(ctx, 'hradmin', own.referenceId, 'approve');
    expect(response.statusCode).toBe(403);
    expect(response.json<{ message: string }>().message).toBe('You cannot decide your own leave request.');
  });

  it('answers 409 for a request that is no longer waiting, and 404 for an unknown reference', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    await decide(ctx, 'hradmin', a.referenceId, 'reject', 'Month-end closing');
    const again = await decide(ctx, 'hradmin', a.referenceId, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'CONFLICT',
      message: 'This request is already rejected, so there is nothing to decide.',
    });
    const unknown = await decide(ctx, 'hradmin', UNKNOWN, 'approve');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', message: `There is no leave request ${UNKNOWN}.` });
    expect((await eventsOf(ctx, a.referenceId)).length).toBe(2);
  });

  it.each([
    ['an unknown decision', { decision: 'maybe' }, 'decision'],
    ['no decision', {}, 'decision'],
    ['over-long remarks', { decision: 'approve', remarks: 'x'.repeat(1001) }, 'remarks'],
    ['a rejection without remarks', { decision: 'reject' }, 'remarks'],
    ['a rejection with blank remarks', { decision: 'reject', remarks: '   ' }, 'remarks'],
  ])('refuses %s with 400 naming the field, changing nothing', async (_name, body, field) => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const response = await call(ctx, 'hradmin', 'POST', `/api/leave/requests/${a.referenceId}/decision`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(await statusOf(ctx, a.referenceId)).toEqual({ status: 0, remarks: null });
    expect(await rowCounts(ctx.database.db)).toEqual({ requests: 1, events: 1 });
  });

  it('asks for the reason when a cancellation is rejected, and approves without remarks', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    expect((await decide(ctx, 'hradmin', a.referenceId, 'approve')).statusCode).toBe(200);
    expect((await cancel(ctx, 'hr', a.referenceId)).json()).toMatchObject({ status: 4 });
    const refused = await decide(ctx, 'hradmin', a.referenceId, 'reject');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'remarks' });
    expect(refused.json<{ message: string }>().message).toMatch(/reason/);
    expect((await statusOf(ctx, a.referenceId))!.status).toBe(4);
    expect((await eventsOf(ctx, a.referenceId)).map((e) => e.toStatus)).toEqual([0, 1, 4]);
  });

  it('refuses a malformed reference with 400 naming it', async () => {
    const ctx = await setup();
    const response = await decide(ctx, 'hradmin', 'LV123', 'approve');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'referenceId' });
  });

  it('lets exactly one of two simultaneous decisions win; the other gets a clear 409', async () => {
    const ctx = await setup();
    for (const day of ['2027-04-07', '2027-05-12', '2027-06-09']) {
      const a = await applyAs(ctx, 'hr', { ...week, startDate: day, endDate: day });
      const [first, second] = await Promise.all([
        decide(ctx, 'hradmin', a.referenceId, 'approve', 'Approved by Tan'),
        decide(ctx, 'itadmin', a.referenceId, 'reject', 'Rejected by Aisyah'),
      ]);
      const codes = [first.statusCode, second.statusCode].sort();
      expect(codes).toEqual([200, 409]);
      const loser = first.statusCode === 409 ? first : second;
      const winner = first.statusCode === 200 ? first : second;
      expect(loser.json()).toMatchObject({ code: 'CONFLICT' });
      expect(loser.json<{ message: string }>().message).toMatch(
        /Someone else decided this request a moment ago|already (approved|rejected)/,
      );
      const stored = await statusOf(ctx, a.referenceId);
      expect(stored!.status).toBe(winner.json<LeaveRequest>().status);
      const events = await eventsOf(ctx, a.referenceId);
      expect(events).toHaveLength(2);
      expect(events[1]!.remarks).toBe(stored!.remarks);
      // The decision that lost the race left no audit entry; the winner's is there once.
      const decisions = (await auditOf(ctx, a.referenceId)).filter((e) => e.action !== 'request.apply');
      expect(decisions.map((e) => e.after)).toEqual([expect.objectContaining({ remarks: stored!.remarks })]);
    }
  });
});

describe('POST /api/leave/requests/:referenceId/cancel', () => {
  it('cancels my pending request at once and records it', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const response = await cancel(ctx, 'hr', a.referenceId, 'No longer needed');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 3, remarks: 'No longer needed' });
    expect((await eventsOf(ctx, a.referenceId))[1]).toMatchObject({
      fromStatus: 0,
      toStatus: 3,
      actorName: 'Muhammad Hafiz',
      remarks: 'No longer needed',
    });
    expect((await auditOf(ctx, a.referenceId)).at(-1)).toMatchObject({
      area: 'leave',
      action: 'request.cancel',
      actorId: users.hr.sub,
      target: a.referenceId,
      before: state(0, 'PENDING', null),
      after: state(3, 'CANCELLED', 'No longer needed'),
    });
  });

  it('asks for cancellation of an approved cancellable request, and refuses it for a type that cannot be cancelled', async () => {
    const ctx = await setup();
    const annual = await applyAs(ctx, 'hr', week);
    const emergency = await applyAs(ctx, 'hr', {
      ...week,
      leaveTypeId: 'LVE0008',
      startDate: '2027-04-05',
      endDate: '2027-04-05',
    });
    for (const r of [annual, emergency]) await decide(ctx, 'hradmin', r.referenceId, 'approve');
    expect((await cancel(ctx, 'hr', annual.referenceId)).json()).toMatchObject({ status: 4 });
    const refused = await cancel(ctx, 'hr', emergency.referenceId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toBe('This leave type cannot be cancelled once approved.');
    expect((await statusOf(ctx, emergency.referenceId))!.status).toBe(1);
    // An HR admin may put it up for cancellation on the applicant's behalf (status 5).
    const byAdmin = await cancel(ctx, 'itadmin', emergency.referenceId, 'Applicant called in');
    expect(byAdmin.json()).toMatchObject({ status: 5 });
    expect((await auditOf(ctx, emergency.referenceId)).map((e) => [e.action, e.actorId, e.after])).toEqual([
      ['request.apply', users.hr.sub, expect.anything()],
      ['request.approve', users.hradmin.sub, state(1, 'APPROVED', null)],
      ['request.cancel', users.itadmin.sub, state(5, 'PENDING CANCELLATION', 'Applicant called in')],
    ]);
    expect((await decide(ctx, 'hradmin', emergency.referenceId, 'approve')).json()).toMatchObject({ status: 3 });
  });

  it('answers 409 for a request that cannot be cancelled in its state, 403 for others, 404 for unknown', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    await decide(ctx, 'hradmin', a.referenceId, 'reject', 'Month-end closing');
    const rejected = await cancel(ctx, 'hr', a.referenceId);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json()).toEqual({
      code: 'CONFLICT',
      message: 'This request is rejected now, so it cannot be cancelled.',
    });

    const b = await applyAs(ctx, 'hr', { ...week, startDate: '2027-04-05', endDate: '2027-04-05' });
    await cancel(ctx, 'hr', b.referenceId);
    expect((await cancel(ctx, 'hr', b.referenceId)).statusCode).toBe(409);

    const c = await applyAs(ctx, 'hr', { ...week, startDate: '2027-05-03', endDate: '2027-05-03' });
    const other = await cancel(ctx, 'hr2', c.referenceId);
    expect(other.statusCode).toBe(403);
    // An HR admin cannot cancel a pending request for the applicant: only the applicant can.
    expect((await cancel(ctx, 'itadmin', c.referenceId)).statusCode).toBe(409);
    expect((await statusOf(ctx, c.referenceId))!.status).toBe(0);
    expect((await cancel(ctx, 'hr', UNKNOWN)).statusCode).toBe(404);
  });

  it('refuses over-long remarks with 400 naming the field, changing nothing', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const response = await cancel(ctx, 'hr', a.referenceId, 'x'.repeat(1001));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'remarks' });
    expect((await statusOf(ctx, a.referenceId))!.status).toBe(0);
  });
});

describe('GET /api/leave/requests/:referenceId/history', () => {
  it('shows every transition to the applicant, their approver and ADMIN; 403 to others; 404 unknown', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    await decide(ctx, 'hradmin', a.referenceId, 'approve', 'OK');
    await cancel(ctx, 'hr', a.referenceId, 'Changed plans');
    for (const who of ['hr', 'hradmin', 'itadmin'] as const) {
      const response = await call(ctx, who, 'GET', `/api/leave/requests/${a.referenceId}/history`);
      expect(response.statusCode).toBe(200);
      const events = response.json<LeaveRequestEvent[]>();
      expect(
        events.map(({ fromStatus, toStatus, actorName, remarks }) => ({ fromStatus, toStatus, actorName, remarks })),
      ).toEqual([
        { fromStatus: null, toStatus: 0, actorName: 'Muhammad Hafiz', remarks: 'Family trip' },
        { fromStatus: 0, toStatus: 1, actorName: 'Tan Mei Ling', remarks: 'OK' },
        { fromStatus: 1, toStatus: 4, actorName: 'Muhammad Hafiz', remarks: 'Changed plans' },
      ]);
      expect(events.every((e) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
    }
    expect((await call(ctx, 'hr2', 'GET', `/api/leave/requests/${a.referenceId}/history`)).statusCode).toBe(403);
    expect((await call(ctx, 'hr', 'GET', `/api/leave/requests/${UNKNOWN}/history`)).statusCode).toBe(404);
  });
});

describe('the conditional update behind decisions', () => {
  it('moves a request only from the status the caller saw, so a stale decision changes nothing', async () => {
    const ctx = await setup();
    const a = await applyAs(ctx, 'hr', week);
    const { db } = ctx.database;
    // Both deciders saw PENDING; the first update wins, the second finds no row in that status.
    expect(await db.transaction((tx) => transitionRequest(tx, a.referenceId, 0, 1, 'first'))).toBe(true);
    expect(await db.transaction((tx) => transitionRequest(tx, a.referenceId, 0, 2, 'second'))).toBe(false);
    expect(await statusOf(ctx, a.referenceId)).toEqual({ status: 1, remarks: 'first' });
  });
});
