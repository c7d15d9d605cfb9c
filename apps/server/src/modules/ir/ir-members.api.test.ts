import { count, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberDetailSchema, memberSearchPageSchema, type MemberSearchPage } from '@staff-portal/shared/ir';
import { auditEntries } from '../../db/schema/audit';
import { irMembers } from '../../db/schema/ir';
import { generateIrMembers } from '../../seed/demo-ir';
import { createTestApp } from '../../test/app';
import { irCall, irCounts, seedIrFixture, type IrCaller } from '../../test/ir-fixture';
import { RANKED_MATCHES } from './ir-members.repository';

async function setup() {
  const ctx = await createTestApp();
  const fixture = await seedIrFixture(ctx);
  return { ctx, fixture };
}

async function search(ctx: Awaited<ReturnType<typeof setup>>['ctx'], who: IrCaller, query: string) {
  const response = await irCall(ctx, who, 'GET', `/api/ir/members?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return memberSearchPageSchema.parse(response.json());
}
const numbers = (page: MemberSearchPage) => page.items.map((item) => item.memberNo);

describe('GET /api/ir/members: the member lookup (docs/product/ir.md §1)', () => {
  it('finds by any part of the name, in any case and with or without accents, best matches first', async () => {
    const { ctx, fixture } = await setup();
    const { officer } = fixture;
    // "ahmad" is a whole word of two names and a part of a third; the closer match ranks first.
    const ahmad = await search(ctx, officer, 'q=ahmad');
    expect(new Set(numbers(ahmad))).toEqual(new Set(['M0000001', 'M0000002', 'M0000006']));
    expect(numbers(ahmad)[2]).toBe('M0000001');
    expect(numbers(await search(ctx, officer, 'q=MEI%20LI'))).toEqual(['M0000003']);
    expect(numbers(await search(ctx, officer, 'q=ling%20tan'))).toEqual(['M0000003']);
    expect(numbers(await search(ctx, officer, 'q=subram'))).toEqual(['M0000004']);
    // Accents folded both ways: typed without them, and typed with them.
    expect(numbers(await search(ctx, officer, 'q=jose%20munoz'))).toEqual(['M0000005']);
    expect(numbers(await search(ctx, officer, `q=${encodeURIComponent('ÁNGEL')}`))).toEqual(['M0000005']);
    expect(numbers(await search(ctx, officer, 'q=zzz'))).toEqual([]);
  });

  it('finds by member no and by the NRIC, whole or its first digits, with or without dashes', async () => {
    const { ctx, fixture } = await setup();
    const { officer } = fixture;
    expect(numbers(await search(ctx, officer, 'q=m0000004'))).toEqual(['M0000004']);
    expect(numbers(await search(ctx, officer, 'q=850101-14-5678'))).toEqual(['M0000001']);
    expect(numbers(await search(ctx, officer, 'q=850101145678'))).toEqual(['M0000001']);
    expect(numbers(await search(ctx, officer, 'q=850101'))).toEqual(['M0000001', 'M0000006']);
    expect(numbers(await search(ctx, officer, 'q=850101-14'))).toEqual(['M0000001', 'M0000006']);
    expect(numbers(await search(ctx, officer, 'q=8501'))).toEqual([]);
  });

  it('filters by employer, branch and status, sorts, and pages with hasMore instead of a count', async () => {
    const { ctx, fixture } = await setup();
    const { officer } = fixture;
    const maybank = await search(ctx, officer, 'employer=Maybank&sort=name');
    expect(numbers(maybank)).toEqual(['M0000006', 'M0000001', 'M0000003']);
    expect(numbers(await search(ctx, officer, 'employer=Maybank&status=active&sort=memberNo&order=desc'))).toEqual([
      'M0000006',
      'M0000001',
    ]);
    expect(numbers(await search(ctx, officer, 'branch=Kuala%20Lumpur&sort=joinDate'))).toEqual([
      'M0000001',
      'M0000005',
    ]);
    const first = await search(ctx, officer, 'sort=memberNo&pageSize=4');
    expect({ items: numbers(first), hasMore: first.hasMore }).toEqual({
      items: ['M0000001', 'M0000002', 'M0000003', 'M0000004'],
      hasMore: true,
    });
    const second = await search(ctx, officer, 'sort=memberNo&pageSize=4&page=2');
    expect({ items: numbers(second), hasMore: second.hasMore }).toEqual({
      items: ['M0000005', 'M0000006'],
      hasMore: false,
    });
  });

  it('ranks at most the first 1,000 matches of a common word; a sort asked for pages through all (decision record 0044)', async () => {
    const { ctx, fixture } = await setup();
    await generateIrMembers(ctx.database.db, { members: 3000, first: 10 });
    const [{ n }] = (await ctx.database.db
      .select({ n: count() })
      .from(irMembers)
      .where(like(irMembers.nameFolded, '%bin%'))) as [{ n: number }];
    expect(n).toBeGreaterThan(RANKED_MATCHES + 25);
    const last = await search(ctx, fixture.officer, `q=bin&page=${RANKED_MATCHES / 25}`);
    expect({ items: last.items.length, hasMore: last.hasMore }).toEqual({ items: 25, hasMore: false });
    expect((await search(ctx, fixture.officer, `q=bin&page=${RANKED_MATCHES / 25 + 1}`)).items).toEqual([]);
    const sorted = await search(ctx, fixture.officer, `q=bin&sort=name&page=${RANKED_MATCHES / 25 + 1}`);
    expect(sorted.items).toHaveLength(25);
  });

  it('masks the NRIC for ITAdmin and shows it in full to the IR departments', async () => {
    const { ctx, fixture } = await setup();
    const forIr = await search(ctx, fixture.officer, 'q=M0000001');
    expect(forIr.items[0]!.nric).toBe('850101-14-5678');
    const forIrAdmin = await search(ctx, fixture.irAdmin, 'q=M0000001');
    expect(forIrAdmin.items[0]!.nric).toBe('850101-14-5678');
    const forItAdmin = await search(ctx, fixture.itAdmin, 'q=M0000001');
    expect(forItAdmin.items[0]!.nric).toBe('XXXXXX-XX-5678');
  });

  it.each([
    ['status', 'status=gone'],
    ['sort', 'sort=nric'],
    ['order', 'order=up'],
    ['page', 'page=0'],
    ['pageSize', 'pageSize=101'],
    ['q', `q=${'a'.repeat(101)}`],
  ])('refuses a bad %s with 400 naming it', async (field, query) => {
    const { ctx, fixture } = await setup();
    const response = await irCall(ctx, fixture.officer, 'GET', `/api/ir/members?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });
});

