import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PostAttachment, PostSort } from '@staff-portal/shared/posts';
import { EVERYONE, type Audience, type PostKind, type PostStatus } from '@staff-portal/shared/posts-rules';
import type { Queryable, Transaction } from '../../db/client';
import { qualified } from '../../db/qualified';
import { dataVersions } from '../../db/schema/app';
import { textQuery } from '../../db/text-search';
import { postAttachments, postReceiptCounts, postReceipts, posts } from '../../db/schema/posts';
import type { CheckedAttachment } from '../../files/attachments';

/**
 * The posts tables (apps/server/src/db/schema/posts.ts) as plain queries over a database or a
 * transaction passed in. "Now" is always the caller's (the server's clock), never the database's
 * `now()`, so a post's status in SQL is the one packages/shared/src/posts-rules.ts computes.
 */

/**
 * A post's columns but its search document (kept for the admin lists' search only: a kilobyte a
 * post that nobody reads back).
 */
const { search: _search, ...postColumns } = getTableColumns(posts);
export type PostRow = Omit<typeof posts.$inferSelect, 'search'>;
export type NewPostRow = typeof posts.$inferInsert;

/** The audience of a row, as the API gives it. */
export const audienceOf = (
  row: Pick<PostRow, 'audienceEveryone' | 'audienceDepartments'>,
): typeof EVERYONE | string[] => (row.audienceEveryone ? EVERYONE : row.audienceDepartments);

/** An audience as the row keeps it. */
export const audienceColumns = (audience: Audience) =>
  audience === EVERYONE
    ? { audienceEveryone: true, audienceDepartments: [] }
    : { audienceEveryone: false, audienceDepartments: [...audience] };

/** `postStatus(post, now) = status` in SQL (packages/shared/src/posts-rules.ts). */
export function statusIs(status: PostStatus, now: Date): SQL {
  switch (status) {
    case 'draft':
      return isNull(posts.publishAt);
    case 'scheduled':
      return gt(posts.publishAt, now);
    case 'expired':
      return and(lte(posts.publishAt, now), lte(posts.expireAt, now))!;
    case 'published':
      return and(lte(posts.publishAt, now), or(isNull(posts.expireAt), gt(posts.expireAt, now)))!;
  }
}

/**
 * Posts whose audience holds a reader with these audience keys (audienceKeys in posts-rules). A
 * reader in no department is in everyone's audience only (Drizzle refuses an empty overlap).
 */
const audienceHolds = (keys: string[]) =>
  keys.length === 0
    ? eq(posts.audienceEveryone, true)
    : or(eq(posts.audienceEveryone, true), arrayOverlaps(posts.audienceDepartments, keys))!;

/** What a reader may see: published now, and they are in its audience (docs/product/access.md §3). */
export const visibleTo = (keys: string[], now: Date) => and(statusIs('published', now), audienceHolds(keys))!;

/** The outer post's id inside the subqueries beside it (its files, its receipts). */
const postsId = qualified(posts, posts.id);
const attachmentCount = sql<number>`(select count(*) from ${postAttachments} where ${postAttachments.postId} = ${postsId})::int`;
/** A post's read receipts, as the trigger of migration 0023 counts them (0 before the first). */
const receiptCount = sql<number>`coalesce((select ${postReceiptCounts.receipts} from ${postReceiptCounts} where ${postReceiptCounts.postId} = ${postsId}), 0)`;

export async function findPost(db: Queryable, id: string): Promise<PostRow | undefined> {
  const [row] = await db.select(postColumns).from(posts).where(eq(posts.id, id)).limit(1);
  return row;
}

/** The post, locked until the transaction ends, so two admins' writes take their turns. */
export async function lockPost(tx: Transaction, id: string): Promise<PostRow | undefined> {
  const [row] = await tx.select(postColumns).from(posts).where(eq(posts.id, id)).for('update');
  return row;
}

export async function insertPost(tx: Transaction, row: NewPostRow): Promise<PostRow> {
  const [inserted] = await tx.insert(posts).values(row).returning(postColumns);
  return inserted!;
}

