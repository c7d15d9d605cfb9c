import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { notFound, validationError } from '@staff-portal/shared/errors';
import {
  MAX_POST_ATTACHMENTS,
  type AdminPost,
  type AdminPostPage,
  type AdminPostSummary,
  type ReaderPost,
  type ReaderPostPage,
  type ReaderPostSummary,
  type UnseenPage,
  type adminPostListQuerySchema,
  type postInputSchema,
  type readerPostListQuerySchema,
  type unseenQuerySchema,
} from '@staff-portal/shared/posts';
import {
  EVERYONE,
  audienceKeys,
  postDepartments,
  postExcerpt,
  postStatus,
  type Audience,
} from '@staff-portal/shared/posts-rules';
import { tokenUserName, type TokenUser } from '../../auth/token-verifier';
import type { Database, Transaction } from '../../db/client';
import { checkAttachment, type Attachment } from '../../files/attachments';
import type { Caller } from '../../plugins/auth';
import type { IdentityAdmin } from '../access-control/identity-admin';
import { recordAuditBy, type AuditActor } from '../audit/audit.repository';
import { deliverAfterCommit, type Mailer, type SendEmail } from '../../mail/outbox-mail';
import { audienceDirectory, keptDirectory, type AudienceDirectory } from './posts-audience';
import { addressesOf, queuePublishMail } from './posts-mail';
import { readerAnswer } from './reader-answers';
import { readerCounts } from './reader-counts';
import {
  attachmentFile,
  attachmentsOf,
  audienceColumns,
  audienceOf,
  copyAttachments,
  deleteAttachment,
  deletePost,
  findPost,
  findVisiblePost,
  insertAttachments,
  insertPost,
  adminPostPage,
  adminPostTotal,
  lockPost,
  postsDueForMail,
  postsStamp,
  readerIdsOf,
  readerPostPage,
  readersAmong,
  receiptCountOf,
  recordReceipt,
  updatePost,
  type PostRow,
} from './posts.repository';

export interface PostsModuleOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  /** The organisation's own department (`ORG_DEPARTMENT`), which an audience may name. */
  orgDepartment: string;
  publicUrl: string;
  sendEmail: SendEmail | undefined;
  /** How often publish e-mails that fell due are looked for (posts-mail loop); a minute unless a test says. */
  mailIntervalMs?: number | undefined;
}

type PostInput = z.output<typeof postInputSchema>;

/** The audit trail's area of every post change (decision record 0038). */
const AREA = 'posts';
/** How many posts whose e-mail fell due one round of the loop queues. */
const MAIL_BATCH = 20;
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

const iso = (value: Date | null) => (value === null ? null : value.toISOString());

/** What the audit trail keeps of a post: everything an admin can change, the text included. */
function stateOf(row: PostRow) {
  return {
    kind: row.kind,
    title: row.title,
    body: row.body,
    audience: audienceOf(row),
    publishAt: iso(row.publishAt),
    expireAt: iso(row.expireAt),
    pinned: row.pinned,
    emailAudience: row.emailAudience,
  };
}

const noSuchPost = () => notFound('There is no such post.');

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
    expireAt: iso(post.expireAt),
    pinned: post.pinned,
    authorName: post.authorName,
    attachmentCount,
    read,
  };
}

/**
 * Announcements and staff information (docs/product/screens.md §2 and §13, decision record
 * 0048). The admin functions (ADMIN, checked by the routes) write one transaction each, with its
 * audit entry (area `posts`); readers see the published posts of their audience only, and any
 * other post is "not found" to them, so nothing about it is revealed (docs/product/access.md §3).
 */
