import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CASE_SORTS, CaseAction, CaseEvent, CaseSummary, Category } from '@staff-portal/shared/ir';
import { caseNo as formatCaseNo } from '@staff-portal/shared/ir-rules';
import { qualified } from '../../db/qualified';
import type { Queryable } from '../../db/client';
import { documentOf, textQuery } from '../../db/text-search';
import {
  irActionAttachments,
  irCaseActions,
  irCaseCounters,
  irCaseEvents,
  irCases,
  irCategories,
  irMembers,
} from '../../db/schema/ir';
import { memberMatch } from './ir-members.repository';
import { likeEscaped } from '@staff-portal/shared/like-pattern';

export type CaseRow = typeof irCases.$inferSelect;

/**
 * The next case no of a year (decision record 0043): the year's counter row raised in the
 * caller's transaction. The row stays locked until that transaction ends, so concurrent openings
 * take their turns; a rollback undoes the raise, so no number is skipped.
 */
export async function nextCaseNo(tx: Queryable, year: number): Promise<{ caseNo: string; sequence: number }> {
  const [row] = await tx
    .insert(irCaseCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: irCaseCounters.year, set: { last: sql`${irCaseCounters.last} + 1` } })
    .returning({ last: irCaseCounters.last });
  const sequence = row!.last;
  return { caseNo: formatCaseNo(year, sequence), sequence };
}

/** Writes a newly opened case, with its subject and description as its search document (decision record 0042). */
export async function insertCase(tx: Queryable, row: Omit<typeof irCases.$inferInsert, 'search'>) {
  await tx.insert(irCases).values({ ...row, search: documentOf(`${row.subject} ${row.description}`) });
}

/** What a case's later changes set: its state and its officer (docs/product/ir.md §2). */
export type CaseChange = Partial<
  Pick<typeof irCases.$inferInsert, 'status' | 'closedOn' | 'outcome' | 'officerId' | 'officerName'>
>;

/** Changes a case's row and answers it as it is then. */
export async function updateCase(tx: Queryable, caseNo: string, change: CaseChange): Promise<CaseRow> {
  const [row] = await tx
    .update(irCases)
    .set({ ...change, updatedAt: sql`now()` })
    .where(eq(irCases.caseNo, caseNo))
    .returning();
  return row!;
}

/** Adds an action's text to its case's document. */
export async function appendToSearch(tx: Queryable, caseNo: string, text: string) {
  await tx
    .update(irCases)
    .set({ search: sql`${irCases.search} || ${documentOf(text)}`, updatedAt: sql`now()` })
    .where(eq(irCases.caseNo, caseNo));
}

export interface CaseFilter {
  caseNo?: string | undefined;
  member?: string | undefined;
  status?: number | undefined;
  officer?: string | undefined;
  category?: string | undefined;
  contactMethod?: number | undefined;
  openedFrom?: string | undefined;
  openedTo?: string | undefined;
  closedFrom?: string | undefined;
  closedTo?: string | undefined;
  q?: string | undefined;
  sort: (typeof CASE_SORTS)[number];
  order: 'asc' | 'desc';
  /** Whether `member` is looked for in the NRIC (not for one who sees NRICs masked). */
  memberByNric?: boolean | undefined;
}

/** What a page or the export goes on from: the sort value and the case's year and sequence. */
export interface CaseKey {
  value: string | number;
  year: number;
  sequence: number;
}

/** The sort's expression; closed on sorts open cases after every date (nulls would break the keyset). */
const sortExpressions = {
  caseNo: sql`${irCases.year}`,
  openedOn: sql`${irCases.openedOn}`,
  closedOn: sql`coalesce(${irCases.closedOn}, date '9999-12-31')`,
  status: sql`${irCases.status}`,
  memberName: sql`${irCases.memberName}`,
} as const;

function conditionsOf(filter: CaseFilter): SQL[] | undefined {
  const conditions: SQL[] = [];
  if (filter.caseNo) {
    const prefix = filter.caseNo.toUpperCase();
    conditions.push(sql`${irCases.caseNo} like ${`${likeEscaped(prefix)}%`}`);
    // A prefix with the year is that year's cases: a column every sort's index carries.
    const year = /^GRV(\d{4})/.exec(prefix)?.[1];
    if (year) conditions.push(eq(irCases.year, Number(year)));
  }
  if (filter.member) {
    const match = memberMatch(filter.member, filter.memberByNric ?? true);
    if (!match) return undefined;
    conditions.push(sql`${irCases.memberNo} in (select ${irMembers.memberNo} from ${irMembers} where ${match.where})`);
  }
  if (filter.status !== undefined) conditions.push(eq(irCases.status, filter.status));
  if (filter.officer) conditions.push(eq(irCases.officerId, filter.officer));
  if (filter.category) conditions.push(eq(irCases.categoryId, filter.category));
  if (filter.contactMethod !== undefined) conditions.push(eq(irCases.contactMethod, filter.contactMethod));
  if (filter.openedFrom) conditions.push(gte(irCases.openedOn, filter.openedFrom));
  if (filter.openedTo) conditions.push(lte(irCases.openedOn, filter.openedTo));
  if (filter.closedFrom) conditions.push(gte(irCases.closedOn, filter.closedFrom));
  if (filter.closedTo) conditions.push(lte(irCases.closedOn, filter.closedTo));
  if (filter.q) {
    const query = textQuery(filter.q);
    if (!query) return undefined;
    conditions.push(sql`${irCases.search} @@ ${query}`);
  }
  return conditions;
}