export async function updatePost(tx: Transaction, id: string, set: Partial<NewPostRow>): Promise<PostRow> {
  const [updated] = await tx.update(posts).set(set).where(eq(posts.id, id)).returning(postColumns);
  return updated!;
}

export async function deletePost(tx: Transaction, id: string): Promise<void> {
  // Its attachments and receipts go with it (ON DELETE CASCADE).
  await tx.delete(posts).where(eq(posts.id, id));
}

export interface AdminPostFilter {
  q?: string | undefined;
  kind?: PostKind | undefined;
  status?: PostStatus | undefined;
  /** `everyone`, or a department the audience names. */
  audience?: string | undefined;
  sort?: PostSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  pageSize: number;
}

/**
 * The admin list's order (adminPostListQuerySchema): the column, then the post's id so that pages
 * never share or skip a row. Titles and authors sort regardless of case, letter by letter ("C"),
 * the same on PGlite and PostgreSQL; posts with no publish time come last either way.
 */
function adminOrder(sort: PostSort = 'created', order: 'asc' | 'desc' = sort === 'created' ? 'desc' : 'asc') {
  const direction = order === 'desc' ? desc : asc;
  switch (sort) {
    case 'created':
      return [direction(posts.createdAt), direction(posts.id)];
    case 'title':
      return [direction(sql`lower(${posts.title}) collate "C"`), direction(posts.id)];
    case 'author':
      return [direction(sql`lower(${posts.authorName}) collate "C"`), desc(posts.createdAt), direction(posts.id)];
    case 'publishAt':
      return [
        order === 'desc' ? sql`${posts.publishAt} desc nulls last` : sql`${posts.publishAt} asc nulls last`,
        direction(posts.id),
      ];
  }
}

/**
 * The admin list's conditions: the words of title and text searched by their starts, filters. A
 * search of punctuation alone searches nothing.
 */
function adminWhere(filter: AdminPostFilter, now: Date) {
  const query = filter.q === undefined ? undefined : textQuery(filter.q);
  return and(
    query === undefined ? undefined : sql`${posts.search} @@ ${query}`,
    filter.kind ? eq(posts.kind, filter.kind) : undefined,
    filter.status ? statusIs(filter.status, now) : undefined,
    filter.audience === undefined
      ? undefined
      : filter.audience === EVERYONE
        ? eq(posts.audienceEveryone, true)
        : sql`${filter.audience} = any(${posts.audienceDepartments})`,
  );
}

/** A page of the admin list, newest first unless another order is asked for. */
export function adminPostPage(db: Queryable, filter: AdminPostFilter, now: Date) {
  return db
    .select({ post: postColumns, attachmentCount, receiptCount })
    .from(posts)
    .where(adminWhere(filter, now))
    .orderBy(...adminOrder(filter.sort, filter.order))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
}

/** How many posts the admin list's conditions take in (one pass over the posts, or the search's matches). */
export async function adminPostTotal(db: Queryable, filter: AdminPostFilter, now: Date): Promise<number> {
  const [total] = await db.select({ n: count() }).from(posts).where(adminWhere(filter, now));
  return total!.n;
}

/**
 * The posts' data version (migration 0024) and the next publish or expiry time of any post after
 * `now` (null: none ahead; by their indexes, migration 0026), in one statement: until the version
 * moves or that time comes, every post keeps its status (decision record 0059).
 */
