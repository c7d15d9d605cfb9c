import type { z } from 'zod';
import { validationError } from '@staff-portal/shared/errors';
import { MAX_POST_ATTACHMENTS, type AdminPost, type postInputSchema } from '@staff-portal/shared/posts';
import { EVERYONE, postDepartments, postStatus, type Audience } from '@staff-portal/shared/posts-rules';
import { tokenUserName, type TokenUser } from '../../auth/token-verifier';
import type { Database, Transaction } from '../../db/client';
import { checkAttachment, type Attachment } from '../../files/attachments';
import { recordAuditBy, type AuditActor } from '../audit/audit.public';
import { noSuchAttachment, noSuchPost } from './posts-errors';
import { publishMailDue, type PublishMailService } from './posts-publish-mail.service';
import {
  attachmentsOf,
  audienceColumns,
  audienceOf,
  copyAttachments,
  deleteAttachment,
  deletePost,
  findPost,
  insertAttachments,
  insertPost,
  lockPost,
  receiptCountOf,
  updatePost,
  type PostRow,
} from './posts.repository';

type PostInput = z.output<typeof postInputSchema>;

/** The audit trail's area of every post change (decision record 0038). */
const AREA = 'posts';

/** What the audit trail keeps of a post: everything an admin can change, the text included. */
function stateOf(row: PostRow) {
  return {
    kind: row.kind,
    title: row.title,
    body: row.body,
    audience: audienceOf(row),
    publishAt: row.publishAt?.toISOString() ?? null,
    expireAt: row.expireAt?.toISOString() ?? null,
    pinned: row.pinned,
    emailAudience: row.emailAudience,
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

export interface PostAuthoringServiceOptions {
  database: Database;
  /** The organisation's own department (`ORG_DEPARTMENT`), which an audience may name. */
  orgDepartment: string;
  publishMail: PublishMailService;
  /** What every write answers: the post as the admin pages show it. */
  adminPost: (id: string) => Promise<AdminPost>;
}

/**
 * Writing posts (docs/product/screens.md §13, decision record 0048): creating, replacing,
 * unpublishing, deleting and duplicating a post, and adding and removing its files. The routes
 * admit ADMIN only; each write is one transaction with its audit entry (area `posts`), and a write
 * that publishes a post asking for it queues the publish e-mail in the same transaction. Every
 * status is judged by the server's clock (packages/shared/src/posts-rules.ts), which tests move.
 */
export function createPostAuthoringService({
  database,
  orgDepartment,
  publishMail,
  adminPost,
}: PostAuthoringServiceOptions) {
  const { db } = database;
  const departments = new Set(postDepartments(orgDepartment));

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

  return {
    /**
     * A new post, with the files chosen for it (checked as addAttachments checks them). Published
     * now and asking for it, its audience is mailed in the same transaction, after its files are
     * stored: the e-mail never goes before the post is whole (docs/product/files-mail-logs.md §3;
     * decision record 0079).
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
      const at = new Date();
      const columns = columnsOf(input);
      const addresses = publishMailDue(columns, at) ? await publishMail.addressesForWrite(audience) : undefined;
      const { id, mails } = await db.transaction(async (tx) => {
        const row = await insertPost(tx, {
          ...columns,
          authorId: actor.user.sub,
          authorName: tokenUserName(actor.user),
          ...editedBy(actor.user, at),
          createdAt: at,
        });
        const added = await insertAttachments(tx, row.id, checked);
        const mails = addresses ? await publishMail.queue(tx, row, addresses, at) : null;
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
      publishMail.deliver(mails);
      return adminPost(id);
    },

    /** The whole post replaced; its receipts and attachments stay. The e-mail goes once at most, ever. */
    async update(actor: AuditActor, id: string, input: PostInput): Promise<AdminPost> {
      const audience = checkedAudience(input.audience);
      const at = new Date();
      const columns = columnsOf(input);
      // Read before the transaction only to know whether to ask for the addresses; the claim inside decides.
      const current = await findPost(db, id);
      if (!current) throw noSuchPost();
      const addresses =
        current.mailQueuedAt === null && publishMailDue(columns, at)
          ? await publishMail.addressesForWrite(audience)
          : undefined;
      const mails = await db.transaction(async (tx) => {
        const before = await lockedOrNotFound(tx, id);
        const after = await updatePost(tx, id, { ...columns, ...editedBy(actor.user, at) });
        const mails = addresses ? await publishMail.queue(tx, after, addresses, at) : null;
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
      publishMail.deliver(mails);
      return adminPost(id);
    },

    /** Back to a draft: no publish time. A draft already is answered as it is, and nothing is written. */
    async unpublish(actor: AuditActor, id: string): Promise<AdminPost> {
      const at = new Date();
      await db.transaction(async (tx) => {
        const before = await lockedOrNotFound(tx, id);
        if (before.publishAt === null) return;
        const after = await updatePost(tx, id, { publishAt: null, ...editedBy(actor.user, at) });
        await recordAuditBy(tx, actor, {
          area: AREA,
          action: 'post.unpublish',
          target: id,
          targetLabel: after.title,
          before: { publishAt: before.publishAt.toISOString(), status: postStatus(before, at) },
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
      const at = new Date();
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
      const at = new Date();
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
      const at = new Date();
      await db.transaction(async (tx) => {
        const post = await lockedOrNotFound(tx, id);
        const removed = await deleteAttachment(tx, id, attachmentId);
        if (!removed) throw noSuchAttachment();
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
  };
}

export type PostAuthoringService = ReturnType<typeof createPostAuthoringService>;
