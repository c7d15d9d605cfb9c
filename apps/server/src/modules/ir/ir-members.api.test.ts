import { count, eq, like, sql, type SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  SEARCH_COUNT_CAP,
  memberDetailSchema,
  memberSearchPageSchema,
  searchCountSchema,
  type MemberSearchPage,
} from '@staff-portal/shared/ir';
import { auditEntries } from '../../db/schema/audit';
import { irMemberWords, irMembers } from '../../db/schema/ir';
import { generateIrMembers } from '../../seed/demo-ir';
import { createTestApp } from '../../test/app';
import { fixtureMembers, irCall, irCounts, seedIrFixture, type IrCaller } from '../../test/ir-fixture';
import { insertMembers, RANKED_MATCHES } from './ir-members.repository';

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
  it('finds names by the start of their words, exact words first, in any case and with or without accents', async () => {
    const { ctx, fixture } = await setup();
    const { officer } = fixture;
    // "ahmad" is a whole word of two names, ranked by name, and the start of a word of a third.
    expect(numbers(await search(ctx, officer, 'q=ahmad'))).toEqual(['M0000002', 'M0000001', 'M0000006']);
    expect(numbers(await search(ctx, officer, 'q=MEI%20LI'))).toEqual(['M0000003']);
    expect(numbers(await search(ctx, officer, 'q=ling%20tan'))).toEqual(['M0000003']);
    expect(numbers(await search(ctx, officer, 'q=subram'))).toEqual(['M0000004']);
    // "a/l" is two words of the name, as the text's "a l" or "a/l" is.
    expect(numbers(await search(ctx, officer, 'q=a%2Fl%20raj'))).toEqual(['M0000004']);
    expect(numbers(await search(ctx, officer, 'q=l%20subram'))).toEqual(['M0000004']);
    // Every word must start a word of the name: "bin" starts "binti" and "bin", "isma" only one name.
    expect(numbers(await search(ctx, officer, 'q=bin%20isma'))).toEqual(['M0000002']);
    // Accents folded both ways: typed without them, and typed with them.
    expect(numbers(await search(ctx, officer, 'q=jose%20munoz'))).toEqual(['M0000005']);
    expect(numbers(await search(ctx, officer, `q=${encodeURIComponent('ÁNGEL')}`))).toEqual(['M0000005']);
    expect(numbers(await search(ctx, officer, 'q=zzz'))).toEqual([]);
    // A sort asked for orders the same matches by its column.
    expect(numbers(await search(ctx, officer, 'q=ahmad&sort=memberNo&order=desc'))).toEqual([
      'M0000006',
      'M0000002',
      'M0000001',
    ]);
    expect(numbers(await search(ctx, officer, 'q=ahmad&sort=name&pageSize=2&page=2'))).toEqual(['M0000001']);
  });

  it('finds a part inside a word when no word starts with the text, the closest names first', async () => {
    const { ctx, fixture } = await setup();
    const { officer } = fixture;
    expect(numbers(await search(ctx, officer, 'q=isyah'))).toEqual(['M0000001']);
    const hmad = await search(ctx, officer, 'q=hmad');
    expect(new Set(numbers(hmad))).toEqual(new Set(['M0000001', 'M0000002', 'M0000006']));
    // The shortest name holding "hmad" is the most similar.
    expect(numbers(hmad)[0]).toBe('M0000006');
    expect(numbers(await search(ctx, officer, 'q=hmad&sort=memberNo'))).toEqual(['M0000001', 'M0000002', 'M0000006']);
    // Filters narrow either kind of match.
    expect(numbers(await search(ctx, officer, 'q=hmad&employer=Maybank'))).toEqual(['M0000006', 'M0000001']);
    expect(numbers(await search(ctx, officer, 'q=ahmad&employer=Maybank'))).toEqual(['M0000001', 'M0000006']);
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

  it('pages through every word match, and ranks at most the first 1,000 matches inside words (decision records 0044, 0046)', async () => {
    const { ctx, fixture } = await setup();
    await generateIrMembers(ctx.database.db, { members: 4000, first: 10 });
    const countWhere = async (condition: SQL) =>
      ((await ctx.database.db.select({ n: count() }).from(irMembers).where(condition)) as [{ n: number }])[0].n;
    // "inti" is inside "binti" and starts no word of any name; "bin" starts two common words.
    expect(await countWhere(like(irMembers.nameFolded, '%inti%'))).toBeGreaterThan(RANKED_MATCHES + 25);
    expect(await countWhere(sql`(' ' || ${irMembers.nameFolded}) like '% inti%'`)).toBe(0);
    const lastRanked = await search(ctx, fixture.officer, `q=inti&page=${RANKED_MATCHES / 25}`);
    expect({ items: lastRanked.items.length, hasMore: lastRanked.hasMore }).toEqual({ items: 25, hasMore: false });
    expect((await search(ctx, fixture.officer, `q=inti&page=${RANKED_MATCHES / 25 + 1}`)).items).toEqual([]);
    const sorted = await search(ctx, fixture.officer, `q=inti&sort=name&page=${RANKED_MATCHES / 25 + 1}`);
    expect(sorted.items).toHaveLength(25);
    // Word matches are not capped: the pages go on past the thousandth, each member once.
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const result = await search(ctx, fixture.officer, `q=bin&page=${page}&pageSize=100`);
      for (const memberNo of numbers(result)) seen.add(memberNo);
      if (!result.hasMore) break;
    }
    expect(seen.size).toBe(await countWhere(sql`(' ' || ${irMembers.nameFolded}) like '% bin%'`));
    expect(seen.size).toBeGreaterThan(RANKED_MATCHES + 25);
    // A text that starts names as typed ranks those names first, then the other word matches;
    // the pages hold every match once across the seam.
    const wordStarts = (word: string) =>
      sql`(' ' || translate(${irMembers.nameFolded}, '/-', '  ')) like ${`% ${word}%`}`;
    const [aminah, binti] = [wordStarts('aminah'), wordStarts('binti')];
    const startingAsTyped = await countWhere(like(irMembers.nameFolded, 'aminah binti%'));
    const allMatches = await countWhere(sql`${aminah} and ${binti}`);
    expect(startingAsTyped).toBeGreaterThan(0);
    expect(allMatches).toBeGreaterThan(startingAsTyped);
    const pages: string[][] = [];
    for (let page = 1; ; page++) {
      const result = await search(ctx, fixture.officer, `q=aminah%20binti&page=${page}&pageSize=7`);
      pages.push(numbers(result));
      if (!result.hasMore) break;
    }
    const all = pages.flat();
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(allMatches);
    const names = await ctx.database.db
      .select({ memberNo: irMembers.memberNo, nameFolded: irMembers.nameFolded })
      .from(irMembers);
    const nameOf = new Map(names.map((row) => [row.memberNo, row.nameFolded]));
    const firsts = all.slice(0, startingAsTyped).map((memberNo) => nameOf.get(memberNo)!);
    expect(firsts.every((name) => name.startsWith('aminah binti'))).toBe(true);
  });

  it('keeps the words of renamed and removed members: every write to a member, whatever writes it', async () => {
    const { ctx, fixture } = await setup();
    const { db } = ctx.database;
    await db
      .update(irMembers)
      .set({ name: 'Tan Siew Lan', nameFolded: 'tan siew lan' })
      .where(eq(irMembers.memberNo, 'M0000003'));
    expect(numbers(await search(ctx, fixture.officer, 'q=mei'))).toEqual([]);
    expect(numbers(await search(ctx, fixture.officer, 'q=siew'))).toEqual(['M0000003']);
    await db.delete(irMembers).where(eq(irMembers.memberNo, 'M0000003'));
    expect(numbers(await search(ctx, fixture.officer, 'q=siew'))).toEqual([]);
    expect(numbers(await search(ctx, fixture.officer, 'q=tan'))).toEqual([]);
    // An insert of many rows in one statement, as the import and the seed write them.
    await generateIrMembers(db, { members: 50, first: 100 });
    const [{ n }] = (await db.select({ n: count() }).from(irMemberWords)) as [{ n: number }];
    const counted = await db.execute<{ expected: number }>(
      sql`select count(*)::int as expected from ir_members, ir_name_words(name_folded)`,
    );
    const [{ expected }] = (counted as { rows: [{ expected: number }] }).rows;
    expect(n).toBe(expected);
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

  it('refuses one who sees NRICs masked a search by NRIC, whole or its first digits, and writes nothing (docs/product/ir.md §1)', async () => {
    const { ctx, fixture } = await setup();
    // A member no of digits only is still found by it.
    await insertMembers(ctx.database.db, [
      { ...fixtureMembers[1]!, memberNo: '85010114', nric: '700101145001', name: 'Digits Only' },
    ]);
    const before = await irCounts(ctx);
    for (const q of ['850101145678', '850101-14-5678', '850101 14', '850101', '900505-07']) {
      const refused = await irCall(ctx, fixture.itAdmin, 'GET', `/api/ir/members?q=${encodeURIComponent(q)}`);
      expect({ q, status: refused.statusCode }).toEqual({ q, status: 400 });
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q', reason: 'nricSearchMasked' });
      // Nor does the search's count tell whether such a member exists.
      const counted = await irCall(ctx, fixture.itAdmin, 'GET', `/api/ir/members/count?q=${encodeURIComponent(q)}`);
      expect({ q, status: counted.statusCode }).toEqual({ q, status: 400 });
      expect(counted.json()).toMatchObject({ field: 'q', reason: 'nricSearchMasked' });
      // The IR departments search by NRIC as before.
      expect((await search(ctx, fixture.officer, `q=${encodeURIComponent(q)}`)).items.length).toBeGreaterThan(0);
    }
    // By member no, and with a sort: the member of that number only, not the NRICs it starts.
    expect(numbers(await search(ctx, fixture.itAdmin, 'q=85010114'))).toEqual(['85010114']);
    expect(numbers(await search(ctx, fixture.itAdmin, 'q=85010114&sort=name'))).toEqual(['85010114']);
    expect(numbers(await search(ctx, fixture.officer, 'q=85010114'))).toEqual(['85010114', 'M0000001', 'M0000006']);
    const counted = await irCall(ctx, fixture.itAdmin, 'GET', '/api/ir/members/count?q=85010114');
    expect(counted.json()).toEqual({ count: 1, more: false });
    expect(await irCounts(ctx)).toEqual(before);
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

describe('GET /api/ir/members/count: how many the lookup finds (docs/product/screens.md §10)', () => {
  /** Every member a search lists, over all its pages. */
  async function everyMatch(ctx: Awaited<ReturnType<typeof setup>>['ctx'], who: IrCaller, query: string) {
    const found: string[] = [];
    for (let page = 1; ; page++) {
      const result = await search(ctx, who, `${query}&page=${page}&pageSize=100`);
      found.push(...numbers(result));
      if (!result.hasMore) return found;
    }
  }
  const counted = async (ctx: Awaited<ReturnType<typeof setup>>['ctx'], who: IrCaller, query: string) => {
    const response = await irCall(ctx, who, 'GET', `/api/ir/members/count?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return searchCountSchema.parse(response.json());
  };

  it('counts what the search lists, whatever finds it', async () => {
    const { ctx, fixture } = await setup();
    await generateIrMembers(ctx.database.db, { members: 300, first: 10 });
    for (const query of [
      '',
      'q=ahmad',
      'q=aminah%20binti',
      'q=inti',
      'q=850101',
      'q=m0000003',
      'employer=Maybank',
      'q=bin&status=lapsed',
      'q=nobody%20like%20this',
    ]) {
      const listed = await everyMatch(ctx, fixture.officer, query);
      expect({ query, ...(await counted(ctx, fixture.officer, query)) }).toEqual({
        query,
        count: listed.length,
        more: false,
      });
    }
  });

  it(`counts up to ${SEARCH_COUNT_CAP}, then says there are more`, async () => {
    const { ctx, fixture } = await setup();
    await generateIrMembers(ctx.database.db, { members: SEARCH_COUNT_CAP + 5, first: 10 });
    expect(await counted(ctx, fixture.officer, '')).toEqual({ count: SEARCH_COUNT_CAP, more: true });
    expect(await counted(ctx, fixture.officer, 'q=m0000011')).toEqual({ count: 1, more: false });
    const bad = await irCall(ctx, fixture.officer, 'GET', '/api/ir/members/count?status=alive');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'status' });
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
    // docs/product/ir.md §1: the date of birth is the NRIC's first six digits, so it is hidden with them.
    expect(forIt.member).toMatchObject({ nric: 'XXXXXX-XX-5678', nricMasked: true, dateOfBirth: null });
    expect(forIr.member.dateOfBirth).toBe('1985-01-01');

    const before = await irCounts(ctx);
    const revealed = await irCall(ctx, fixture.itAdmin, 'POST', '/api/ir/members/M0000001/nric');
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json()).toEqual({ nric: '850101-14-5678', dateOfBirth: '1985-01-01' });
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
      dateOfBirth: '1985-01-01',
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
