import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationError } from '@staff-portal/shared/errors';
import { fieldName, findBadText } from '@staff-portal/shared/text';

/**
 * Applies the shared text rule (docs/product/qualities.md §6: no NUL character, no half of a
 * surrogate pair; packages/shared/src/text.ts) to the path, query and body of every request to
 * every route, before the route's own validation: a field that breaks it is a 400 naming it, so no route needs
 * to remember the rule and none reaches the database with it. The identity endpoint applies the
 * same rule itself, answering as Cognito.
 */
export const nulTextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('preValidation', async (request) => {
      if (request.url.startsWith('/identity')) return;
      for (const part of [request.params, request.query, request.body]) {
        const problem = findBadText(part);
        if (!problem) continue;
        const field = problem.path.length > 0 ? fieldName(problem.path) : 'body';
        throw validationError(`${field}: ${problem.message}`, field, problem.reason);
      }
    });
  },
  { name: 'nul-text' },
);
