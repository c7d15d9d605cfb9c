import type { z } from 'zod';
import type {
  ReaderPost,
  ReaderPostPage,
  ReaderPostSummary,
  readerPostListQuerySchema,
} from '@staff-portal/shared/posts';
import { audienceKeys, postExcerpt } from '@staff-portal/shared/posts-rules';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { noSuchAttachment, noSuchPost } from './posts-errors';
import { readerAnswer } from './reader-answers';
import { readerCounts } from './reader-counts';
import { attachmentFile, attachmentsOf, findVisiblePost, readerPostPage, recordReceipt } from './posts.repository';

/** A row of the readers' list as the readers' lists show it: `GET /posts` and Home. */
export function readerSummaryOf({
  post,
  attachmentCount,
  read,
}: Awaited<ReturnType<typeof readerPostPage>>[number]): ReaderPostSummary {
  return {
    id: post.id,
    kind: post.kind,
    title: post.title,
    excerpt: postExcerpt(post.body),
    // Only published posts are listed to readers, and a published post has its publish time.
    publishAt: post.publishAt!.toISOString(),
    expireAt: post.expireAt?.toISOString() ?? null,
    pinned: post.pinned,
    authorName: post.authorName,
    attachmentCount,
    read,
  };
}

/**
 * Reading posts (docs/product/screens.md §2 and §13, decision record 0048): a signed-in reader sees
 * the published posts of their audience only, each marked read or not, and opening one records
 * their first view; any other post is not found (posts-errors). Published means by the server's
 * clock (packages/shared/src/posts-rules.ts), which tests move.
 */
export function createPostReadingService({ database }: { database: Database }) {
  const { db } = database;

  return {
    /** The published posts of my audience, pinned first, then newest; each marked read or not. */
    async readerList(user: TokenUser, query: z.output<typeof readerPostListQuerySchema>): Promise<ReaderPostPage> {
      const reader = { id: user.sub, keys: audienceKeys(user.groups) };
      const at = new Date();
      // Kept until a post is written, a publish or expiry time passes or the reader opens a post
      // (decision record 0059).
      return readerAnswer(database, reader, {
        key: JSON.stringify(['posts', query.kind ?? null, query.page, query.pageSize]),
        now: at,
        compute: async () => {
          const [rows, counts] = await Promise.all([
            readerPostPage(db, reader, query, at),
            readerCounts(database, reader, at),
          ]);
          const of = query.kind ? [counts[query.kind]] : [counts.announcement, counts.staffInfo];
          const value: ReaderPostPage = {
            items: rows.map(readerSummaryOf),
            total: of.reduce((sum, c) => sum + c.total, 0),
            page: query.page,
            pageSize: query.pageSize,
            unread: of.reduce((sum, c) => sum + c.unread, 0),
          };
          return { value, until: counts.until };
        },
      });
    },

    /** One post I may read; opening it records my first view. Any other post is not found. */
    async readerPost(user: TokenUser, id: string): Promise<ReaderPost> {
      const row = await findVisiblePost(db, id, audienceKeys(user.groups), new Date());
      if (!row) throw noSuchPost();
      const [readAt, attachments] = await Promise.all([recordReceipt(db, id, user.sub), attachmentsOf(db, id)]);
      return {
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        publishAt: row.publishAt!.toISOString(),
        expireAt: row.expireAt?.toISOString() ?? null,
        pinned: row.pinned,
        authorName: row.authorName,
        attachments,
        readAt: readAt.toISOString(),
      };
    },

    /** A file of a post I may read; ADMIN may fetch those of every post (to check a draft). */
    async attachment(caller: Caller, id: string, attachmentId: string) {
      if (!caller.isAdmin && !(await findVisiblePost(db, id, audienceKeys(caller.user.groups), new Date()))) {
        throw noSuchPost();
      }
      const file = await attachmentFile(db, id, attachmentId);
      if (!file) throw noSuchAttachment();
      return { data: file.data, name: file.fileName, mime: file.contentType };
    },
  };
}

export type PostReadingService = ReturnType<typeof createPostReadingService>;
