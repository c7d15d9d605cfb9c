import { count, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appMeta } from '../db/schema/app';
import { departments, leaveTypes, publicHolidays, staff } from '../db/schema/organisation';
import { createTestApp } from '../test/app';
import { holidaysFor, seedOnFirstStart } from './demo-organisation';

describe('demo organisation', () => {
  it('is seeded on the first start only', async () => {
    const { database } = await createTestApp();
    const { db } = database;
    expect(await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' })).toBe(true);
    expect(await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' })).toBe(false);

    const n = async (table: typeof departments | typeof leaveTypes | typeof publicHolidays | typeof staff) =>
      (await db.select({ n: count() }).from(table))[0]!.n;
    expect(await n(departments)).toBe(9);
    expect(await n(leaveTypes)).toBe(22);
    expect(await n(staff)).toBe(7);
    expect(await n(publicHolidays)).toBeGreaterThanOrEqual(2 * 12);

    const types = await db.select().from(leaveTypes).orderBy(leaveTypes.id);
    expect(types.map((t) => t.id)).toEqual(
      Array.from({ length: 22 }, (_, i) => `LVE${String(i + 1).padStart(4, '0')}`),
    );
    const medical = types.find((t) => t.name === 'Medical Leave')!;
    expect(medical).toMatchObject({ cancellable: false, attachmentRequired: true });
    expect(medical.serviceTiers).toEqual([
      { minYears: 0, days: 14 },
      { minYears: 2, days: 18 },
      { minYears: 5, days: 22 },
    ]);
    expect(types.find((t) => t.name === 'Unpaid Leave')!.balanceLimited).toBe(false);

    const people = await db.select().from(staff);
    for (const person of people) expect(person.staffId).toMatch(/^LVUSR\d{10}$/);
    const withApprover = await db.select({ n: count() }).from(staff).where(isNotNull(staff.approverStaffId));
    expect(withApprover[0]!.n).toBe(6);
    expect(people.map((p) => p.departmentCode)).toContain('UNION');
  });

  it('is never seeded when the first start says SEED=none, even if a later start says demo', async () => {
    const { database } = await createTestApp();
    const { db } = database;
    expect(await seedOnFirstStart(db, { seed: 'none', orgDepartment: 'UNION' })).toBe(false);
    expect(await seedOnFirstStart(db, { seed: 'demo', orgDepartment: 'UNION' })).toBe(false);
    expect((await db.select({ n: count() }).from(departments))[0]!.n).toBe(0);
    expect(await db.select().from(appMeta)).toHaveLength(1);
  });

  it("uses Kuala Lumpur's public holidays", async () => {
    const holidays = await holidaysFor(2026);
    expect(holidays.every((h) => h.region === 'MY-14')).toBe(true);
    expect(holidays.map((h) => h.date)).toEqual(
      expect.arrayContaining(['2026-01-01', '2026-08-31', '2026-09-16', '2026-12-25']),
    );
    // Federal Territory Day is a Kuala Lumpur holiday, not a national one.
    expect(holidays.find((h) => h.date === '2026-02-01')?.name).toMatch(/Federal Territory|Wilayah/);
  });
});