describe('GET /api/ir/members/options', () => {
  it('lists the distinct employers and branches, sorted', async () => {
    const { ctx, fixture } = await setup();
    const response = await irCall(ctx, fixture.officer, 'GET', '/api/ir/members/options');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      employers: ['Allianz Malaysia', 'CIMB Bank', 'Malaysia Airlines', 'Maybank'],
      branches: ['George Town', 'Johor Bahru', 'Kuala Lumpur', 'Sepang', 'Shah Alam'],
    });
  });
});

describe('GET /api/ir/members/{memberNo} and POST .../nric', () => {
  it("shows a member's profile and cases, masked for ITAdmin, whose reveal is audited", async () => {
    const { ctx, fixture } = await setup();
    const forIr = memberDetailSchema.parse(
      (await irCall(ctx, fixture.officer, 'GET', '/api/ir/members/m0000001')).json(),
    );
    expect(forIr.member).toMatchObject({
      memberNo: 'M0000001',
      name: 'Nurul Aisyah binti Ahmad',
      nric: '850101-14-5678',
      nricMasked: false,
      gender: 'F',
      phone: '+60123456789',
    });
    expect(forIr.cases).toEqual([]);
    const forIt = memberDetailSchema.parse(
      (await irCall(ctx, fixture.itAdmin, 'GET', '/api/ir/members/M0000001')).json(),
    );
    expect(forIt.member).toMatchObject({ nric: 'XXXXXX-XX-5678', nricMasked: true });

    const before = await irCounts(ctx);
    const revealed = await irCall(ctx, fixture.itAdmin, 'POST', '/api/ir/members/M0000001/nric');
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ nric: '850101-14-5678' });
    const entries = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.area, 'ir'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: fixture.itAdmin.sub,
      action: 'member.reveal-nric',
      target: 'M0000001',
      targetLabel: 'M0000001 Nurul Aisyah binti Ahmad',
    });
    // The IR departments see it in full on every answer: their reveal is not audited.
    expect((await irCall(ctx, fixture.officer, 'POST', '/api/ir/members/M0000001/nric')).json()).toEqual({
      nric: '850101-14-5678',
    });
    expect((await irCounts(ctx)).audit).toBe(before.audit + 1);
  });

  it('answers 404 for an unknown member and 400 for a malformed member no, writing nothing', async () => {
    const { ctx, fixture } = await setup();
    const before = await irCounts(ctx);
    for (const method of ['GET', 'POST'] as const) {
      const suffix = method === 'POST' ? '/nric' : '';
      const missing = await irCall(ctx, fixture.itAdmin, method, `/api/ir/members/M9999999${suffix}`);
      expect(missing.statusCode).toBe(404);
      const malformed = await irCall(ctx, fixture.itAdmin, method, `/api/ir/members/M_1${suffix}`);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json()).toMatchObject({ field: 'memberNo' });
    }
    expect(await irCounts(ctx)).toEqual(before);
  });
});
