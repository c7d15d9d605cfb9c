import { z } from 'zod';
import { MAX_FILE_SIZE_MB } from './constants';
import { because } from './error-reasons';
import { EVERYONE, POST_KINDS, POST_STATUSES } from './posts-rules';

/**
 * The posts contract shared by the server and the web app (docs/product/screens.md §2 and §13,
 * docs/product/access.md §3, decision record 0048): announcements and staff information, one
 * model. Paths are under `/api/posts`: the admin's (ADMIN = HRAdmin, ITAdmin) under
 * `/api/posts/admin`, the readers' (any signed-in user in a post's audience) beside them.
 * NUL characters are refused in every field by the server's one text rule (./text.ts), before
 * these schemas run.
 */

/** The longest title and Markdown body a post takes. */
export const MAX_POST_TITLE = 200;
export const MAX_POST_BODY = 20_000;
/** The most departments an audience names (there are nine), and the most files a post holds. */
export const MAX_AUDIENCE_DEPARTMENTS = 20;
export const MAX_POST_ATTACHMENTS = 10;
/** Attachments: PDF, JPEG or PNG, checked by content (docs/product/files-mail-logs.md §1); images are shown inline. */
export const POST_ATTACHMENT_MB = MAX_FILE_SIZE_MB;

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(20);
const instant = z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601 with an offset)' });

export const postKindSchema = z.enum(POST_KINDS, { message: 'must be announcement or staffInfo' });
export const postStatusSchema = z.enum(POST_STATUSES, { message: 'must be draft, scheduled, published or expired' });

/** A department as an audience names it; the server checks it is one of the organisation's (postDepartments). */
export const postDepartmentSchema = z
  .string()
  .trim()
  .min(1, 'a department is required')
  .max(128, 'must be at most 128 characters');

/** `"everyone"`, or a non-empty list of departments (each named once). */
export const audienceSchema = z.union(
  [
    z.literal(EVERYONE),
    z
      .array(postDepartmentSchema)
      .min(1, 'must name at least one department, or be "everyone"')
      .max(MAX_AUDIENCE_DEPARTMENTS, `must name at most ${MAX_AUDIENCE_DEPARTMENTS} departments`)
      .overwrite((departments) => [...new Set(departments)]),
  ],
  { error: 'must be "everyone" or a list of departments' },
);
export type AudienceInput = z.input<typeof audienceSchema>;

/**
 * `POST /posts/admin` and `PUT /posts/admin/{id}`: the whole post, as the one create and edit
 * screen sends it. No `publishAt` is a draft; a `publishAt` to come schedules it; `expireAt`, when
 * given, must come after `publishAt`. `emailAudience` mails the audience once, when the post is
 * first published (decision record 0048).
 */
export const postInputSchema = z
  .strictObject({
    kind: postKindSchema,
    title: z.string().trim().min(1, 'is required').max(MAX_POST_TITLE, `must be at most ${MAX_POST_TITLE} characters`),
    /** Markdown, kept as written (the web renders it sanitised); leading spaces mean something in Markdown. */
    body: z
      .string()
      .max(MAX_POST_BODY, `must be at most ${MAX_POST_BODY} characters`)
      .refine((body) => body.trim() !== '', { message: 'is required', ...because('required') }),
    audience: audienceSchema,
    publishAt: instant.nullable().default(null),
    expireAt: instant.nullable().default(null),
    pinned: z.boolean().default(false),
    emailAudience: z.boolean().default(false),
  })
  .refine(
    (input) =>
      input.publishAt === null || input.expireAt === null || Date.parse(input.expireAt) > Date.parse(input.publishAt),
    { message: 'must be after the publish time', path: ['expireAt'], ...because('endNotAfterStart') },
  );
export type PostInput = z.input<typeof postInputSchema>;

export const postParamsSchema = z.object({ id: z.guid({ message: 'must be a post id' }) });
export const postAttachmentParamsSchema = postParamsSchema.extend({
  attachmentId: z.guid({ message: 'must be an attachment id' }),
});

/**
 * The columns the admin list sorts by: when a post was written (the default, newest first), its
 * title, when it is published (posts with no time yet, drafts, last either way) and its author.
 */
export const POST_SORTS = ['created', 'title', 'publishAt', 'author'] as const;
export type PostSort = (typeof POST_SORTS)[number];

