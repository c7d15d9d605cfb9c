import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  teamAwayQuerySchema,
  teamAwaySchema,
  teamPeopleQuerySchema,
  teamPeopleSchema,
} from '@staff-portal/shared/team';
import type { Database } from '../../db/client';
import { createClock } from '../../clock';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { createTeamService } from './team.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['team'];

export interface TeamRoutesOptions {
  database: Database;
  timeZone: string;
  identityAdmin: IdentityAdmin;
  /** The organisation's own department (`ORG_DEPARTMENT`). */
  orgDepartment: string;
}

/**
 * The team space under `/api/team` (docs/product/screens.md §16). Every signed-in user may call
 * it (docs/product/access.md §3: no guard); what each caller sees, the people of their own
 * departments and any one department for ADMIN, is the service's rule (decision record 0080).
 * The answers depend on the identity provider's groups as well as the leave data, so the read
 * cache, which knows only the leave data's version (decision record 0023), does not keep them.
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (
  app,
  { database, timeZone, identityAdmin, orgDepartment },
) => {
  const service = createTeamService({
    database,
    clock: createClock(timeZone),
    identityAdmin,
    orgDepartment,
    log: app.log,
  });
  const signedIn = app.authenticate();

  app.get(
    '/team/people',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'The people of my departments (or of one; ADMIN: of any one), by name or e-mail; paged',
        querystring: teamPeopleQuerySchema,
        response: { 200: teamPeopleSchema, ...errors },
      },
    },
    async (request) => service.people(app.callerOf(request), request.query),
  );

  app.get(
    '/team/away',
    {
      onRequest: signedIn,
      schema: {
        tags,
        security,
        summary: 'Who of the people of my departments (or of one; ADMIN: of any one) is away today and this week',
        querystring: teamAwayQuerySchema,
        response: { 200: teamAwaySchema, ...errors },
      },
    },
    async (request) => service.away(app.callerOf(request), request.query),
  );
};
