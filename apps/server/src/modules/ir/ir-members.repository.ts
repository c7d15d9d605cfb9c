import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MEMBER_SORTS } from '@staff-portal/shared/ir';
import { MEMBER_NO, normaliseMemberNo, nricSearchDigits, type MemberStatus } from '@staff-portal/shared/ir-rules';
import type { Queryable, Transaction } from '../../db/client';
import { irMemberWords, irMembers } from '../../db/schema/ir';
import { foldName, nameWords } from './name-folding';
import { likeEscaped } from '@staff-portal/shared/like-pattern';

export type MemberRow = typeof irMembers.$inferSelect;
export type MemberInsert = typeof irMembers.$inferInsert;

/** The first text after every one starting with `prefix` (digits only): the end of a prefix range. */
function digitsAfter(prefix: string): string | null {
  const digits = prefix.split('');
  for (let i = digits.length - 1; i >= 0; i--) {
    if (digits[i] !== '9') {
      digits[i] = String(Number(digits[i]) + 1);
      return digits.slice(0, i + 1).join('');
    }
  }
  return null;
}

/**
 * The member no and NRIC alternatives of a search text, ranked member no first, then NRIC order.
 * `byNric` false leaves the NRIC out, for one who sees NRICs masked (docs/product/ir.md §1).
 */
function idMatch(text: string, byNric = true): { alternatives: SQL[]; rank: SQL[] } {
  const alternatives: SQL[] = [];
  const rank: SQL[] = [];
  const memberNo = normaliseMemberNo(text);
  if (MEMBER_NO.test(memberNo)) {
    const byMemberNo = sql`${irMembers.memberNo} = ${memberNo}`;
    alternatives.push(byMemberNo);
    rank.push(sql`case when ${byMemberNo} then 0 else 1 end`);
  }
  const digits = byNric ? nricSearchDigits(text) : null;
  if (digits) {
    const end = digitsAfter(digits);
    const byNric =
      digits.length === 12
        ? sql`${irMembers.nric} = ${digits}`
        : end === null
          ? sql`${irMembers.nric} >= ${digits}`
          : sql`(${irMembers.nric} >= ${digits} and ${irMembers.nric} < ${end})`;
    alternatives.push(byNric);
    // NRIC matches in the NRIC's order, as a clerk reads them off the card.
    rank.push(sql`case when ${byNric} then 0 else 1 end`, sql`case when ${byNric} then ${irMembers.nric} end`);
  }
  return { alternatives, rank };
}

/**
 * Every word of a search text as a part of the folded name, anywhere in it (the trigram index,
 * decision record 0042), ranked by similarity. Words shorter than a trigram cannot use that index,
 * so a text of short words only is matched as the start of the name.
 */
function nameInsideMatch(folded: string): { where: SQL; rank: SQL } | undefined {
  const words = nameWords(folded);
  if (!/\p{L}/u.test(folded) || words.length === 0) return undefined;
  const where = words.some((word) => word.length >= 3)
    ? and(...words.map((word) => sql`${irMembers.nameFolded} like ${`%${likeEscaped(word)}%`}`))!
    : sql`${irMembers.nameFolded} like ${`${likeEscaped(folded)}%`}`;
  return { where, rank: sql`similarity(${irMembers.nameFolded}, ${folded}) desc` };
}

/**
 * What one search text matches anywhere a member is searched for by a text (the grievance search's
 * member filter): the member no, the NRIC's first six or more digits (as a range on its unique
 * index), and every word of the name as a part of the folded name. `rank` orders the matches:
 * member no, then NRIC, then names by similarity.
 */
export function memberMatch(text: string, byNric = true): { where: SQL; rank: SQL[] } | undefined {
  const { alternatives, rank } = idMatch(text, byNric);
  const byName = nameInsideMatch(foldName(text));
  if (byName) {
    alternatives.push(byName.where);
    rank.push(byName.rank);
  }
  if (alternatives.length === 0) return undefined;
  const where = alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
  return { where, rank };
}

/** The first text after every text that starts with `prefix`, compared code point by code point. */
function afterPrefix(prefix: string): string {
  const points = [...prefix];
  let next = points.pop()!.codePointAt(0)! + 1;
  if (next >= 0xd800 && next <= 0xdfff) next = 0xe000; // no text holds a lone surrogate
  return points.join('') + String.fromCodePoint(next);
}

