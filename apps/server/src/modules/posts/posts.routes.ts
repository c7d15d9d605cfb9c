import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, validationError } from '@staff-portal/shared/errors';
import {
  MAX_POST_ATTACHMENTS,
  adminPostListQuerySchema,
  adminPostPageSchema,
  adminPostSchema,
  postAttachmentParamsSchema,
  postInputSchema,
  postParamsSchema,
  readerPostListQuerySchema,
  readerPostPageSchema,
  readerPostSchema,
  unseenPageSchema,
  unseenQuerySchema,
} from '@staff-portal/shared/posts';
import { sendDownload } from '../../files/attachments';
import { acceptAttachmentForms, parseOrThrow, readAttachmentsForm } from '../../files/multipart-form';
import { auditActorOf, currentUser } from '../../plugins/auth';
import { createPostsServices, type PostsModuleOptions } from './posts-services';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['posts'];

/**
 * Announcements and staff information under `/api/posts` (docs/product/screens.md §2 and §13,
 * decision record 0048). Managing them (`/api/posts/admin…`) needs the ADMIN guard (HRAdmin,
 * ITAdmin); reading needs a signed-in user in the post's audience, which the reading service
 * checks on every call (docs/product/access.md §3). Also runs the loop that queues the publish
 * e-mails of scheduled posts when they fall due.
 */
export const postsRoutes: FastifyPluginAsyncZod<PostsModuleOptions> = async (app, options) => {
  const { adminViews, authoring, reading, publishMail } = createPostsServices(options, app.log);
  const admin = app.authenticate({ guards: ['ADMIN'] });
  const signedIn = app.authenticate();
  // A create form's one field is the post as JSON: its body alone may be 20,000 characters.
  await acceptAttachmentForms(app, { files: MAX_POST_ATTACHMENTS, fields: 2, fieldSize: 256 * 1024 });

  // The publish e-mail of a scheduled post is queued by this loop once its time has come: when the
  // server is ready, then every minute (decision record 0048). One round at a time; a round still
  // running when the server closes is waited for.
  let round: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  const mailRound = () => {
    round ??= publishMail
      .queueDueMail()
      .then(() => undefined)
      .catch((error: unknown) => app.log.error({ err: error }, 'post e-mail round failed'))
      .finally(() => (round = undefined));
  };
  app.addHook('onReady', async () => {
    mailRound();
    timer = setInterval(mailRound, options.mailIntervalMs ?? 60_000).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await round;
  });

  // Admin (ADMIN) -----------------------------------------------------------------------------------

  app.get(
    '/posts/admin',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary:
          'Every post, newest first: search title and body, filter by kind, status and audience; paged, each "seen by N of M" (ADMIN)',
        querystring: adminPostListQuerySchema,
        response: { 200: adminPostPageSchema, ...errors },
      },
    },
    async (request) => adminViews.adminList(request.query),
  );

  app.post(
    '/posts/admin',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: `Create a post (JSON; or multipart: the post as JSON in the field \`post\`, with up to ${MAX_POST_ATTACHMENTS} \`attachments\`); published now with emailAudience, its audience is mailed once its files are stored (ADMIN)`,
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: adminPostSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = request.isMultipart()
        ? await readAttachmentsForm(request, 'attachments', MAX_POST_ATTACHMENTS)
        : undefined;
      const input = parseOrThrow(postInputSchema, form ? postOfForm(form.fields) : request.body);
      const post = await authoring.create(auditActorOf(request), input, form?.attachments ?? []);
      return reply.status(201).send(post);
    },
  );

  app.get(
    '/posts/admin/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'A post in any status, with its attachments and "seen by N of M" (ADMIN)',
        params: postParamsSchema,
        response: { 200: adminPostSchema, ...errors },
      },
    },
    async (request) => adminViews.adminPost(request.params.id),
  );

  app.put(
    '/posts/admin/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Replace a post; its attachments and read receipts stay (ADMIN)',
        params: postParamsSchema,
        body: postInputSchema,
        response: { 200: adminPostSchema, ...errors },
      },
    },
    async (request) => authoring.update(auditActorOf(request), request.params.id, request.body),
  );

  app.post(
    '/posts/admin/:id/unpublish',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Take a post back to a draft (no publish time) (ADMIN)',
        params: postParamsSchema,
        response: { 200: adminPostSchema, ...errors },
      },
    },
    async (request) => authoring.unpublish(auditActorOf(request), request.params.id),
  );

  app.post(
    '/posts/admin/:id/duplicate',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Copy a post, with its attachments, as a new draft (ADMIN)',
        params: postParamsSchema,
        response: { 201: adminPostSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await authoring.duplicate(auditActorOf(request), request.params.id)),
  );

  app.delete(
    '/posts/admin/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Delete a post with its attachments and read receipts (ADMIN)',
        params: postParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await authoring.remove(auditActorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/posts/admin/:id/attachments',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: `Add files to a post: multipart, up to ${MAX_POST_ATTACHMENTS} \`attachments\` in all (PDF, JPEG or PNG ≤ 5 MB, checked by content) (ADMIN)`,
        consumes: ['multipart/form-data'],
        params: postParamsSchema,
        response: { 201: adminPostSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw validationError('attachments: send the files as multipart/form-data.', 'attachments');
      }
      const form = await readAttachmentsForm(request, 'attachments', MAX_POST_ATTACHMENTS);
      const post = await authoring.addAttachments(auditActorOf(request), request.params.id, form.attachments);
      return reply.status(201).send(post);
    },
  );

  app.delete(
    '/posts/admin/:id/attachments/:attachmentId',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'Remove a file from a post (ADMIN)',
        params: postAttachmentParamsSchema,
        response: { 200: adminPostSchema, ...errors },
      },
    },
    async (request) =>
      authoring.removeAttachment(auditActorOf(request), request.params.id, request.params.attachmentId),
  );

  app.get(
    '/posts/admin/:id/unseen',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: 'The accounts of the audience that have not opened the post yet, by name; paged (ADMIN)',
        params: postParamsSchema,
        querystring: unseenQuerySchema,
        response: { 200: unseenPageSchema, ...errors },
      },
    },
    async (request) => adminViews.unseen(request.params.id, request.query),
  );

  // Readers (signed in, in the audience) -----------------------------------------------------------

  app.get(
    '/posts',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The published posts of my departments, pinned first, then newest, unread ones marked; paged',
        querystring: readerPostListQuerySchema,
        response: { 200: readerPostPageSchema, ...errors },
      },
    },
    async (request) => reading.readerList(currentUser(request), request.query),
  );

  app.get(
    '/posts/:id',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'A published post of my departments; opening it records my first view. Any other post: 404',
        params: postParamsSchema,
        response: { 200: readerPostSchema, ...errors },
      },
    },
    async (request) => reading.readerPost(currentUser(request), request.params.id),
  );

  app.get(
    '/posts/:id/attachments/:attachmentId',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'A file of a post I may read (ADMIN: of any post)',
        params: postAttachmentParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await reading.attachment(app.callerOf(request), request.params.id, request.params.attachmentId),
      ),
  );
};

/** The post a create form carries as JSON in its `post` field (the files beside it are `attachments`). */
function postOfForm(fields: Record<string, string>): unknown {
  const text = fields['post'];
  if (text === undefined) {
    throw validationError('post: send the post as JSON in the form field post.', 'post', 'required');
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw validationError('post: must be the post as JSON.', 'post', 'invalidFormat');
  }
}
