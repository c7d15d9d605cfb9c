import { asc, count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REFERENCE_ID, type MyLeave } from '@staff-portal/shared/leave';
import {
  OVERLAP_STATUSES,
  countLeaveDays,
  findTransition,
  rangesOverlap,
  referenceTimestamp,
} from '@staff-portal/shared/leave-rules';
import { leaveAdjustments, leaveEntitlements, leaveRequestEvents, leaveRequests } from '../db/schema/leave';
import { publicHolidays, staff } from '../db/schema/organisation';
import { createTestApp } from '../test/app';
import { seedDemoLeave } from './demo-leave';
import { seedDemoOrganisation, seedOnFirstStart } from './demo-organisation';

describe('demo leave', () => {
  it('gives every demo staff member a year of requests in every status, each with its full history', async () => {
    const ctx = await createTestApp();
    const { db } = ctx.database;
    expect(await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' })).toBe(true);

    const requests = await db.select().from(leaveRequests).orderBy(asc(leaveRequests.startDate));
    const events = await db.select().from(leaveRequestEvents).orderBy(asc(leaveRequestEvents.id));
    const people = await db.select().from(staff);
    const holidays = new Set((await db.select().from(publicHolidays)).map((h) => h.date));

    expect(new Set(requests.map((r) => r.status))).toEqual(new Set([0, 1, 2, 3, 4, 5]));
    expect(new Set(requests.map((r) => r.staffId))).toEqual(new Set(people.map((p) => p.staffId)));
    for (const request of requests) {
      expect(request.referenceId).toMatch(REFERENCE_ID);
      const person = people.find((p) => p.staffId === request.staffId)!;
      expect(request.approverStaffId).toBe(person.approverStaffId);
      // Holidays of years before the seeded calendar are unknown, so only check the seeded years.
      if (holidays.size > 0 && request.startDate >= [...holidays].sort()[0]!) {
        expect(
          countLeaveDays({
            startDate: request.startDate,
            endDate: request.endDate,
            dayType: request.dayType as 0 | 1 | 2,
            workingDaysMask: person.workingDaysMask,
            holidays,
          }),
        ).toBe(request.days);
      }
      expect(request.days).toBeGreaterThan(0);
      // The history starts with the submission and follows only §5's transitions to the status.
      const history = events.filter((e) => e.referenceId === request.referenceId);
      expect(history[0]).toMatchObject({ fromStatus: null, toStatus: 0 });
      for (const step of history.slice(1)) {
        expect(
          ['applicant', 'approver', 'admin'].some((actor) =>
            findTransition(step.fromStatus!, step.toStatus, actor as 'applicant'),
          ),
        ).toBe(true);
      }
      expect(history.at(-1)!.toStatus).toBe(request.status);
      if (request.leaveTypeId === 'LVE0002') expect(request.attachmentMime).toBe('application/pdf');
    }
    // Nobody has two live requests on the same day.
    for (const person of people) {
      const live = requests.filter(
        (r) => r.staffId === person.staffId && (OVERLAP_STATUSES as number[]).includes(r.status),
      );
      for (const [i, a] of live.entries()) {
        for (const b of live.slice(i + 1))
          expect(rangesOverlap(a.startDate, a.endDate, b.startDate, b.endDate)).toBe(false);
      }
    }
    expect((await db.select({ n: count() }).from(leaveEntitlements))[0]!.n).toBeGreaterThan(0);
    expect((await db.select({ n: count() }).from(leaveAdjustments))[0]!.n).toBe(1);
  });

  it('dates nothing after now: submissions and decisions in the past, only future dates ahead', async () => {
    const ctx = await createTestApp();
    const { db } = ctx.database;
    // A November seed, as on 25 November 2026: its requests run into the next year.
    const now = new Date('2026-11-25T06:00:00Z');
    await seedDemoOrganisation(db, { orgDepartment: 'UNION', today: now });
    await seedDemoLeave(db, { today: now });
    const requests = await db.select().from(leaveRequests);
    const events = await db.select().from(leaveRequestEvents);
    expect(requests.length).toBeGreaterThan(0);
    for (const request of requests) {
      expect(request.createdAt.getTime(), request.referenceId).toBeLessThanOrEqual(now.getTime());
      expect(request.updatedAt.getTime(), request.referenceId).toBeLessThanOrEqual(now.getTime());
      // The reference id carries the submission's minute (docs/product/specification.md).
      expect(request.referenceId.slice(2, 14), request.referenceId).toBe(referenceTimestamp(request.createdAt));
      // A request whose dates are over is no longer waiting to be approved.
      if (request.endDate < '2026-11-25') expect(request.status, request.referenceId).not.toBe(0);
    }
    for (const event of events) expect(event.at.getTime(), event.referenceId).toBeLessThanOrEqual(now.getTime());
    // Ahead, some requests wait and some were approved in advance.
    const ahead = requests.filter((r) => r.startDate > '2026-11-25');
    expect(ahead.some((r) => r.status === 0)).toBe(true);
    expect(ahead.some((r) => r.status === 1)).toBe(true);
  });

  it('is idempotent', async () => {
    const ctx = await createTestApp();
    const { db } = ctx.database;
    await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' });
    const before = {
      requests: (await db.select({ n: count() }).from(leaveRequests))[0]!.n,
      events: (await db.select({ n: count() }).from(leaveRequestEvents))[0]!.n,
    };
    await seedDemoLeave(db);
    expect({
      requests: (await db.select({ n: count() }).from(leaveRequests))[0]!.n,
      events: (await db.select({ n: count() }).from(leaveRequestEvents))[0]!.n,
    }).toEqual(before);
    expect((await db.select({ n: count() }).from(leaveAdjustments))[0]!.n).toBe(1);
  });

  it('leaves the demo accounts with balances that are not overdrawn, as the API shows them', async () => {
    const ctx = await createTestApp();
    await seedOnFirstStart(ctx.database.db, { seed: 'demo', orgDepartment: 'UNION' });
    const year = Number(new Date().toISOString().slice(0, 4));
    for (const [email, groups] of [
      ['hr@staffportal.example', ['HR']],
      ['hr2@staffportal.example', ['HR']],
      ['staff@staffportal.example', ['HR', 'UNION']],
    ] as const) {
      const token = await ctx.tokens.idToken({ sub: crypto.randomUUID(), email, groups: [...groups] });
      for (const y of [year - 1, year, year + 1]) {
        const response = await ctx.app.inject({
          url: `/api/leave/me?year=${y}`,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.statusCode).toBe(200);
        for (const balance of response.json<MyLeave>().balances) {
          if (balance.leaveTypeId !== 'LVE0009') expect(balance.available).toBeGreaterThanOrEqual(0);
        }
      }
      const mine = await ctx.app.inject({
        url: '/api/leave/requests/mine',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(mine.json<{ total: number }>().total).toBeGreaterThanOrEqual(9);
    }
  });
});
