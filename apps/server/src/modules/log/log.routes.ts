import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import { logEntryInputSchema } from '@staff-portal/shared/log';
import type { IdentityService } from '@staff-portal/identity/service';
import type { Database } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { recordLogEntry, recordSignInRefusal } from './log.service';

/**
 * The logging API of docs/product/specification.md §7: `POST {logApiUrl}/log/` with the caller's id token. It takes an
 * expired password too: the sign-in and sign-out flows post here whatever the password's age.
 * With the embedded identity service, the sign-ins it refuses are logged beside them (decision
 * record 0078).
 */
export const logRoutes: FastifyPluginAsyncZod<{ database: Database; identity: IdentityService | undefined }> = async (
  app,
  { database, identity },
) => {
  identity?.onSignInRefused((refusal) => recordSignInRefusal(database.db, refusal));

  app.post(
    '/log/',
    {
      onRequest: app.authenticate({ allowExpiredPassword: true }),
      schema: {
        tags: ['log'],
        summary: 'Record a sign-in, sign-out or other client event',
        security: [{ bearerIdToken: [] }],
        body: logEntryInputSchema,
        response: {
          201: z.object({ id: z.string(), receivedAt: z.iso.datetime() }),
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const saved = await recordLogEntry(database.db, currentUser(request), request.body, request.id);
      return reply.status(201).send(saved);
    },
  );
};
