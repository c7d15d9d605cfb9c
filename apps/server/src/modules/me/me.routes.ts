import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import { myLanguageInputSchema } from '@staff-portal/shared/languages';
import { signedInUserFromClaims, signedInUserSchema } from '@staff-portal/shared/signed-in-user';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { createStaffRecordService } from '../staff-records/staff-records.public';
import { saveLanguage } from './user-settings.repository';

/**
 * `GET /api/me`: the signed-in user of docs/product/specification.md §3, from the verified id token alone. It answers an
 * expired password too, with `passwordExpired: true`: that is how the web app learns to send
 * the user to the change-password page.
 */
export const meRoutes: FastifyPluginAsyncZod<{ config: Config; database: Database }> = async (
  app,
  { config, database },
) => {
  const staffRecords = createStaffRecordService({ database });
  app.get(
    '/me',
    {
      onRequest: app.authenticate({ allowExpiredPassword: true }),
      schema: {
        tags: ['me'],
        summary: 'The signed-in user: id, names, e-mail, departments and password expiry',
        security: [{ bearerIdToken: [] }],
        response: { 200: signedInUserSchema, 401: errorBodySchema },
      },
    },
    async (request) => signedInUserFromClaims(currentUser(request).claims, config.passwordExpiryMonths),
  );

  app.put(
    '/me/language',
    {
      onRequest: app.authenticate(),
      schema: {
        tags: ['me'],
        summary: 'The language the portal writes to me in: leave e-mail and other messages (en or ms)',
        security: [{ bearerIdToken: [] }],
        body: myLanguageInputSchema,
        response: { 204: z.null(), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await saveLanguage(database.db, user.sub, request.body.language);
      // Mail about someone else's action (a decision, a request to approve) finds the recipient's
      // language through their staff record's link to this account: make it now, as a leave page
      // would, if the record is not linked yet.
      await staffRecords.ofCaller(user);
      return reply.status(204).send(null);
    },
  );
};