/** The words that start with `word`: a range of the primary key of `ir_member_words`. */
const wordRange = (word: string) =>
  sql`${irMemberWords.word} >= ${word} and ${irMemberWords.word} < ${afterPrefix(word)}`;

/** How far the rarest word of a text is looked for: the rows of each word's range counted, at most. */
const DRIVER_COUNT_CAP = 300;

/**
 * The word of a text whose range is read (the others are checked on each row it gives): the
 * rarest, counted up to DRIVER_COUNT_CAP rows of each word's range in one statement. Among words
 * that all reach the cap, the first: people type a name in its order, and the matches of the
 * name's first word, in name order, meet the full name soonest. One word needs no count.
 */
async function rarestWord(db: Queryable, words: string[]): Promise<string> {
  if (words.length === 1) return words[0]!;
  const counts = sql.join(
    words.map(
      (word, i) =>
        sql`(select count(*)::int from (select 1 from ${irMemberWords} where ${wordRange(word)} limit ${DRIVER_COUNT_CAP}) as r) as ${sql.identifier(`w${i}`)}`,
    ),
    sql`, `,
  );
  const result = await db.execute<Record<string, number>>(sql`select ${counts}`);
  const [row] = (result as { rows: Record<string, number>[] }).rows;
  const found = words.map((_, i) => row![`w${i}`]!);
  return words[found.indexOf(Math.min(...found))]!;
}

/**
 * The name search of the member lookup (decision record 0046): every word of the text starts a
 * word of the name. The driver word is read as a range of `ir_member_words`, in the order of
 * its primary key (the matching word, then the name), which an index scan gives as it goes, so a
 * page stops after its rows whatever the number of matches; the other words are checked on the
 * name that row carries.
 *
 * The condition is on `ir_member_words` and gives one row per matching member. A name with two
 * words starting with the driver ("abd": Abdul … Abdullah) has two rows in the range; only the
 * first word's counts. Reading the name's words is the dear part, so it is done only for a name
 * in which the driver starts a word twice.
 */
function wordStartsMatch(words: string[], driver: string): SQL {
  const others = words.filter((_, i) => i !== words.indexOf(driver));
  const name = sql`${irMemberWords.nameFolded}`;
  // The name with ' ' before each of its words, so that "% word%" is a word's start.
  const spaced = sql`(' ' || translate(${name}, '/-', '  '))`;
  const start = ` ${driver}`;
  return and(
    wordRange(driver),
    ...others.map((word) => sql`${spaced} like ${`% ${likeEscaped(word)}%`}`),
    sql`(position(${start} in substr(${spaced}, position(${start} in ${spaced}) + 1)) = 0
      or not exists (select 1 from ir_name_words(${name}) as w(word)
        where w.word collate "C" >= ${driver} and w.word collate "C" < ${irMemberWords.word}))`,
  )!;
}

export interface MemberFilter {
  q?: string | undefined;
  employer?: string | undefined;
  branch?: string | undefined;
  status?: MemberStatus | undefined;
  sort?: (typeof MEMBER_SORTS)[number] | undefined;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
  /** Whether the text is looked for in the NRIC (not for one who sees NRICs masked). */
  byNric?: boolean | undefined;
}

/** How many matches of a name's inner parts, or of an NRIC's first digits, are ranked, at most (decision records 0044, 0046). */
export const RANKED_MATCHES = 1000;

const memberListColumns = {
  memberNo: irMembers.memberNo,
  name: irMembers.name,
  nric: irMembers.nric,
  employer: irMembers.employer,
  branch: irMembers.branch,
  status: irMembers.status,
};
type MemberListRow = {
  memberNo: string;
  name: string;
  nric: string;
  employer: string;
  branch: string;
  status: MemberStatus;
};
type MemberPage = { rows: MemberListRow[]; hasMore: boolean };

const memberSortColumns = {
  name: irMembers.name,
  memberNo: irMembers.memberNo,
  joinDate: irMembers.joinDate,
  employer: irMembers.employer,
  branch: irMembers.branch,
} as const;

/** A page from rows read one past its end. */
const pageOf = (rows: MemberListRow[], pageSize: number): MemberPage => ({
  rows: rows.slice(0, pageSize),
  hasMore: rows.length > pageSize,
});

