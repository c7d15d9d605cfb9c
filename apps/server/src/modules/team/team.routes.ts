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
import { createStaffRecordService } from '../staff-records/staff-records.service';
import { createTeamService } from './team.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['team'];

export interface TeamRoutesOptions {
  database: Database;
  timeZone: string;
}

/**
 * The team space under `/api/team` (docs/product/screens.md §16). Every signed-in user may call
 * it (docs/product/access.md §3: no guard); what each caller sees, their own department or every
 * one for ADMIN, is the service's rule (decision record 0047). Both answers depend only on the
 * token, the URL, today and the leave domain's tables, so the read cache keeps them (decision
 * record 0023).
 */
export const teamRoutes: FastifyPluginAsyncZod<TeamRoutesOptions> = async (app, { database, timeZone }) => {
  const service = createTeamService({
    database,
    clock: createClock(timeZone),
    staffRecords: createStaffRecordService({ database }),
  });
  const signedIn = app.authenticate();

  app.get(
    '/team/people',
    {
      onRequest: signedIn,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'The people of my department (ADMIN: of every department, or one), by name or e-mail; paged',
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
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Who of my department (ADMIN: of every department, or one) is away today and this week',
        querystring: teamAwayQuerySchema,
        response: { 200: teamAwaySchema, ...errors },
      },
    },
    async (request) => service.away(app.callerOf(request), request.query),
  );
};
