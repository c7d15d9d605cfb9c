import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { MEMBER_SORTS } from '@staff-portal/shared/ir';
import { MEMBER_NO, normaliseMemberNo, nricSearchDigits, type MemberStatus } from '@staff-portal/shared/ir-rules';
import type { Queryable } from '../../db/client';
import { irMembers } from '../../db/schema/ir';
import { foldName } from './name-folding';

export type MemberRow = typeof irMembers.$inferSelect;
export type MemberInsert = typeof irMembers.$inferInsert;

/** `LIKE` text that matches itself only. */
export const likeEscaped = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

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
 * What one search text matches (docs/product/ir.md §1): the member no, the NRIC's first six or
 * more digits (as a range on its unique index), and every word of the name as a part of the
 * folded name (the trigram index, decision record 0042). `rank` orders the matches: member no,
 * then NRIC, then names by similarity.
 */
export function memberMatch(text: string): { where: SQL; rank: SQL[] } | undefined {
  const alternatives: SQL[] = [];
  const memberNo = normaliseMemberNo(text);
  const byMemberNo = MEMBER_NO.test(memberNo) ? sql`${irMembers.memberNo} = ${memberNo}` : undefined;
  if (byMemberNo) alternatives.push(byMemberNo);
  const digits = nricSearchDigits(text);
  let byNric: SQL | undefined;
  if (digits) {
    const end = digitsAfter(digits);
    byNric =
      digits.length === 12
        ? sql`${irMembers.nric} = ${digits}`
        : end === null
          ? sql`${irMembers.nric} >= ${digits}`
          : sql`(${irMembers.nric} >= ${digits} and ${irMembers.nric} < ${end})`;
    alternatives.push(byNric);
  }
  const folded = foldName(text);
  const words = folded.split(' ').filter((word) => word !== '');
  if (/\p{L}/u.test(folded) && words.length > 0) {
    // Words of three letters or more each use the trigram index; shorter ones cannot (a trigram
    // needs three), so a text of short words only is matched as the start of the name.
    const long = words.filter((word) => word.length >= 3);
    const byName =
      long.length === 0
        ? sql`${irMembers.nameFolded} like ${`${likeEscaped(folded)}%`}`
        : and(...words.map((word) => sql`${irMembers.nameFolded} like ${`%${likeEscaped(word)}%`}`))!;
    alternatives.push(byName);
  }
  if (alternatives.length === 0) return undefined;
  const where = alternatives.length === 1 ? alternatives[0]! : sql`(${sql.join(alternatives, sql` or `)})`;
  const rank: SQL[] = [];
  if (byMemberNo) rank.push(sql`case when ${byMemberNo} then 0 else 1 end`);
  // NRIC matches in the NRIC's order, as a clerk reads them off the card.
  if (byNric)
    rank.push(sql`case when ${byNric} then 0 else 1 end`, sql`case when ${byNric} then ${irMembers.nric} end`);
  rank.push(sql`similarity(${irMembers.nameFolded}, ${folded}) desc`);
  return { where, rank };
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
}

/** How many matches of a search text are ranked, at most (decision record 0044). */
export const RANKED_MATCHES = 1000;

type MemberListRow = {
  memberNo: string;
  name: string;
  nric: string;
  employer: string;
  branch: string;
  status: MemberStatus;
};

const memberSortColumns = {
  name: irMembers.name,
  memberNo: irMembers.memberNo,
  joinDate: irMembers.joinDate,
  employer: irMembers.employer,
  branch: irMembers.branch,
} as const;

/**
 * One page of the member lookup, plus one row to tell whether another page follows: no count,
 * which over a million rows would cost more than the search (docs/product/screens.md §10).
 */
export async function searchMembers(db: Queryable, filter: MemberFilter) {
  const conditions: SQL[] = [];
  const match = filter.q ? memberMatch(filter.q) : undefined;
  if (filter.q && !match) return { rows: [], hasMore: false };
  if (match) conditions.push(match.where);
  if (filter.employer) conditions.push(eq(irMembers.employer, filter.employer));
  if (filter.branch) conditions.push(eq(irMembers.branch, filter.branch));
  if (filter.status) conditions.push(eq(irMembers.status, filter.status));
  const direction = filter.order === 'desc' ? desc : asc;
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const offset = (filter.page - 1) * filter.pageSize;
  if (filter.sort === undefined && match) {
    // Ranked by similarity: every match must be seen to rank them, which for a common word (a
    // few per cent of a million members) costs a few hundred milliseconds. So the ranking runs
    // over the first RANKED_MATCHES matches found: exact whenever the text matches fewer, and a
    // common word's members are then narrowed by a second word or a filter (decision record 0044).
    const result = await db.execute<MemberListRow>(sql`
      with candidates as materialized (
        select member_no, name, name_folded, nric, employer, branch, status from ${irMembers}
        where ${where} limit ${RANKED_MATCHES}
      )
      select member_no as "memberNo", name, nric, employer, branch, status
      from candidates as ${irMembers}
      order by ${sql.join([...match.rank, asc(irMembers.name), asc(irMembers.memberNo)], sql`, `)}
      limit ${filter.pageSize + 1} offset ${offset}`);
    const { rows } = result as { rows: MemberListRow[] };
    return { rows: rows.slice(0, filter.pageSize), hasMore: rows.length > filter.pageSize };
  }
  const rows = await db
    .select({
      memberNo: irMembers.memberNo,
      name: irMembers.name,
      nric: irMembers.nric,
      employer: irMembers.employer,
      branch: irMembers.branch,
      status: irMembers.status,
    })
    .from(irMembers)
    .where(where)
    .orderBy(direction(memberSortColumns[filter.sort ?? 'name']), direction(irMembers.memberNo))
    .limit(filter.pageSize + 1)
    .offset(offset);
  return { rows: rows.slice(0, filter.pageSize), hasMore: rows.length > filter.pageSize };
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