/**
 * One page of the member lookup, plus one row to tell whether another page follows: no count,
 * which over a million rows would cost more than the search (docs/product/screens.md §10).
 *
 * A text with a digit is a member no or an NRIC; any other text is a name: the members one of
 * whose words starts with each word of the text, ranked by the word matched and then the name;
 * and only when no member's words start so, the members with each word anywhere in the name,
 * ranked by similarity (decision record 0046). A sort asked for orders the same matches by its
 * column instead.
 */
export async function searchMembers(db: Queryable, filter: MemberFilter): Promise<MemberPage> {
  const filters: SQL[] = [];
  if (filter.employer) filters.push(eq(irMembers.employer, filter.employer));
  if (filter.branch) filters.push(eq(irMembers.branch, filter.branch));
  if (filter.status) filters.push(eq(irMembers.status, filter.status));
  const offset = (filter.page - 1) * filter.pageSize;
  const empty: MemberPage = { rows: [], hasMore: false };
  const q = filter.q ?? '';
  const folded = foldName(q);
  const words = /\d/.test(q) || !/\p{L}/u.test(folded) ? [] : nameWords(folded);

  if (words.length > 0) {
    // The driver word is counted for only when the word matches are read: a full name typed as
    // many members carry it fills its page from the names it starts, with no count.
    let starts: SQL | undefined;
    const startsMatch = async () => (starts ??= wordStartsMatch(words, await rarestWord(db, words)));
    const startsExist = async () => {
      const where = and(await startsMatch(), ...filters);
      const found = await inWordOrder(db, (tx) =>
        tx
          .select({ one: sql`1` })
          .from(irMemberWords)
          .innerJoin(irMembers, eq(irMembers.memberNo, irMemberWords.memberNo))
          .where(where)
          .limit(1),
      );
      return found.length > 0;
    };
    const rows =
      filter.sort === undefined
        ? await wordMatchesRanked(db, folded, words.length > 1, startsMatch, filters, filter)
        : await sortedWordMatches(db, await startsMatch(), filters, filter);
    if (rows.length > 0 || (offset > 0 && (await startsExist()))) return pageOf(rows, filter.pageSize);
    // No word of any name starts so: the text is looked for inside the names.
    const inside = nameInsideMatch(folded)!;
    if (filter.sort !== undefined) return sortedPage(db, [inside.where, ...filters], filter);
    return rankedPage(db, and(inside.where, ...filters)!, [inside.rank], filter);
  }

  if (q === '') return sortedPage(db, filters, filter);
  const ids = idMatch(q, filter.byNric ?? true);
  if (ids.alternatives.length === 0) return empty;
  const byId = ids.alternatives.length === 1 ? ids.alternatives[0]! : sql`(${sql.join(ids.alternatives, sql` or `)})`;
  if (filter.sort !== undefined) return sortedPage(db, [byId, ...filters], filter);
  return rankedPage(db, and(byId, ...filters)!, ids.rank, filter);
}

/**
 * How many members the lookup finds for the text and filters (docs/product/screens.md §10), the
 * same members searchMembers finds, counted up to `cap` + 1 so that a common word costs no more
 * than that many index entries: the members whose words start as the text's, or else those with
 * the text inside their name; the member no or NRIC for a text with a digit; or every member the
 * filters keep.
 */
