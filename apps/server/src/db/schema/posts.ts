import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, tsvector } from '../column-types';
import { SEARCH_GIN_STORAGE } from './gin';

/**
 * Announcements and staff information, one table (decision record 0048, docs/product/screens.md
 * §13). The status is not stored: it follows the clock from `publish_at` and `expire_at`
 * (packages/shared/src/posts-rules.ts). The audience is everyone, or the departments listed.
 */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['announcement', 'staffInfo'] }).notNull(),
    title: text('title').notNull(),
    /** Markdown, as written. */
    body: text('body').notNull(),
    audienceEveryone: boolean('audience_everyone').notNull(),
    /** The departments of the audience; empty exactly when it is everyone. */
    audienceDepartments: text('audience_departments')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Null: a draft. */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    pinned: boolean('pinned').notNull().default(false),
    /** Mail the audience once, when the post is first published. */
    emailAudience: boolean('email_audience').notNull().default(false),
    /** When the publish e-mail was queued in the outbox, and for how many: set once, never cleared. */
    mailQueuedAt: timestamp('mail_queued_at', { withTimezone: true }),
    mailRecipients: integer('mail_recipients'),
    /** Accounts by their `sub`, with the name they had then. */
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull(),
    lastEditorId: text('last_editor_id').notNull(),
    lastEditorName: text('last_editor_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The words of the title and text, for the admin lists' search (decision record 0052): kept
     * by the database, so a search reads them rather than working them out again for each post.
     */
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('simple', title || ' ' || body)`),
  },
  (t) => [
    check('posts_kind', sql`${t.kind} in ('announcement', 'staffInfo')`),
    check('posts_audience', sql`${t.audienceEveryone} = (cardinality(${t.audienceDepartments}) = 0)`),
    check(
      'posts_expire_after_publish',
      sql`${t.expireAt} is null or ${t.publishAt} is null or ${t.expireAt} > ${t.publishAt}`,
    ),
    // The readers' list: pinned first, then newest.
    index('posts_reader_order_idx').on(t.pinned, t.publishAt),
    index('posts_created_idx').on(t.createdAt, t.id),
    // The next publish and expiry times, until which a count of posts by status holds (decision
    // record 0059).
    index('posts_publish_at_idx').on(t.publishAt),
    index('posts_expire_at_idx').on(t.expireAt),
    // The admin lists' free text: words of the title or the text, by their starts (adminPostPage,
    // decision record 0052).
    index('posts_search_idx').using('gin', t.search).with(SEARCH_GIN_STORAGE),
    // The publish e-mails still to queue (modules/posts/posts-mail.ts claims them; posts-publish-mail.service.ts queues them).
    index('posts_mail_due_idx')
      .on(t.publishAt)
      .where(sql`${t.emailAudience} and ${t.mailQueuedAt} is null`),
  ],
);

/** A post's files (docs/product/files-mail-logs.md §1): deleted with the post. */
export const postAttachments = pgTable(
  'post_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
    /** The order the files were added in (files added together share a time). */
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('post_attachments_post_idx').on(t.postId, t.position)],
);

/** Read receipts: a reader's first view of a post, once (decision record 0048); deleted with the post. */
export const postReceipts = pgTable(
  'post_receipts',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** The reader's account `sub`. */
    readerId: text('reader_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.readerId] }), index('post_receipts_reader_idx').on(t.readerId)],
);

/**
 * How many read receipts each post has, kept by a trigger on `post_receipts` (migration 0023) for
 * every writer. Receipts are only ever added (or deleted with their post), so the count names the
 * set: the admin lists' "seen by N" is worked out again only when it moves (decision record 0052).
 * A table of its own, narrow, so a first view never rewrites the post's row and its text index.
 */
export const postReceiptCounts = pgTable('post_receipt_counts', {
  postId: uuid('post_id')
    .primaryKey()
    .references(() => posts.id, { onDelete: 'cascade' }),
  receipts: integer('receipts').notNull(),
});
