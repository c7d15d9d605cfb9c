import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SendEmail } from '@staff-portal/identity/outbox';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  activityPageSchema,
  activityQuerySchema,
  outboxMessageDetailSchema,
  outboxMessageSchema,
  outboxPageSchema,
  outboxParamsSchema,
  outboxQuerySchema,
  systemStatusSchema,
} from '@staff-portal/shared/it-admin';
import type { Database } from '../../db/client';
import { sendDownload } from '../../files/attachments';
import { auditActorOf, currentUser } from '../../plugins/auth';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { createItAdminService } from './it-admin.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerIdToken: [] }];
const tags = ['it-admin'];

export interface ItAdminOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  timeZone: string;
  identityMode: 'embedded' | 'cognito';
  userPoolId: string;
  sendEmail: SendEmail | undefined;
}

/**
 * The IT admin page's API under `/api/it-admin` (docs/product/screens.md §15), ITAdmin only: the
 * activity explorer over the logging API's entries and the audit trail (decision record 0038),
 * the system's status, and the outbox.
 */
export const itAdminRoutes: FastifyPluginAsyncZod<ItAdminOptions> = async (app, options) => {
  const service = createItAdminService({
    database: options.database,
    admin: options.identityAdmin,
    timeZone: options.timeZone,
    identityMode: options.identityMode,
    userPoolId: options.userPoolId,
    sendEmail: options.sendEmail,
    readCacheStats: () => app.readCacheStats(),
    log: app.log,
    startedAt: new Date(),
  });
  const onRequest = app.authenticate({ guards: ['ITAdmin'] });

  app.get(
    '/it-admin/activity',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Sign-ins, sign-outs and audited changes, newest first; filtered; keyset-paged',
        querystring: activityQuerySchema,
        response: { 200: activityPageSchema, ...errors },
      },
    },
    async (request) => service.activity(request.query),
  );

  app.get(
    '/it-admin/activity.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every entry the filters match, as CSV (streamed); audited',
        querystring: activityQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const csv = await service.activityCsv(auditActorOf(request), request.query);
      return sendDownload(reply, { data: csv, name: 'activity.csv', mime: 'text/csv; charset=utf-8' });
    },
  );

  app.get(
    '/it-admin/status',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "The system's version, database, identity, mail and cache",
        response: { 200: systemStatusSchema, ...errors },
      },
    },
    async () => service.status(),
  );

  app.get(
    '/it-admin/outbox',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'E-mails and text messages, newest first, without their text; keyset-paged',
        querystring: outboxQuerySchema,
        response: { 200: outboxPageSchema, ...errors },
      },
    },
    async (request) => service.outbox(request.query),
  );

  app.get(
    '/it-admin/outbox/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One message with its text (it may hold a code): opening it is audited',
        params: outboxParamsSchema,
        response: { 200: outboxMessageDetailSchema, ...errors },
      },
    },
    async (request) => service.openMessage(currentUser(request), request.id, request.params.id),
  );

  app.post(
    '/it-admin/outbox/:id/retry',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Send an e-mail that failed or waits, now (SMTP only)',
        params: outboxParamsSchema,
        response: { 200: outboxMessageSchema, ...errors },
      },
    },
    async (request) => service.retry(currentUser(request), request.id, request.params.id),
  );
};