export async function countMembers(
  db: Queryable,
  filter: Pick<MemberFilter, 'q' | 'employer' | 'branch' | 'status' | 'byNric'>,
  cap: number,
): Promise<number> {
  const filters: SQL[] = [];
  if (filter.employer) filters.push(eq(irMembers.employer, filter.employer));
  if (filter.branch) filters.push(eq(irMembers.branch, filter.branch));
  if (filter.status) filters.push(eq(irMembers.status, filter.status));
  const q = filter.q ?? '';
  const folded = foldName(q);
  const words = /\d/.test(q) || !/\p{L}/u.test(folded) ? [] : nameWords(folded);
  const countOf = async (rows: SQL, limit: number) => {
    const result = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${rows} limit ${limit}) as m`);
    return (result as { rows: { n: number }[] }).rows[0]!.n;
  };
  const members = (conditions: (SQL | undefined)[]) =>
    sql`select 1 from ${irMembers} where ${and(sql`true`, ...conditions)}`;

  if (words.length > 0) {
    const starts = wordStartsMatch(words, await rarestWord(db, words));
    const started = await inWordOrder(db, async (tx) => {
      const result = await tx.execute<{ n: number }>(sql`
        select count(*)::int as n from (
          select 1 from ${irMemberWords} join ${irMembers} on ${irMembers.memberNo} = ${irMemberWords.memberNo}
          where ${and(starts, ...filters)} limit ${cap + 1}) as m`);
      return (result as { rows: { n: number }[] }).rows[0]!.n;
    });
    if (started > 0) return started;
    return countOf(members([nameInsideMatch(folded)!.where, ...filters]), cap + 1);
  }
  if (q === '') return countOf(members(filters), cap + 1);
  const ids = idMatch(q, filter.byNric ?? true);
  if (ids.alternatives.length === 0) return 0;
  const byId = ids.alternatives.length === 1 ? ids.alternatives[0]! : sql`(${sql.join(ids.alternatives, sql` or `)})`;
  return countOf(members([byId, ...filters]), cap + 1);
}

/**
 * Runs a read of `ir_member_words` in the order of its primary key as an index scan that stops
 * when the page is full. The planner cannot estimate how many rows of a word's range pass the
 * other words and the filters (a LIKE on a computed text), guesses very few, and would then read
 * and sort the whole range, which for a common word costs a second on PGlite: so the read runs
 * in a transaction that turns bitmap scans and sorts off for itself (decision record 0046).
 */
async function inWordOrder<T>(db: Queryable, read: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_sort', 'off', true)`);
    return read(tx);
  });
}

/**
 * One page (and one row more) of the word matches, ranked. A text of several words that starts
 * the name as typed ("rajesh a/l subram") ranks those names first, by the folded name byte by
 * byte and the member no, read as a range of the prefix index in its own order (decision records 0094
 * and 0064): the driver word's range would reach them only after every name of that word sorting
 * before them. Then the other matches, by the driver word and the name (decision record 0046);
 * `wordRows` gives their condition, whose driver word costs a count, and is asked for only when
 * the names the text starts leave room on the page.
 */
