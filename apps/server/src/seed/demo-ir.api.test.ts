import { asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { normaliseNric } from '@staff-portal/shared/ir-rules';
import { irCaseActions, irCaseCounters, irCaseEvents, irCases, irCategories, irMembers } from '../db/schema/ir';
import { staff } from '../db/schema/organisation';
import { createTestApp } from '../test/app';
import { seedDemoAccounts } from './demo-accounts';
import { DEMO_IR_CATEGORIES, DEMO_IR_SIZE, generateIrMembers, seedDemoIr } from './demo-ir';
import { seedOnFirstStart } from './demo-organisation';

describe('the IR demo seed', () => {
  it('seeds members, categories and cases with actions on the first start, its officers linked to their accounts', async () => {
    const { app, database } = await createTestApp();
    const db = database.db;
    await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' });
    await seedDemoAccounts(db, app.identity!, { orgDepartment: 'UNION', password: 'Demo-pass-2026!' });
    const [members] = await db.select({ n: count() }).from(irMembers);
    expect(members!.n).toBe(DEMO_IR_SIZE.members + 3);
    expect((await db.select({ name: irCategories.name }).from(irCategories)).map((c) => c.name).sort()).toEqual(
      [...DEMO_IR_CATEGORIES].sort(),
    );
    const cases = await db.select().from(irCases).orderBy(asc(irCases.year), asc(irCases.sequence));
    expect(cases).toHaveLength(DEMO_IR_SIZE.cases);
    // Every year's numbers run from 1 without a gap, and its counter is at the last.
    const counters = await db.select().from(irCaseCounters);
    for (const { year, last } of counters) {
      const ofYear = cases.filter((c) => c.year === year).map((c) => c.sequence);
      expect(ofYear).toEqual(Array.from({ length: last }, (_, n) => n + 1));
    }
    expect(new Set(cases.map((c) => c.status))).toEqual(new Set([0, 1]));
    const officers = await db.select().from(staff).where(eq(staff.departmentCode, 'IR'));
    expect(cases.some((c) => c.officerId === officers[0]!.identitySub)).toBe(true);
    expect(cases.every((c) => !c.officerId?.startsWith('demo:'))).toBe(true);
    // Each case starts with its Initial Case Fact; some have later actions, found by free text.
    const initial = await db.select({ n: count() }).from(irCaseActions).where(eq(irCaseActions.type, 0));
    expect(initial[0]!.n).toBe(DEMO_IR_SIZE.cases);
    const later = await db
      .select({ n: count() })
      .from(irCaseActions)
      .where(sql`${irCaseActions.type} > 0`);
    expect(later[0]!.n).toBeGreaterThan(0);
    // docs/product/ir.md §3: a closed case's closing is on its timeline, after its actions; some
    // open cases were closed once and reopened by the IR admin, whose account they name.
    const events = await db.select().from(irCaseEvents).orderBy(asc(irCaseEvents.createdAt));
    for (const closed of cases.filter((c) => c.status === 1)) {
      const own = events.filter((event) => event.caseNo === closed.caseNo);
      expect(own.map(({ kind, date, text }) => ({ kind, date, text }))).toEqual([
        { kind: 'closed', date: closed.closedOn, text: closed.outcome },
      ]);
      expect(own[0]!.actorId).toBe(closed.officerId);
    }
    const reopened = cases.filter((c) => c.status === 0 && events.some((event) => event.caseNo === c.caseNo));
    expect(reopened.length).toBeGreaterThan(0);
    const admin = await db.select().from(staff).where(eq(staff.departmentCode, 'IRAdmin'));
    for (const open of reopened) {
      const own = events.filter((event) => event.caseNo === open.caseNo);
      expect(own.map((event) => event.kind)).toEqual(['closed', 'reopened']);
      expect(own[1]!.actorId).toBe(admin[0]!.identitySub);
    }
    const lastAction = await db
      .select({ caseNo: irCaseActions.caseNo, at: sql<string>`max(${irCaseActions.createdAt})` })
      .from(irCaseActions)
      .groupBy(irCaseActions.caseNo);
    const lastActionOf = new Map(lastAction.map((row) => [row.caseNo, new Date(row.at).getTime()]));
    for (const event of events) expect(event.createdAt.getTime()).toBeGreaterThan(lastActionOf.get(event.caseNo)!);
    // Every generated NRIC is a valid one, and matches the date of birth.
    const sample = await db.select().from(irMembers).limit(500);
    for (const member of sample) {
      expect(normaliseNric(member.nric)).toBe(member.nric);
      expect(member.nric.slice(0, 6)).toBe(member.dateOfBirth.replace(/-/g, '').slice(2));
    }

    // Seeding again adds nothing.
    await seedDemoIr(db);
    expect((await db.select({ n: count() }).from(irMembers))[0]!.n).toBe(DEMO_IR_SIZE.members + 3);
    expect((await db.select({ n: count() }).from(irCases))[0]!.n).toBe(DEMO_IR_SIZE.cases);
  });

  it('generates the same members on every run', async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    const rows = async (db: typeof first.database.db) => {
      await generateIrMembers(db, { members: 200 });
      return db.select().from(irMembers).orderBy(irMembers.memberNo);
    };
    const strip = (list: Awaited<ReturnType<typeof rows>>) =>
      list.map(({ createdAt: _c, updatedAt: _u, ...row }) => row);
    const a = strip(await rows(first.database.db));
    expect(a).toHaveLength(200);
    expect(strip(await rows(second.database.db))).toEqual(a);
    expect(new Set(a.map((m) => m.nric)).size).toBe(200);
  });
});
