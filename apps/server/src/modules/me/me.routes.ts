import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import { signedInUserFromClaims, signedInUserSchema } from '@staff-portal/shared/signed-in-user';
import type { Config } from '../../config';
import { currentUser } from '../../plugins/auth';

/**
 * `GET /api/me`: the signed-in user of seed §3, from the verified id token alone. It answers an
 * expired password too, with `passwordExpired: true`: that is how the web app learns to send
 * the user to the change-password page.
 */
export const meRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
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
};
