import { and, desc, gte, ilike, inArray, lt, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { SIGN_IN_AREA, type ActivityEntry, type ActivitySource } from '@staff-portal/shared/it-admin';
import { IDENTITY_STREAM } from '@staff-portal/shared/log';
import type { Queryable } from '../../db/client';
import { auditEntries } from '../../db/schema/audit';
import { logEntries } from '../../db/schema/log';
import { containing, startingWith } from '@staff-portal/shared/like-pattern';

/** Where a page ends: the last entry's time, source and id (newest first, then `log` before `audit`, then id). */
export interface ActivityCursor {
  /** To the microsecond, as the database keeps it (a Date would lose the last three digits). */
  at: string;
  source: ActivitySource;
  id: number;
}

export interface ActivityFilter {
  /** The acting user's id, or ids (an e-mail prefix resolved by the identity provider). */
  userIds?: string[] | undefined;
  /** The start of the acting user's e-mail (audit entries keep it). */
  userEmailPrefix?: string | undefined;
  source?: ActivitySource | undefined;
  area?: string | undefined;
  action?: string | undefined;
  /** From this instant (inclusive) to that one (exclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
  text?: string | undefined;
}

type Ranked = ActivityEntry & { atText: string; rowId: number };

/** Sources in page order: at one instant, `log` entries come before `audit` ones. */
const ORDER: ActivitySource[] = ['log', 'audit'];

/** The keyset condition for one source's table, from the cursor. */
function after(
  cursor: ActivityCursor | undefined,
  source: ActivitySource,
  at: AnyColumn,
  id: AnyColumn,
): SQL | undefined {
  if (cursor === undefined) return undefined;
  const mine = ORDER.indexOf(source);
  const theirs = ORDER.indexOf(cursor.source);
  const instant = sql`${cursor.at}::timestamptz`;
  // An earlier source at the cursor's instant is before it; a later one after it.
  if (mine < theirs) return sql`${at} < ${instant}`;
  if (mine > theirs) return sql`${at} <= ${instant}`;
  return sql`(${at} < ${instant} or (${at} = ${instant} and ${id} < ${cursor.id}))`;
}

/** A timestamp as UTC ISO text to the microsecond: it sorts as the instants do. */
const microIso = (at: AnyColumn) => sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The text a free-text search looks in, as indexed (migration 0018's trigram indexes). */
export const auditText = sql`(${auditEntries.action} || ' ' || coalesce(${auditEntries.targetLabel}, '') || ' ' || coalesce(${auditEntries.before}::text, '') || ' ' || coalesce(${auditEntries.after}::text, ''))`;
export const logText = sql`(${logEntries.action} || ' ' || ${logEntries.request} || ' ' || ${logEntries.url} || ' ' || coalesce(${logEntries.userEmail}, '') || ' ' || coalesce(${logEntries.userName}, ''))`;

async function auditPage(db: Queryable, filter: ActivityFilter, cursor: ActivityCursor | undefined, limit: number) {
  if (filter.area === SIGN_IN_AREA) return [];
  const user =
    filter.userIds !== undefined || filter.userEmailPrefix !== undefined
      ? (or(
          filter.userIds && filter.userIds.length > 0 ? inArray(auditEntries.actorId, filter.userIds) : undefined,
          filter.userEmailPrefix ? ilike(auditEntries.actorEmail, startingWith(filter.userEmailPrefix)) : undefined,
        ) ?? sql`false`)
      : undefined;
  const rows = await db
    .select({ row: auditEntries, atText: microIso(auditEntries.at) })
    .from(auditEntries)
    .where(
      and(
        user,
        filter.area ? sql`${auditEntries.area} = ${filter.area}` : undefined,
        filter.action ? sql`${auditEntries.action} = ${filter.action}` : undefined,
        filter.from ? gte(auditEntries.at, filter.from) : undefined,
        filter.to ? lt(auditEntries.at, filter.to) : undefined,
        filter.text ? sql`${auditText} ilike ${containing(filter.text)}` : undefined,
        after(cursor, 'audit', auditEntries.at, auditEntries.id),
      ),
    )
    .orderBy(desc(auditEntries.at), desc(auditEntries.id))
    .limit(limit);
  return rows.map(({ row, atText }): Ranked => ({
    id: `audit:${row.id}`,
    source: 'audit',
    at: row.at.toISOString(),
    userId: row.actorId,
    userEmail: row.actorEmail,
    userName: row.actorName,
    area: row.area,
    action: row.action,
    target: row.target,
    targetLabel: row.targetLabel,
    before: row.before ?? null,
    after: row.after ?? null,
    details: null,
    atText,
    rowId: row.id,
  }));
}

async function logPage(db: Queryable, filter: ActivityFilter, cursor: ActivityCursor | undefined, limit: number) {
  if (filter.area !== undefined && filter.area !== SIGN_IN_AREA) return [];
  // A user given by e-mail: the e-mail the entry kept, or the ids the identity provider resolved
  // it to (entries made before they kept one).
  const user =
    filter.userIds !== undefined || filter.userEmailPrefix !== undefined
      ? (or(
          filter.userIds && filter.userIds.length > 0 ? inArray(logEntries.userId, filter.userIds) : undefined,
          filter.userEmailPrefix ? ilike(logEntries.userEmail, startingWith(filter.userEmailPrefix)) : undefined,
        ) ?? sql`false`)
      : undefined;
  const rows = await db
    .select({ row: logEntries, atText: microIso(logEntries.receivedAt) })
    .from(logEntries)
    .where(
      and(
        user,
        filter.action ? sql`${logEntries.action} = ${filter.action}` : undefined,
        filter.from ? gte(logEntries.receivedAt, filter.from) : undefined,
        filter.to ? lt(logEntries.receivedAt, filter.to) : undefined,
        filter.text ? sql`${logText} ilike ${containing(filter.text)}` : undefined,
        after(cursor, 'log', logEntries.receivedAt, logEntries.id),
      ),
    )
    .orderBy(desc(logEntries.receivedAt), desc(logEntries.id))
    .limit(limit);
  return rows.map(({ row, atText }): Ranked => ({
    id: `log:${row.id}`,
    source: 'log',
    at: row.receivedAt.toISOString(),
    userId: row.userId,
    userEmail: row.userEmail,
    userName: row.userName,
    area: SIGN_IN_AREA,
    action: row.action,
    target: null,
    targetLabel: row.stream === IDENTITY_STREAM ? null : row.url,
    before: null,
    after: null,
    // A refused sign-in (decision record 0078) keeps its reason where a client's entry has its request.
    details:
      row.stream === IDENTITY_STREAM
        ? { reason: row.request, stream: row.stream, logDate: row.logDate }
        : { request: row.request, url: row.url, stream: row.stream, logDate: row.logDate },
    atText,
    rowId: row.id,
  }));
}

/**
 * One page of the activity explorer: both tables read newest first from the cursor on, each with
 * its own index and limit, merged. Returns the page and the cursor after its last entry, if more follow.
 */
export async function activityPage(
  db: Queryable,
  filter: ActivityFilter,
  cursor: ActivityCursor | undefined,
  limit: number,
): Promise<{ items: ActivityEntry[]; next: ActivityCursor | null }> {
  const [audit, log] = await Promise.all([
    filter.source === 'log' ? [] : auditPage(db, filter, cursor, limit + 1),
    filter.source === 'audit' ? [] : logPage(db, filter, cursor, limit + 1),
  ]);
  const merged = [...audit, ...log].sort(
    (a, b) =>
      (a.atText < b.atText ? 1 : a.atText > b.atText ? -1 : 0) ||
      ORDER.indexOf(a.source) - ORDER.indexOf(b.source) ||
      b.rowId - a.rowId,
  );
  const page = merged.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(({ atText: _at, rowId: _id, ...entry }) => entry),
    next: merged.length > limit && last ? { at: last.atText, source: last.source, id: last.rowId } : null,
  };
}