export async function postsStamp(db: Queryable, now: Date): Promise<{ version: number | null; until: number | null }> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select
      (select ${dataVersions.version} from ${dataVersions} where ${dataVersions.domain} = 'posts') as version,
      (select min(${posts.publishAt}) from ${posts} where ${posts.publishAt} > ${at}::timestamptz) as publish,
      (select min(${posts.expireAt}) from ${posts} where ${posts.expireAt} > ${at}::timestamptz) as expiry`);
  // Both drivers answer raw statements with `rows`; times come back as text or Date, a bigint as text or number.
  const [row] = (result as { rows: { version: unknown; publish: unknown; expiry: unknown }[] }).rows;
  const time = (value: unknown) =>
    value === null || value === undefined ? null : new Date(value as string | Date).getTime();
  const ahead = [time(row!.publish), time(row!.expiry)].filter((t): t is number => t !== null);
  return {
    version: row!.version === null || row!.version === undefined ? null : Number(row!.version),
    until: ahead.length === 0 ? null : Math.min(...ahead),
  };
}

export type Reader = { id: string; keys: string[] };

/** A page of a reader's published posts, pinned first, then newest, each marked read or not. */
export function readerPostPage(
  db: Queryable,
  reader: Reader,
  filter: { kind?: PostKind | undefined; page: number; pageSize: number },
  now: Date,
) {
  const read = sql<boolean>`exists (select 1 from ${postReceipts} where ${postReceipts.postId} = ${postsId} and ${postReceipts.readerId} = ${reader.id})`;
  return db
    .select({ post: postColumns, attachmentCount, read })
    .from(posts)
    .where(and(visibleTo(reader.keys, now), filter.kind ? eq(posts.kind, filter.kind) : undefined))
    .orderBy(desc(posts.pinned), desc(posts.publishAt), desc(posts.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
}

/** The posts' data version (migration 0024): raised by every transaction that writes `posts`. */
export async function postsVersion(db: Queryable): Promise<number | null> {
  const [row] = await db
    .select({ version: dataVersions.version })
    .from(dataVersions)
    .where(eq(dataVersions.domain, 'posts'));
  return row?.version ?? null;
}

/**
 * What a reader's answers depend on besides the posts' rows and the clock, in one statement
 * (decision record 0059): the posts' and the leave data's versions (migrations 0024 and 0011) and
 * how many receipts the reader has (by the receipts' reader index). Receipts are only ever added,
 * or deleted with their post (which raises the posts' version), so their number names them.
 */
export async function readerStamp(
  db: Queryable,
  readerId: string,
): Promise<{ posts: number | null; leave: number | null; receipts: number }> {
  const result = await db.execute<{ posts: string | null; leave: string | null; receipts: number }>(sql`
    select
      (select ${dataVersions.version} from ${dataVersions} where ${dataVersions.domain} = 'posts') as posts,
      (select ${dataVersions.version} from ${dataVersions} where ${dataVersions.domain} = 'leave') as leave,
      (select count(*) from ${postReceipts} where ${postReceipts.readerId} = ${readerId})::int as receipts`);
  // Both drivers answer raw statements with `rows`; a bigint comes back as a string or a number.
  const [row] = (result as { rows: { posts: unknown; leave: unknown; receipts: number }[] }).rows;
  const version = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return { posts: version(row!.posts), leave: version(row!.leave), receipts: Number(row!.receipts) };
}

/**
 * How many published posts of each kind readers with these audience keys may see at `now`, and
 * until when that holds for certain: the next publish or expiry time of any post (null: none
 * ahead). One pass over the posts.
 */
export async function visiblePostCounts(db: Queryable, keys: string[], now: Date) {
  const visibleOf = (kind: PostKind) => and(eq(posts.kind, kind), visibleTo(keys, now));
  const [row] = await db
    .select({
      announcement: sql<number>`(count(*) filter (where ${visibleOf('announcement')}))::int`,
      staffInfo: sql<number>`(count(*) filter (where ${visibleOf('staffInfo')}))::int`,
      nextPublish: sql<Date | null>`min(${posts.publishAt}) filter (where ${gt(posts.publishAt, now)})`.mapWith(
        posts.publishAt,
      ),
      nextExpiry: sql<Date | null>`min(${posts.expireAt}) filter (where ${gt(posts.expireAt, now)})`.mapWith(
        posts.expireAt,
      ),
    })
    .from(posts);
  const ahead = [row!.nextPublish, row!.nextExpiry].filter((at): at is Date => at !== null);
  return {
    counts: { announcement: row!.announcement, staffInfo: row!.staffInfo } satisfies Record<PostKind, number>,
    until: ahead.length === 0 ? null : new Date(Math.min(...ahead.map((at) => at.getTime()))),
  };
}

/**
 * How many of the posts a reader may see now they have opened, by kind: their own receipts (a few
 * hundred at most, by the receipts' reader index), each post found by its key.
 */
export async function readVisibleCounts(db: Queryable, reader: Reader, now: Date): Promise<Record<PostKind, number>> {
  const rows = await db
    .select({ kind: posts.kind, n: count() })
    .from(postReceipts)
    .innerJoin(posts, eq(posts.id, postReceipts.postId))
    .where(and(eq(postReceipts.readerId, reader.id), visibleTo(reader.keys, now)))
    .groupBy(posts.kind);
  const read = { announcement: 0, staffInfo: 0 };
  for (const row of rows) read[row.kind] = row.n;
  return read;
}

/** One post a reader may see now, if it is one. */
export async function findVisiblePost(db: Queryable, id: string, keys: string[], now: Date) {
  const [row] = await db
    .select(postColumns)
    .from(posts)
    .where(and(eq(posts.id, id), visibleTo(keys, now)))
    .limit(1);
  return row;
}

/** Records a reader's first view of a post (later views change nothing) and answers when that was. */
export async function recordReceipt(db: Queryable, postId: string, readerId: string): Promise<Date> {
  await db.insert(postReceipts).values({ postId, readerId }).onConflictDoNothing();
  const [row] = await db
    .select({ readAt: postReceipts.readAt })
    .from(postReceipts)
    .where(and(eq(postReceipts.postId, postId), eq(postReceipts.readerId, readerId)));
  return row!.readAt;
}

/** The accounts that have opened a post. */
export async function readerIdsOf(db: Queryable, postId: string): Promise<Set<string>> {
  const rows = await db
    .select({ readerId: postReceipts.readerId })
    .from(postReceipts)
    .where(eq(postReceipts.postId, postId));
  return new Set(rows.map((row) => row.readerId));
}

/**
 * How many of its audience's accounts have opened each post, in one query. `lists` names lists of
 * accounts (`everyone`'s, or a group's); each post of `page` names the lists that make up its
 * audience. An account in two of a post's lists is counted once.
 */
export async function readersAmong(
  db: Queryable,
  lists: Map<string, string[]>,
  page: { postId: string; lists: string[] }[],
): Promise<Map<string, number>> {
  if (page.length === 0) return new Map();
  // Each list is bound once as one array parameter, however many posts name it.
  const named =
    lists.size === 0
      ? sql`select null::text, null::text[] where false`
      : sql`values ${sql.join(
          [...lists].map(([name, usernames]) => sql`(${name}::text, ${sql.param(usernames)}::text[])`),
          sql`, `,
        )}`;
  const posts = sql.join(
    page.map(({ postId, lists: names }) => sql`(${postId}::uuid, ${sql.param(names)}::text[])`),
    sql`, `,
  );
  // The receipts of the page's posts (by the primary key's post_id), matched to the lists'
  // accounts by a hash join: never one index probe per post and account.
  const result = await db.execute<{ post_id: string; n: number }>(sql`
    with lists(name, accounts) as (${named}),
      members as (select name, unnest(accounts) as account_id from lists),
      page(post_id, names) as (values ${posts})
    select page.post_id, count(distinct members.account_id)::int as n
    from page
    left join ${postReceipts} on ${postReceipts.postId} = page.post_id
    left join members on members.account_id = ${postReceipts.readerId} and members.name = any(page.names)
    group by page.post_id`);
  // Both drivers answer raw statements with `rows`.
  return new Map((result as { rows: { post_id: string; n: number }[] }).rows.map((row) => [row.post_id, row.n]));
}

/** How many readers have opened a post (the count the trigger of migration 0023 keeps). */
export async function receiptCountOf(db: Queryable, postId: string): Promise<number> {
  const [row] = await db
    .select({ n: postReceiptCounts.receipts })
    .from(postReceiptCounts)
    .where(eq(postReceiptCounts.postId, postId));
  return row?.n ?? 0;
}

// Attachments ------------------------------------------------------------------------------------

const attachmentView = {
  id: postAttachments.id,
  fileName: postAttachments.fileName,
  contentType: postAttachments.contentType,
  size: postAttachments.size,
};

/** A post's files (without their bytes), in the order they were added. */
export async function attachmentsOf(db: Queryable, postId: string): Promise<PostAttachment[]> {
  return db
    .select(attachmentView)
    .from(postAttachments)
    .where(eq(postAttachments.postId, postId))
    .orderBy(asc(postAttachments.position), asc(postAttachments.id));
}

/** Adds files after the post's others, in the order given. */
export async function insertAttachments(tx: Transaction, postId: string, files: CheckedAttachment[]) {
  if (files.length === 0) return [];
  const [last] = await tx
    .select({ position: sql<number>`coalesce(max(${postAttachments.position}), 0)`.mapWith(Number) })
    .from(postAttachments)
    .where(eq(postAttachments.postId, postId));
  return tx
    .insert(postAttachments)
    .values(
      files.map((file, index) => ({
        postId,
        fileName: file.name,
        contentType: file.mime,
        size: file.size,
        data: file.data,
        position: last!.position + index + 1,
      })),
    )
    .returning(attachmentView);
}

/** Copies every file of one post to another (duplicating a post), in the database. */
export async function copyAttachments(tx: Transaction, fromPostId: string, toPostId: string) {
  await tx.execute(sql`
    insert into ${postAttachments} (post_id, file_name, content_type, size, data, position, created_at)
    select ${toPostId}, file_name, content_type, size, data, position, created_at from ${postAttachments}
    where post_id = ${fromPostId}`);
}

export async function deleteAttachment(tx: Transaction, postId: string, attachmentId: string) {
  const [row] = await tx
    .delete(postAttachments)
    .where(and(eq(postAttachments.postId, postId), eq(postAttachments.id, attachmentId)))
    .returning(attachmentView);
  return row;
}

/** One file of a post with its bytes. */
export async function attachmentFile(db: Queryable, postId: string, attachmentId: string) {
  const [row] = await db
    .select({
      fileName: postAttachments.fileName,
      contentType: postAttachments.contentType,
      data: postAttachments.data,
    })
    .from(postAttachments)
    .where(and(eq(postAttachments.postId, postId), eq(postAttachments.id, attachmentId)))
    .limit(1);
  return row;
}

// The publish e-mail --------------------------------------------------------------------------------

/** When the publish e-mail is due: the post asks for it, none was queued, and it is published at `now`. */
const mailDue = (now: Date) =>
  and(
    eq(posts.emailAudience, true),
    isNull(posts.mailQueuedAt),
    isNotNull(posts.publishAt),
    statusIs('published', now),
  )!;

/** The posts whose publish e-mail fell due and was not queued yet, the longest due first. */
export async function postsDueForMail(db: Queryable, now: Date, limit: number): Promise<PostRow[]> {
  return db
    .select(postColumns)
    .from(posts)
    .where(mailDue(now))
    .orderBy(asc(posts.publishAt), asc(posts.id))
    .limit(limit);
}

/**
 * Marks a post's publish e-mail as queued, if it is still due and its audience is still the one
 * of `seen`, the one the recipients were found for. True for the one
 * caller that marks it: only that caller queues the messages, in the same transaction, so the
 * e-mail is queued exactly once whichever servers try at once.
 */
export async function claimPostMail(tx: Transaction, seen: PostRow, now: Date, recipients: number): Promise<boolean> {
  const rows = await tx
    .update(posts)
    .set({ mailQueuedAt: now, mailRecipients: recipients })
    .where(
      and(
        eq(posts.id, seen.id),
        eq(posts.audienceEveryone, seen.audienceEveryone),
        eq(posts.audienceDepartments, seen.audienceDepartments),
        mailDue(now),
      ),
    )
    .returning({ id: posts.id });
  return rows.length === 1;
}