const summaryColumns = {
  caseNo: irCases.caseNo,
  year: irCases.year,
  sequence: irCases.sequence,
  memberNo: irCases.memberNo,
  memberName: irCases.memberName,
  subject: irCases.subject,
  categoryId: irCases.categoryId,
  categoryName: irCategories.name,
  contactMethod: irCases.contactMethod,
  status: irCases.status,
  officerId: irCases.officerId,
  officerName: irCases.officerName,
  openedOn: irCases.openedOn,
  closedOn: irCases.closedOn,
};

type SummaryRow = CaseSummary & { year: number; sequence: number };

export const summaryOf = ({ year: _year, sequence: _sequence, ...row }: SummaryRow): CaseSummary => row;

/**
 * Cases by the filters in the sort's order, the year and sequence breaking ties: a page (by
 * offset) or, for the export, the rows after a key (keyset), so an export of any size reads
 * one batch at a time and never skips or repeats a row.
 */
export async function searchCases(
  db: Queryable,
  filter: CaseFilter,
  { limit, offset = 0, after }: { limit: number; offset?: number; after?: CaseKey | undefined },
): Promise<SummaryRow[]> {
  const conditions = conditionsOf(filter);
  if (!conditions) return [];
  const sortBy = sortExpressions[filter.sort];
  const descending = filter.order === 'desc';
  if (after) {
    const key = sql`(${sortBy}, ${irCases.year}, ${irCases.sequence})`;
    const value = sql`(${after.value}, ${after.year}::int, ${after.sequence}::int)`;
    conditions.push(descending ? sql`${key} < ${value}` : sql`${key} > ${value}`);
  }
  const direction = descending ? desc : asc;
  const order = filter.sort === 'caseNo' ? [] : [direction(sortBy)];
  const rows = await db
    .select(summaryColumns)
    .from(irCases)
    .innerJoin(irCategories, eq(irCategories.id, irCases.categoryId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order, direction(irCases.year), direction(irCases.sequence))
    .limit(limit)
    .offset(offset);
  return rows;
}

/** How many cases the filters match (docs/product/screens.md §11), counted up to `cap` + 1. */
export async function countCases(db: Queryable, filter: Omit<CaseFilter, 'sort' | 'order'>, cap: number) {
  const conditions = conditionsOf({ ...filter, sort: 'openedOn', order: 'desc' });
  if (!conditions) return 0;
  const result = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select 1 from ${irCases} where ${and(sql`true`, ...conditions)} limit ${cap + 1}) as c`);
  return (result as { rows: { n: number }[] }).rows[0]!.n;
}

/** The key a row is sorted by, to go on after it. */
export function keyOf(row: SummaryRow, sort: CaseFilter['sort']): CaseKey {
  const value =
    sort === 'caseNo'
      ? row.year
      : sort === 'closedOn'
        ? (row.closedOn ?? '9999-12-31')
        : sort === 'status'
          ? row.status
          : sort === 'memberName'
            ? row.memberName
            : row.openedOn;
  return { value, year: row.year, sequence: row.sequence };
}

export async function findCase(db: Queryable, caseNo: string) {
  const [row] = await db
    .select({ ...summaryColumns, case: irCases })
    .from(irCases)
    .innerJoin(irCategories, eq(irCategories.id, irCases.categoryId))
    .where(eq(irCases.caseNo, caseNo));
  return row;
}

/** A case's row, locked until the transaction ends, so two changes to one case take turns. */
export async function lockCase(tx: Queryable, caseNo: string): Promise<CaseRow | undefined> {
  const [row] = await tx.select().from(irCases).where(eq(irCases.caseNo, caseNo)).for('update');
  return row;
}

/** A member's cases, newest first. */
export async function casesOfMember(db: Queryable, memberNo: string): Promise<CaseSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(irCases)
    .innerJoin(irCategories, eq(irCategories.id, irCases.categoryId))
    .where(eq(irCases.memberNo, memberNo))
    .orderBy(desc(irCases.openedOn), desc(irCases.year), desc(irCases.sequence));
  return (rows as SummaryRow[]).map(summaryOf);
}

export async function insertAction(tx: Queryable, action: typeof irCaseActions.$inferInsert) {
  const [row] = await tx.insert(irCaseActions).values(action).returning({ id: irCaseActions.id });
  return row!.id;
}

/** Keeps an action's files, already checked by content (docs/product/files-mail-logs.md §1). */
export async function insertAttachments(tx: Queryable, files: (typeof irActionAttachments.$inferInsert)[]) {
  if (files.length === 0) return;
  await tx.insert(irActionAttachments).values(files);
}

/** A case's actions, oldest first, with their attachments (without their bytes). */
export async function actionsOf(db: Queryable, caseNo: string): Promise<CaseAction[]> {
  const actions = await db
    .select()
    .from(irCaseActions)
    .where(eq(irCaseActions.caseNo, caseNo))
    .orderBy(asc(irCaseActions.createdAt), asc(irCaseActions.id));
  const files =
    actions.length === 0
      ? []
      : await db
          .select({
            id: irActionAttachments.id,
            actionId: irActionAttachments.actionId,
            fileName: irActionAttachments.fileName,
            contentType: irActionAttachments.contentType,
            size: irActionAttachments.size,
          })
          .from(irActionAttachments)
          .where(
            inArray(
              irActionAttachments.actionId,
              actions.map((action) => action.id),
            ),
          )
          .orderBy(asc(irActionAttachments.fileName), asc(irActionAttachments.id));
  return actions.map((action) => ({
    id: action.id,
    type: action.type,
    date: action.date,
    text: action.text,
    authorId: action.authorId,
    authorName: action.authorName,
    createdAt: action.createdAt.toISOString(),
    attachments: files.filter((file) => file.actionId === action.id).map(({ actionId: _actionId, ...file }) => file),
  }));
}

/** Appends one of a case's events (docs/product/ir.md §3): they are never changed afterwards. */
export async function insertEvent(tx: Queryable, event: typeof irCaseEvents.$inferInsert) {
  await tx.insert(irCaseEvents).values(event);
}

/** A case's closings, reopenings and changes of officer, oldest first. */
export async function eventsOf(db: Queryable, caseNo: string): Promise<CaseEvent[]> {
  const rows = await db
    .select()
    .from(irCaseEvents)
    .where(eq(irCaseEvents.caseNo, caseNo))
    .orderBy(asc(irCaseEvents.createdAt), asc(irCaseEvents.id));
  return rows.map((row): CaseEvent => {
    const base = {
      id: row.id,
      date: row.date,
      actorId: row.actorId,
      actorName: row.actorName,
      createdAt: row.createdAt.toISOString(),
    };
    switch (row.kind) {
      case 'closed':
        return { ...base, kind: 'closed', outcome: row.text ?? '' };
      case 'reopened':
        return { ...base, kind: 'reopened', reason: row.text ?? '' };
      case 'reassigned':
        return {
          ...base,
          kind: 'reassigned',
          fromOfficerId: row.fromOfficerId,
          fromOfficerName: row.fromOfficerName,
          toOfficerId: row.toOfficerId ?? '',
          toOfficerName: row.toOfficerName ?? '',
        };
    }
  });
}

export async function attachmentOf(db: Queryable, caseNo: string, id: string) {
  const [row] = await db
    .select()
    .from(irActionAttachments)
    .where(and(eq(irActionAttachments.caseNo, caseNo), eq(irActionAttachments.id, id)));
  return row;
}

// Categories ----------------------------------------------------------------------------------

/** The outer category's id inside the case count. */
const outerCategoryId = qualified(irCategories, irCategories.id);

/** Every category, active ones first, with its case count: IR's list, and IR admin's answers. */
export async function listCategories(db: Queryable): Promise<Category[]> {
  const rows = await db
    .select({
      id: irCategories.id,
      name: irCategories.name,
      active: irCategories.active,
      caseCount: sql<number>`(select count(*)::int from ${irCases} where ${irCases.categoryId} = ${outerCategoryId})`,
    })
    .from(irCategories)
    .orderBy(desc(irCategories.active), asc(irCategories.name));
  return rows;
}

export async function findCategory(db: Queryable, id: string) {
  const [row] = await db.select().from(irCategories).where(eq(irCategories.id, id));
  return row;
}

/** Open cases per officer, for the officers list. */
export async function openCasesByOfficer(db: Queryable): Promise<Map<string, number>> {
  const rows = await db
    .select({ officerId: irCases.officerId, n: sql<number>`count(*)::int` })
    .from(irCases)
    .where(eq(irCases.status, 0))
    .groupBy(irCases.officerId);
  return new Map(rows.flatMap((row) => (row.officerId === null ? [] : [[row.officerId, row.n] as const])));
}