export function createPostsService(options: PostsModuleOptions, log: FastifyBaseLogger) {
  const { db } = options.database;
  // The server's clock decides every status (packages/shared/src/posts-rules.ts); tests move it.
  const now = () => new Date();
  const departments = new Set(postDepartments(options.orgDepartment));
  const mailer: Mailer = { sendEmail: options.sendEmail, publicUrl: options.publicUrl, log };
  const willSend = Boolean(options.sendEmail);
  const directory = () => audienceDirectory(options.identityAdmin);
  /**
   * The directory the admin pages' counts read ("seen by N of M", who has not seen a post), shared
   * for AUDIENCE_TTL_MS and renewed in the background (keptDirectory). The publish e-mail asks afresh.
   */
  const counting = keptDirectory(options.identityAdmin, { ttlMs: AUDIENCE_TTL_MS, log, what: 'post audiences' });
  const countingDirectory = () => counting.current();

  /** An audience naming only the organisation's departments (docs/product/access.md §1), or a 400 naming the one that is not. */
  function checkedAudience(audience: Audience): Audience {
    if (audience === EVERYONE) return audience;
    audience.forEach((department, index) => {
      if (!departments.has(department)) {
        throw validationError(
          `audience.${index}: there is no department ${department}`,
          `audience.${index}`,
          'noSuchDepartment',
          { code: department },
        );
      }
    });
    return audience;
  }

  /** Whether the post, as it will be, is published now and asks for the e-mail. */
  const mailDueFor = (post: { emailAudience: boolean; publishAt: Date | null; expireAt: Date | null }, at: Date) =>
    post.emailAudience && postStatus(post, at) === 'published';

  /**
   * The addresses of an audience, asked of the identity provider before a transaction opens (the
   * embedded provider shares the database, and PGlite has one connection).
   */
  async function addressesFor(audience: Audience, dir: AudienceDirectory = directory()) {
    return addressesOf(await dir.accountsOf(audience));
  }

  /**
   * The addresses for a write that publishes a post asking for the e-mail. When the identity
   * provider cannot be asked, the write goes on without them: its e-mail is still due, and the
   * mail loop queues it at its next round.
   */
  async function addressesForWrite(audience: Audience) {
    try {
      return await addressesFor(audience);
    } catch (error) {
      log.warn({ err: error }, 'post e-mail left to the mail loop: the identity provider could not be asked');
      return undefined;
    }
  }

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
    const dir = countingDirectory();
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
      publishAt: iso(row.publishAt),
      expireAt: iso(row.expireAt),
      status: postStatus(row, at),
      pinned: row.pinned,
      emailAudience: row.emailAudience,
      emailedAt: iso(row.mailQueuedAt),
      emailRecipients: row.mailRecipients,
      authorName: row.authorName,
      lastEditorName: row.lastEditorName,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      attachmentCount,
      seen,
    };
  }

  async function adminPost(id: string): Promise<AdminPost> {
    const [row, receiptCount] = await Promise.all([findPost(db, id), receiptCountOf(db, id)]);
    if (!row) throw noSuchPost();
    const [attachments, seen] = await Promise.all([attachmentsOf(db, id), seenOf([{ post: row, receiptCount }])]);
    return {
      ...summaryOf(row, attachments.length, seen?.get(id) ?? null, now()),
      body: row.body,
      authorId: row.authorId,
      lastEditorId: row.lastEditorId,
      attachments,
    };
  }

  async function lockedOrNotFound(tx: Transaction, id: string): Promise<PostRow> {
    const row = await lockPost(tx, id);
    if (!row) throw noSuchPost();
    return row;
  }

  const editedBy = (user: TokenUser, at: Date) => ({
    lastEditorId: user.sub,
    lastEditorName: tokenUserName(user),
    updatedAt: at,
  });

  const columnsOf = (input: PostInput) => ({
    kind: input.kind,
    title: input.title,
    body: input.body,
    ...audienceColumns(input.audience),
    publishAt: input.publishAt === null ? null : new Date(input.publishAt),
    expireAt: input.expireAt === null ? null : new Date(input.expireAt),
    pinned: input.pinned,
    emailAudience: input.emailAudience,
  });

  return {
    // Admin ----------------------------------------------------------------------------------------

    async adminList(query: z.output<typeof adminPostListQuerySchema>): Promise<AdminPostPage> {
      const at = now();
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

    /**
     * A new post, with the files chosen for it (checked as addAttachments checks them). Published
     * now and asking for it, its audience is mailed in the same transaction, after its files are
     * stored: the e-mail never goes before the post is whole (issue 34, item 17).
     */
    async create(actor: AuditActor, input: PostInput, files: Attachment[] = []): Promise<AdminPost> {
      const audience = checkedAudience(input.audience);
      if (files.length > MAX_POST_ATTACHMENTS) {
        throw validationError(
          `attachments: a post holds at most ${MAX_POST_ATTACHMENTS} files.`,
          'attachments',
          'tooManyAttachments',
          { maximum: MAX_POST_ATTACHMENTS },
        );
      }
      const checked = files.map((file) => checkAttachment(file, 'attachments'));
      const at = now();
      const columns = columnsOf(input);
      const addresses = mailDueFor(columns, at) ? await addressesForWrite(audience) : undefined;
      const { id, mails } = await db.transaction(async (tx) => {
        const row = await insertPost(tx, {
          ...columns,
          authorId: actor.user.sub,
          authorName: tokenUserName(actor.user),
          ...editedBy(actor.user, at),
          createdAt: at,
        });
        const added = await insertAttachments(tx, row.id, checked);
        const mails = addresses ? await queuePublishMail(tx, row, addresses, { now: at, ...mailOptions() }) : null;
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.create',
          target: row.id,
          targetLabel: row.title,
          after: { ...stateOf(row), ...(mails ? { emailed: mails.length } : {}) },
        });
        if (added.length > 0) {
          await recordAuditBy(tx, actor, {
            area: AREA,
            action: 'attachment.add',
            target: row.id,
            targetLabel: row.title,
            after: { attachments: added.map((file) => ({ id: file.id, fileName: file.fileName, size: file.size })) },
          });
        }
        return { id: row.id, mails: mails ?? [] };
      });
      void deliverAfterCommit(db, mails, mailer);
      return adminPost(id);
    },

    /** The whole post replaced; its receipts and attachments stay. The e-mail goes once at most, ever. */
    async update(actor: AuditActor, id: string, input: PostInput): Promise<AdminPost> {
      const audience = checkedAudience(input.audience);
      const at = now();
      const columns = columnsOf(input);
      // Read before the transaction only to know whether to ask for the addresses; the claim inside decides.
      const current = await findPost(db, id);
      if (!current) throw noSuchPost();
      const addresses =
        current.mailQueuedAt === null && mailDueFor(columns, at) ? await addressesForWrite(audience) : undefined;
      const mails = await db.transaction(async (tx) => {
        const before = await lockedOrNotFound(tx, id);
        const after = await updatePost(tx, id, { ...columns, ...editedBy(actor.user, at) });
        const mails = addresses ? await queuePublishMail(tx, after, addresses, { now: at, ...mailOptions() }) : null;
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.update',
          target: id,
          targetLabel: after.title,
          before: stateOf(before),
          after: { ...stateOf(after), ...(mails ? { emailed: mails.length } : {}) },
        });
        return mails ?? [];
      });
      void deliverAfterCommit(db, mails, mailer);
      return adminPost(id);
    },

    /** Back to a draft: no publish time. A draft already is answered as it is, and nothing is written. */
    async unpublish(actor: AuditActor, id: string): Promise<AdminPost> {
      const at = now();
      await db.transaction(async (tx) => {
        const before = await lockedOrNotFound(tx, id);
        if (before.publishAt === null) return;
        const after = await updatePost(tx, id, { publishAt: null, ...editedBy(actor.user, at) });
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.unpublish',
          target: id,
          targetLabel: after.title,
          before: { publishAt: iso(before.publishAt), status: postStatus(before, at) },
          after: { publishAt: null, status: 'draft' },
        });
      });
      return adminPost(id);
    },

    /** Deletes the post with its attachments and read receipts. */
    async remove(actor: AuditActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockedOrNotFound(tx, id);
        const [attachments, receipts] = await Promise.all([attachmentsOf(tx, id), receiptCountOf(tx, id)]);
        await deletePost(tx, id);
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.delete',
          target: id,
          targetLabel: before.title,
          before: {
            ...stateOf(before),
            attachments: attachments.map((file) => file.fileName),
            receipts,
          },
        });
      });
    },

    /** A copy as a new draft of the caller's, with copies of the attachments; no times, receipts or e-mail sent. */
    async duplicate(actor: AuditActor, id: string): Promise<AdminPost> {
      const at = now();
      const copyId = await db.transaction(async (tx) => {
        const source = await lockedOrNotFound(tx, id);
        const copy = await insertPost(tx, {
          kind: source.kind,
          title: source.title,
          body: source.body,
          audienceEveryone: source.audienceEveryone,
          audienceDepartments: source.audienceDepartments,
          publishAt: null,
          expireAt: null,
          pinned: source.pinned,
          emailAudience: source.emailAudience,
          authorId: actor.user.sub,
          authorName: tokenUserName(actor.user),
          ...editedBy(actor.user, at),
          createdAt: at,
        });
        await copyAttachments(tx, id, copy.id);
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.duplicate',
          target: copy.id,
          targetLabel: copy.title,
          after: { ...stateOf(copy), copiedFrom: id },
        });
        return copy.id;
      });
      return adminPost(copyId);
    },

    /** Adds files (PDF, JPEG, PNG ≤ 5 MB, checked by content: docs/product/files-mail-logs.md §1), up to the post's limit. */
    async addAttachments(actor: AuditActor, id: string, files: Attachment[]): Promise<AdminPost> {
      if (files.length === 0) {
        throw validationError('attachments: send at least one file.', 'attachments', 'required');
      }
      const checked = files.map((file) => checkAttachment(file, 'attachments'));
      const at = now();
      await db.transaction(async (tx) => {
        const post = await lockedOrNotFound(tx, id);
        const existing = await attachmentsOf(tx, id);
        if (existing.length + checked.length > MAX_POST_ATTACHMENTS) {
          throw validationError(
            `attachments: a post holds at most ${MAX_POST_ATTACHMENTS} files; it has ${existing.length}.`,
            'attachments',
            'tooManyAttachments',
            { maximum: MAX_POST_ATTACHMENTS },
          );
        }
        const added = await insertAttachments(tx, id, checked);
        await updatePost(tx, id, editedBy(actor.user, at));
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'attachment.add',
          target: id,
          targetLabel: post.title,
          after: { attachments: added.map((file) => ({ id: file.id, fileName: file.fileName, size: file.size })) },
        });
      });
      return adminPost(id);
    },

    async removeAttachment(actor: AuditActor, id: string, attachmentId: string): Promise<AdminPost> {
      const at = now();
      await db.transaction(async (tx) => {
        const post = await lockedOrNotFound(tx, id);
        const removed = await deleteAttachment(tx, id, attachmentId);
        if (!removed) throw notFound('The post has no such attachment.');
        await updatePost(tx, id, editedBy(actor.user, at));
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'attachment.delete',
          target: id,
          targetLabel: post.title,
          before: { attachment: { id: removed.id, fileName: removed.fileName, size: removed.size } },
        });
      });
      return adminPost(id);
    },

    /** The accounts of the audience that have not opened the post, by name, then e-mail; paged. */
    async unseen(id: string, query: z.output<typeof unseenQuerySchema>): Promise<UnseenPage> {
      const row = await findPost(db, id);
      if (!row) throw noSuchPost();
      const [accounts, readers] = await Promise.all([
        countingDirectory()
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

    // Readers --------------------------------------------------------------------------------------

    /** The published posts of my audience, pinned first, then newest; each marked read or not. */
    async readerList(user: TokenUser, query: z.output<typeof readerPostListQuerySchema>): Promise<ReaderPostPage> {
      const reader = { id: user.sub, keys: audienceKeys(user.groups) };
      const at = now();
      // Kept until a post is written, a publish or expiry time passes or the reader opens a post
      // (decision record 0059).
      return readerAnswer(options.database, reader, {
        key: JSON.stringify(['posts', query.kind ?? null, query.page, query.pageSize]),
        now: at,
        compute: async () => {
          const [rows, counts] = await Promise.all([
            readerPostPage(db, reader, query, at),
            readerCounts(options.database, reader, at),
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
      const row = await findVisiblePost(db, id, audienceKeys(user.groups), now());
      if (!row) throw noSuchPost();
      const [readAt, attachments] = await Promise.all([recordReceipt(db, id, user.sub), attachmentsOf(db, id)]);
      return {
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        publishAt: row.publishAt!.toISOString(),
        expireAt: iso(row.expireAt),
        pinned: row.pinned,
        authorName: row.authorName,
        attachments,
        readAt: readAt.toISOString(),
      };
    },

    /** A file of a post I may read; ADMIN may fetch those of every post (to check a draft). */
    async attachment(caller: Caller, id: string, attachmentId: string) {
      if (!caller.isAdmin && !(await findVisiblePost(db, id, audienceKeys(caller.user.groups), now()))) {
        throw noSuchPost();
      }
      const file = await attachmentFile(db, id, attachmentId);
      if (!file) throw notFound('The post has no such attachment.');
      return { data: file.data, name: file.fileName, mime: file.contentType };
    },

    // The publish e-mail ---------------------------------------------------------------------------

    /**
     * One round of the mail loop: queues the publish e-mail of every post that fell due since
     * (its publish time came while it asks for one and none was queued). Answers how many posts
     * it queued for. A post whose audience cannot be listed now is tried again next round.
     */
    async queueDueMail(): Promise<number> {
      const at = now();
      const due = await postsDueForMail(db, at, MAIL_BATCH);
      const dir = directory();
      let queued = 0;
      for (const post of due) {
        try {
          const addresses = await addressesFor(audienceOf(post), dir);
          const mails = await db.transaction((tx) =>
            queuePublishMail(tx, post, addresses, { now: at, ...mailOptions() }),
          );
          if (mails === null) continue;
          void deliverAfterCommit(db, mails, mailer);
          queued++;
        } catch (error) {
          log.error({ err: error, postId: post.id }, 'post e-mail not queued; tried again at the next round');
        }
      }
      return queued;
    },
  };

  function mailOptions() {
    return { publicUrl: options.publicUrl, willSend };
  }
}

export type PostsService = ReturnType<typeof createPostsService>;
