import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import type { Database } from '../../db/client';
import { migrationsApplied } from '../../db/migrate';

const readySchema = z.object({
  status: z.enum(['ready', 'not ready']),
  database: z.enum(['ok', 'unreachable']),
  migrations: z.enum(['applied', 'pending']),
});

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database too). */
export const healthRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'The database answers and every migration is applied',
        response: { 200: readySchema, 503: readySchema.or(errorBodySchema) },
      },
    },
    async (request, reply) => {
      const reachable = await database.ping().then(
        () => true,
        (error: unknown) => {
          request.log.warn({ err: error }, 'database unreachable');
          return false;
        },
      );
      const applied = reachable && (await migrationsApplied(database));
      const body = {
        status: reachable && applied ? ('ready' as const) : ('not ready' as const),
        database: reachable ? ('ok' as const) : ('unreachable' as const),
        migrations: applied ? ('applied' as const) : ('pending' as const),
      };
      return reply.status(body.status === 'ready' ? 200 : 503).send(body);
    },
  );
};
