import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { leaveTypes } from '../db/schema/organisation';
import { call, seedLeaveFixture } from '../test/leave-fixture';
import { createTestApp, type TestContext } from '../test/app';

// Input that breaks a field's format is a 400 naming the field, never a 500, and changes nothing.
let ctx: TestContext;

beforeEach(async () => {
  ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
});

describe('a leave type carry-forward expiry', () => {
  it.each(['13-01', 'probe', '00-10', '1-1', ''])('"%s" is refused with 400 naming the field', async (expiry) => {
    const [before] = await ctx.database.db.select().from(leaveTypes).where(eq(leaveTypes.id, 'LVE0001'));
    const response = await call(ctx, 'hradmin', 'PUT', '/api/leave/admin/types/LVE0001', {
      name: 'Annual Leave',
      defaultDays: 8,
      serviceTiers: null,
      cancellable: true,
      attachmentRequired: false,
      halfDayAllowed: true,
      balanceLimited: true,
      accruesMonthly: false,
      active: true,
      carryForwardCap: 5,
      carryForwardExpiry: expiry,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'carryForwardExpiry' });
    const [after] = await ctx.database.db.select().from(leaveTypes).where(eq(leaveTypes.id, 'LVE0001'));
    expect(after).toEqual(before);
  });
});
