import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import type {
  AdminPost,
  AdminPostPage,
  AdminPostSummary,
  UnseenPage,
  adminPostListQuerySchema,
  unseenQuerySchema,
} from '@staff-portal/shared/posts';
import { EVERYONE, postExcerpt, postStatus, type Audience } from '@staff-portal/shared/posts-rules';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { keptDirectory } from './posts-audience';
import { noSuchPost } from './posts-errors';
import {
  adminPostPage,
  adminPostTotal,
  attachmentsOf,
  audienceOf,
  findPost,
  postsStamp,
  readerIdsOf,
  readersAmong,
  receiptCountOf,
  type PostRow,
} from './posts.repository';

/** How long the admin pages' audience counts may be old. */
const AUDIENCE_TTL_MS = 30_000;
/** How many posts' "seen by N" a server remembers (decision record 0052): a few hundred kilobytes. */
const SEEN_KEPT = 20_000;
/** How many admin list filters' totals a server remembers (decision record 0059). */
const TOTALS_KEPT = 1_000;

const fingerprints = new WeakMap<string[], string>();
/** A short name for a list of accounts, the same exactly when the list is; worked out once per list the directory keeps. */
const fingerprintOf = (usernames: string[]) => {
  let fingerprint = fingerprints.get(usernames);
  if (fingerprint === undefined) {
    fingerprint = createHash('sha256').update(usernames.join('\n')).digest('base64url');
    fingerprints.set(usernames, fingerprint);
  }
  return fingerprint;
};

function summaryOf(
  row: PostRow,
  attachmentCount: number,
  seen: { readers: number; audience: number } | null,
  at: Date,
): AdminPostSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    excerpt: postExcerpt(row.body),
    audience: audienceOf(row),
    publishAt: row.publishAt?.toISOString() ?? null,
    expireAt: row.expireAt?.toISOString() ?? null,
    status: postStatus(row, at),
    pinned: row.pinned,
    emailAudience: row.emailAudience,
    emailedAt: row.mailQueuedAt?.toISOString() ?? null,
    emailRecipients: row.mailRecipients,
    authorName: row.authorName,
    lastEditorName: row.lastEditorName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    attachmentCount,
    seen,
  };
}

export interface PostAdminViewServiceOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  log: FastifyBaseLogger;
}

/**
 * What the admin pages read of posts (docs/product/screens.md §13, decision record 0048): every
 * post in any status, paged and counted, each "seen by N of M", and the audience's accounts that
 * have not opened one. The routes admit ADMIN only; every status is judged by the server's clock
 * (packages/shared/src/posts-rules.ts), which tests move.
 */
