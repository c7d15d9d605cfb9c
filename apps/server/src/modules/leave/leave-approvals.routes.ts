import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  approvalItemSchema,
  leaveDecisionInputSchema,
  leaveRequestSchema,
  referenceParamsSchema,
} from '@staff-portal/shared/leave';
import { createLeaveServices, type LeaveModuleOptions } from './leave-services';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['leave'];

/**
 * Approvals under `/api/leave` (docs/product/leave.md): the queue waiting for the caller and the
 * decision. The SHARED guard; who may decide which request is the service's rule (the request's
 * approver, an acting approver named for today, or ADMIN).
 */
export const leaveApprovalRoutes: FastifyPluginAsyncZod<LeaveModuleOptions> = async (app, options) => {
  const { approvals: service } = createLeaveServices(options, app.log);
  const shared = app.authenticate({ guards: ['SHARED'] });

  app.post(
    '/leave/requests/:referenceId/decision',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Approve or reject a pending request or a pending cancellation',
        params: referenceParamsSchema,
        body: leaveDecisionInputSchema,
        response: { 200: leaveRequestSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => service.decide(app.callerOf(request), request.params.referenceId, request.body, request.id),
  );

  app.get(
    '/leave/approvals',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Requests waiting for my decision (ADMIN: everyone’s), oldest first, with balance and who is away',
        response: { 200: z.array(approvalItemSchema), ...errors },
      },
    },
    async (request) => service.approvals(app.callerOf(request)),
  );
};