/** `GET /posts/admin`: search over title and body, filters, sorted (newest first unless asked), paged. */
export const adminPostListQuerySchema = z.object({
  q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  kind: postKindSchema.optional(),
  status: postStatusSchema.optional(),
  /** `everyone`, or a department: the posts whose audience is that (not the posts such a reader sees). */
  audience: postDepartmentSchema.optional(),
  sort: z.enum(POST_SORTS).default('created'),
  /** Left out: newest first by when written, A to Z (or earliest first) by anything else. */
  order: z.enum(['asc', 'desc']).optional(),
  page,
  pageSize,
});
export type AdminPostListQuery = z.input<typeof adminPostListQuerySchema>;

/** `GET /posts`: my published posts, pinned first, then newest; of one kind if asked. */
export const readerPostListQuerySchema = z.object({ kind: postKindSchema.optional(), page, pageSize });
export type ReaderPostListQuery = z.input<typeof readerPostListQuerySchema>;

/** `GET /posts/admin/{id}/unseen`: paged. */
export const unseenQuerySchema = z.object({ page, pageSize: z.coerce.number().int().min(1).max(200).default(50) });

export const postAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
});
export type PostAttachment = z.infer<typeof postAttachmentSchema>;

const audienceOutSchema = z.union([z.literal(EVERYONE), z.array(z.string())]);

/**
 * "Seen by `readers` of `audience`": the enabled accounts of the audience's departments, and how
 * many of them have opened the post (decision record 0048). Null when the identity provider
 * could not be asked.
 */
export const seenSchema = z.object({ readers: z.number().int(), audience: z.number().int() }).nullable();

/** A post as the admin list shows it. */
export const adminPostSummarySchema = z.object({
  id: z.string(),
  kind: postKindSchema,
  title: z.string(),
  excerpt: z.string(),
  audience: audienceOutSchema,
  publishAt: z.string().nullable(),
  expireAt: z.string().nullable(),
  status: postStatusSchema,
  pinned: z.boolean(),
  emailAudience: z.boolean(),
  /** When the publish e-mail was queued, and to how many; null until then. */
  emailedAt: z.string().nullable(),
  emailRecipients: z.number().int().nullable(),
  authorName: z.string(),
  lastEditorName: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  attachmentCount: z.number().int(),
  seen: seenSchema,
});
export type AdminPostSummary = z.infer<typeof adminPostSummarySchema>;

export const adminPostPageSchema = z.object({
  items: z.array(adminPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminPostPage = z.infer<typeof adminPostPageSchema>;

/** `GET /posts/admin/{id}` and the answer of every admin write: the whole post. */
export const adminPostSchema = adminPostSummarySchema.extend({
  body: z.string(),
  authorId: z.string(),
  lastEditorId: z.string(),
  attachments: z.array(postAttachmentSchema),
});
export type AdminPost = z.infer<typeof adminPostSchema>;

/** `GET /posts/admin/{id}/unseen`: the accounts of the audience that have not opened the post, by name. */
export const unseenPageSchema = z.object({
  items: z.array(z.object({ id: z.string(), name: z.string().nullable(), email: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UnseenPage = z.infer<typeof unseenPageSchema>;

/** A published post as its readers' list shows it; `read` once they have opened it. */
export const readerPostSummarySchema = z.object({
  id: z.string(),
  kind: postKindSchema,
  title: z.string(),
  excerpt: z.string(),
  publishAt: z.string(),
  expireAt: z.string().nullable(),
  pinned: z.boolean(),
  authorName: z.string(),
  attachmentCount: z.number().int(),
  read: z.boolean(),
});
export type ReaderPostSummary = z.infer<typeof readerPostSummarySchema>;

export const readerPostPageSchema = z.object({
  items: z.array(readerPostSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Of all my published posts (of the kind asked), how many I have not opened. */
  unread: z.number().int(),
});
export type ReaderPostPage = z.infer<typeof readerPostPageSchema>;

/** `GET /posts/{id}`: the post in full; opening it records my first view (`readAt`). */
export const readerPostSchema = readerPostSummarySchema
  .omit({ read: true, excerpt: true, attachmentCount: true })
  .extend({
    body: z.string(),
    attachments: z.array(postAttachmentSchema),
    readAt: z.string(),
  });
export type ReaderPost = z.infer<typeof readerPostSchema>;