export function createPostAdminViewService({ database, identityAdmin, log }: PostAdminViewServiceOptions) {
  const { db } = database;
  /**
   * The directory the admin pages' counts read ("seen by N of M", who has not seen a post), shared
   * for AUDIENCE_TTL_MS and renewed in the background (keptDirectory). The publish e-mail asks afresh.
   */
  const counting = keptDirectory(identityAdmin, { ttlMs: AUDIENCE_TTL_MS, log, what: 'post audiences' });

  /**
   * "Seen by N" of each post as last counted, with what it was counted over: the post's receipt
   * count and the fingerprints of its audience's lists of accounts. Receipts are only ever added,
   * so while neither moves, N has not either (decision record 0052).
   */
  const seenCounted = new LRUCache<string, { over: string; readers: number }>({ max: SEEN_KEPT });

  /**
   * The admin list's totals as last counted, per filter, with the posts' version they were counted
   * under and the time they hold over (decision record 0059): a count over the posts costs a pass
   * over every row, and changes only when a post is written or a publish or expiry time passes.
   */
  const totalsCounted = new LRUCache<string, { version: number; from: number; until: number | null; total: number }>({
    max: TOTALS_KEPT,
  });

  /** "Seen by N of M" of each post (decision record 0048); null for all when the identity provider cannot be asked. */
  async function seenOf(
    rows: { post: PostRow; receiptCount: number }[],
  ): Promise<Map<string, { readers: number; audience: number }> | null> {
    const dir = counting.current();
    // Posts with the same audience share its count of accounts; the lists that make up the
    // audiences are each asked for, and sent to the database, once.
    const byAudience = new Map<string, { audience: Audience; posts: typeof rows }>();
    for (const row of rows) {
      const audience = audienceOf(row.post);
      const key = JSON.stringify(audience === EVERYONE ? audience : [...audience].sort());
      const group = byAudience.get(key) ?? { audience, posts: [] };
      group.posts.push(row);
      byAudience.set(key, group);
    }
    const lists = new Map<string, { usernames: string[]; fingerprint: string }>();
    let sized: { posts: typeof rows; names: string[]; size: number }[];
    try {
      sized = await Promise.all(
        [...byAudience.values()].map(async ({ audience, posts }) => {
          const [accounts, parts] = await Promise.all([dir.accountsOf(audience), dir.listsOf(audience)]);
          for (const part of parts) {
            if (lists.has(part.name)) continue;
            const usernames = await part.usernames();
            lists.set(part.name, { usernames, fingerprint: fingerprintOf(usernames) });
          }
          return { posts, names: parts.map((part) => part.name), size: accounts.length };
        }),
      );
    } catch (error) {
      // Asked again at the next request rather than remembering the failure.
      counting.forget();
      log.warn({ err: error }, 'post audiences not counted: the identity provider could not be asked');
      return null;
    }

    const seen = new Map<string, { readers: number; audience: number }>();
    const toCount: { postId: string; lists: string[]; over: string }[] = [];
    for (const { posts, names, size } of sized) {
      const fingerprints = names.map((name) => lists.get(name)!.fingerprint).join(' ');
      for (const { post, receiptCount } of posts) {
        const over = `${receiptCount} ${fingerprints}`;
        const counted = receiptCount === 0 ? { over, readers: 0 } : seenCounted.get(post.id);
        if (counted?.over === over) seen.set(post.id, { readers: counted.readers, audience: size });
        else toCount.push({ postId: post.id, lists: names, over });
      }
    }
    if (toCount.length > 0) {
      const needed = new Set(toCount.flatMap((post) => post.lists));
      const readers = await readersAmong(
        db,
        new Map([...lists].filter(([name]) => needed.has(name)).map(([name, list]) => [name, list.usernames])),
        toCount,
      );
      const sizeOf = new Map(sized.flatMap(({ posts, size }) => posts.map(({ post }) => [post.id, size])));
      for (const { postId, over } of toCount) {
        const n = readers.get(postId) ?? 0;
        // Counted over at least these receipts: a receipt added meanwhile raised the count, and a
        // later request, seeing the higher count, counts again.
        seenCounted.set(postId, { over, readers: n });
        seen.set(postId, { readers: n, audience: sizeOf.get(postId)! });
      }
    }
    return seen;
  }

  /** A post in any status, with its attachments and "seen by N of M": also what every admin write answers. */
  async function adminPost(id: string): Promise<AdminPost> {
    const [row, receiptCount] = await Promise.all([findPost(db, id), receiptCountOf(db, id)]);
    if (!row) throw noSuchPost();
    const [attachments, seen] = await Promise.all([attachmentsOf(db, id), seenOf([{ post: row, receiptCount }])]);
    return {
      ...summaryOf(row, attachments.length, seen?.get(id) ?? null, new Date()),
      body: row.body,
      authorId: row.authorId,
      lastEditorId: row.lastEditorId,
      attachments,
    };
  }

  return {
    async adminList(query: z.output<typeof adminPostListQuerySchema>): Promise<AdminPostPage> {
      const at = new Date();
      // The total is remembered per filter until a post is written or a publish or expiry time
      // passes (decision record 0059); the page is read every time.
      const [stamp, rows] = await Promise.all([postsStamp(db, at), adminPostPage(db, query, at)]);
      const key = JSON.stringify([query.q ?? null, query.kind ?? null, query.status ?? null, query.audience ?? null]);
      const counted = totalsCounted.get(key);
      let total: number;
      if (
        counted &&
        stamp.version !== null &&
        counted.version === stamp.version &&
        at.getTime() >= counted.from &&
        (counted.until === null || at.getTime() < counted.until)
      ) {
        total = counted.total;
      } else {
        total = await adminPostTotal(db, query, at);
        if (stamp.version !== null) {
          totalsCounted.set(key, { version: stamp.version, from: at.getTime(), until: stamp.until, total });
        }
      }
      const seen = await seenOf(rows);
      return {
        items: rows.map(({ post, attachmentCount }) =>
          summaryOf(post, attachmentCount, seen?.get(post.id) ?? null, at),
        ),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    adminPost,

    /** The accounts of the audience that have not opened the post, by name, then e-mail; paged. */
    async unseen(id: string, query: z.output<typeof unseenQuerySchema>): Promise<UnseenPage> {
      const row = await findPost(db, id);
      if (!row) throw noSuchPost();
      const [accounts, readers] = await Promise.all([
        counting
          .current()
          .accountsOf(audienceOf(row))
          .catch((error: unknown) => {
            counting.forget();
            throw error;
          }),
        readerIdsOf(db, id),
      ]);
      const waiting = accounts
        .filter((account) => !readers.has(account.username))
        .map((account) => ({ id: account.username, name: account.name, email: account.email }))
        .sort(
          (a, b) => (a.name ?? a.email).localeCompare(b.name ?? b.email, 'en') || a.email.localeCompare(b.email, 'en'),
        );
      const from = (query.page - 1) * query.pageSize;
      return {
        items: waiting.slice(from, from + query.pageSize),
        total: waiting.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}

export type PostAdminViewService = ReturnType<typeof createPostAdminViewService>;