async function wordMatchesRanked(
  db: Queryable,
  folded: string,
  wholeTextFirst: boolean,
  wordRows: () => Promise<SQL>,
  filters: SQL[],
  filter: MemberFilter,
): Promise<MemberListRow[]> {
  const offset = (filter.page - 1) * filter.pageSize;
  const wanted = filter.pageSize + 1;
  const startsName = sql`${irMembers.nameFolded} like ${`${likeEscaped(folded)}%`}`;
  let first: MemberListRow[] = [];
  let firstCount = 0;
  if (wholeTextFirst) {
    first = await db
      .select(memberListColumns)
      .from(irMembers)
      .where(and(startsName, ...filters))
      // In the prefix index's order (byte by byte), so that the read stops with the page: among
      // the many members of a common full name, the collation's order would need them all sorted.
      .orderBy(sql`${irMembers.nameFolded} using ~<~`, irMembers.memberNo)
      .limit(wanted)
      .offset(offset);
    if (first.length === wanted) return first;
    // How many rank first, to know where the others' ranking starts for this page.
    if (first.length > 0) firstCount = offset + first.length;
    else if (offset > 0) {
      const counted = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from (select 1 from ${irMembers} where ${and(startsName, ...filters)} limit ${offset}) as f`,
      );
      firstCount = (counted as { rows: { n: number }[] }).rows[0]!.n;
    }
  }
  const rows = await wordRows();
  const rest = await inWordOrder(db, (tx) =>
    tx
      .select(memberListColumns)
      .from(irMemberWords)
      .innerJoin(irMembers, eq(irMembers.memberNo, irMemberWords.memberNo))
      .where(
        and(
          rows,
          ...filters,
          wholeTextFirst ? sql`${irMemberWords.nameFolded} not like ${`${likeEscaped(folded)}%`}` : undefined,
        ),
      )
      .orderBy(irMemberWords.word, irMemberWords.nameFolded, irMemberWords.memberNo)
      .limit(wanted - first.length)
      .offset(Math.max(0, offset - firstCount)),
  );
  return [...first, ...rest];
}

/**
 * One page of the members whose words start as the text's do, in the order of the sort asked
 * for. The matches are gathered first and then sorted: read in the sort's index instead, a word
 * that starts many names ("muhammad") lies in one stretch of the name order, which the planner
 * cannot know, and it would read half the members to reach it (decision record 0046).
 */
async function sortedWordMatches(db: Queryable, rows: SQL, filters: SQL[], filter: MemberFilter) {
  const direction = filter.order === 'desc' ? desc : asc;
  const result = await db.execute<MemberListRow>(sql`
    with hits as materialized (select ${irMemberWords.memberNo} from ${irMemberWords} where ${rows})
    select ${irMembers.memberNo} as "memberNo", ${irMembers.name}, ${irMembers.nric}, ${irMembers.employer},
      ${irMembers.branch}, ${irMembers.status}
    from hits join ${irMembers} on ${irMembers.memberNo} = hits.member_no
    where ${and(sql`true`, ...filters)}
    order by ${direction(memberSortColumns[filter.sort ?? 'name'])}, ${direction(irMembers.memberNo)}
    limit ${filter.pageSize + 1} offset ${(filter.page - 1) * filter.pageSize}`);
  return (result as { rows: MemberListRow[] }).rows;
}

/** One page of the members matching `conditions`, in the order of the sort asked for (the name by default). */
async function sortedPage(db: Queryable, conditions: SQL[], filter: MemberFilter): Promise<MemberPage> {
  const direction = filter.order === 'desc' ? desc : asc;
  const rows = await db
    .select(memberListColumns)
    .from(irMembers)
    .where(and(...conditions))
    .orderBy(direction(memberSortColumns[filter.sort ?? 'name']), direction(irMembers.memberNo))
    .limit(filter.pageSize + 1)
    .offset((filter.page - 1) * filter.pageSize);
  return pageOf(rows, filter.pageSize);
}

/**
 * One page of matches ranked by `rank`: every match must be seen to rank them, which for a common
 * part of a name (a few per cent of a million members) costs a few hundred milliseconds. So the
 * ranking runs over the first RANKED_MATCHES matches found: exact whenever the text matches fewer
 * (decision record 0044).
 */
async function rankedPage(db: Queryable, where: SQL, rank: SQL[], filter: MemberFilter): Promise<MemberPage> {
  const result = await db.execute<MemberListRow>(sql`
    with candidates as materialized (
      select member_no, name, name_folded, nric, employer, branch, status from ${irMembers}
      where ${where} limit ${RANKED_MATCHES}
    )
    select member_no as "memberNo", name, nric, employer, branch, status
    from candidates as ${irMembers}
    order by ${sql.join([...rank, asc(irMembers.name), asc(irMembers.memberNo)], sql`, `)}
    limit ${filter.pageSize + 1} offset ${(filter.page - 1) * filter.pageSize}`);
  return pageOf((result as { rows: MemberListRow[] }).rows, filter.pageSize);
}

/**
 * The distinct values of an indexed column, read as a loose index scan (one index probe per
 * value) rather than by reading every member: a few hundred employers among a million rows.
 */
async function distinctValues(db: Queryable, column: 'employer' | 'branch'): Promise<string[]> {
  const name = sql.identifier(column);
  const result = await db.execute<{ value: string | null }>(sql`
    with recursive distinct_values(value) as (
      (select ${name} from ir_members order by ${name} limit 1)
      union all
      select (select ${name} from ir_members where ${name} > d.value order by ${name} limit 1)
      from distinct_values d where d.value is not null
    )
    select value from distinct_values where value is not null`);
  return (result as { rows: { value: string }[] }).rows.map((row) => row.value);
}

export async function memberOptions(db: Queryable) {
  const [employers, branches] = [await distinctValues(db, 'employer'), await distinctValues(db, 'branch')];
  return { employers, branches };
}

export async function findMember(db: Queryable, memberNo: string): Promise<MemberRow | undefined> {
  const [row] = await db.select().from(irMembers).where(eq(irMembers.memberNo, memberNo));
  return row;
}

/** Inserts members, folding each name for the search (decision record 0042). */
export async function insertMembers(db: Queryable, members: Omit<MemberInsert, 'nameFolded'>[]) {
  if (members.length === 0) return;
  await db.insert(irMembers).values(members.map((member) => ({ ...member, nameFolded: foldName(member.name) })));
}
