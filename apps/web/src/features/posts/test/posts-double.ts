import { notFound, validationError } from '@staff-portal/shared/errors';
import {
  MAX_POST_ATTACHMENTS,
  adminPostListQuerySchema,
  adminPostPageSchema,
  adminPostSchema,
  postInputSchema,
  postParamsSchema,
  unseenPageSchema,
  unseenQuerySchema,
} from '@staff-portal/shared/posts';
import type { AdminPost, UnseenPage } from '@staff-portal/shared/posts';
import { postDepartments, postExcerpt, postStatus } from '@staff-portal/shared/posts-rules';
import { testRuntimeConfig } from '../../../test/fixtures';
import { reply, stubLeaveApi } from '../../../test/leave-api-double';
import type { DoubleRequest, Handler } from '../../../test/leave-api-double';
import { NOW, postId } from './posts-fixtures';

export interface PostsDoubleOptions {
  posts?: AdminPost[];
  /** The accounts that have not seen each post, by post id. */
  unseen?: Record<string, UnseenPage['items']>;
  /** Handlers that answer before the double's own, for refusals and odd answers. */
  overrides?: Record<string, Handler>;
}

const departments = new Set(postDepartments(testRuntimeConfig.organisation.department));

/**
 * The posts admin API as a small in-memory server over the leave API double: it validates every
 * request with the shared schemas as the server's routes do, filters and pages like the real
 * one, and checks its own answers with the answer schemas; writes change what it answers next.
 */
export function stubPostsApi({ posts = [], unseen = {}, overrides = {} }: PostsDoubleOptions = {}) {
  let rows = posts.map((post) => adminPostSchema.parse(post));
  let created = 900;
  const find = (request: DoubleRequest) => {
    const { id } = postParamsSchema.parse(request.params);
    const found = rows.find((row) => row.id === id);
    if (found === undefined) throw notFound('There is no such post.');
    return found;
  };
  const save = (post: AdminPost) => {
    const next = adminPostSchema.parse({
      ...post,
      status: postStatus(post, NOW),
      attachmentCount: post.attachments.length,
    });
    rows = rows.some((row) => row.id === next.id)
      ? rows.map((row) => (row.id === next.id ? next : row))
      : [next, ...rows];
    return next;
  };
  /** The body as the server's route reads it: the shared schema, then the audience's departments. */
  const input = (request: DoubleRequest) => {
    // A create form carries the post as JSON in its `post` field, beside its files.
    const field = request.body instanceof FormData ? request.body.get('post') : null;
    const sent: unknown = typeof field === 'string' ? JSON.parse(field) : request.body;
    const parsed = postInputSchema.safeParse(sent);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw validationError(`${issue.path.join('.')}: ${issue.message}`, issue.path.join('.'));
    }
    const value = parsed.data;
    if (value.audience !== 'everyone') {
      value.audience.forEach((department, index) => {
        if (!departments.has(department)) {
          throw validationError(`audience.${index}: there is no department ${department}`, `audience.${index}`);
        }
      });
    }
    return { ...value, excerpt: postExcerpt(value.body) };
  };

  const own: Record<string, Handler> = {
    'GET /posts/admin': ({ query }) => {
      const q = adminPostListQuerySchema.parse(Object.fromEntries(query));
      const text = q.q?.toLowerCase() ?? '';
      const matching = rows
        .filter((row) => q.kind === undefined || row.kind === q.kind)
        .filter((row) => q.status === undefined || row.status === q.status)
        .filter(
          (row) =>
            q.audience === undefined ||
            (q.audience === 'everyone'
              ? row.audience === 'everyone'
              : row.audience !== 'everyone' && row.audience.includes(q.audience)),
        )
        .filter((row) => text === '' || `${row.title}\n${row.body}`.toLowerCase().includes(text))
        .sort((a, b) => {
          // As the API sorts (adminPostListQuerySchema); posts with no publish time last either way.
          const key = { created: 'createdAt', title: 'title', publishAt: 'publishAt', author: 'authorName' } as const;
          const [x, y] = [a[key[q.sort]], b[key[q.sort]]];
          if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
          const up = x.toLowerCase().localeCompare(y.toLowerCase());
          return (q.order ?? (q.sort === 'created' ? 'desc' : 'asc')) === 'desc' ? -up : up;
        });
      return adminPostPageSchema.parse({
        items: matching.slice((q.page - 1) * q.pageSize, q.page * q.pageSize),
        total: matching.length,
        page: q.page,
        pageSize: q.pageSize,
      });
    },
    'POST /posts/admin': (request) => {
      created += 1;
      const files =
        request.body instanceof FormData
          ? request.body.getAll('attachments').filter((entry): entry is File => entry instanceof File)
          : [];
      const post = save({
        ...(rows[0] ?? ({} as AdminPost)),
        ...input(request),
        id: postId(created),
        authorId: 'admin-1',
        authorName: 'Hana Admin',
        lastEditorId: 'admin-1',
        lastEditorName: 'Hana Admin',
        emailedAt: null,
        emailRecipients: null,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        attachments: files.map((file, index) => ({
          id: postId(500 + index),
          fileName: file.name,
          contentType: file.type,
          size: file.size,
        })),
        attachmentCount: files.length,
        seen: null,
        status: 'draft',
      });
      return reply(201, post);
    },
    'GET /posts/admin/:id': (request) => find(request),
    'PUT /posts/admin/:id': (request) => save({ ...find(request), ...input(request), updatedAt: NOW.toISOString() }),
    'POST /posts/admin/:id/unpublish': (request) => save({ ...find(request), publishAt: null }),
    'POST /posts/admin/:id/duplicate': (request) => {
      created += 1;
      const copy = save({ ...find(request), id: postId(created), publishAt: null, createdAt: NOW.toISOString() });
      return reply(201, copy);
    },
    'DELETE /posts/admin/:id': (request) => {
      const post = find(request);
      rows = rows.filter((row) => row.id !== post.id);
      return null;
    },
    'POST /posts/admin/:id/attachments': (request) => {
      const post = find(request);
      if (!(request.body instanceof FormData)) throw validationError('attachments: send multipart', 'attachments');
      const files = request.body.getAll('attachments').filter((entry): entry is File => entry instanceof File);
      if (files.length === 0) throw validationError('attachments: send at least one file.', 'attachments');
      if (post.attachments.length + files.length > MAX_POST_ATTACHMENTS) {
        throw validationError('attachments: too many', 'attachments');
      }
      const added = files.map((file, index) => ({
        id: postId(500 + post.attachments.length + index),
        fileName: file.name,
        contentType: file.type,
        size: file.size,
      }));
      return reply(201, save({ ...post, attachments: [...post.attachments, ...added] }));
    },
    'DELETE /posts/admin/:id/attachments/:attachmentId': (request) => {
      const post = find(request);
      if (!post.attachments.some((file) => file.id === request.params.attachmentId))
        throw notFound('No such attachment.');
      return save({ ...post, attachments: post.attachments.filter((file) => file.id !== request.params.attachmentId) });
    },
    'GET /posts/admin/:id/unseen': (request) => {
      const post = find(request);
      const { page, pageSize } = unseenQuerySchema.parse(Object.fromEntries(request.query));
      const all = unseen[post.id] ?? [];
      return unseenPageSchema.parse({
        items: all.slice((page - 1) * pageSize, page * pageSize),
        total: all.length,
        page,
        pageSize,
      });
    },
  };
  const api = stubLeaveApi(
    Object.fromEntries([
      ...Object.entries(overrides),
      ...Object.entries(own).filter(([route]) => !(route in overrides)),
    ]),
  );
  return { ...api, posts: () => rows };
}
