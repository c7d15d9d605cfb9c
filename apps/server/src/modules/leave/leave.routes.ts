import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  applyLeaveInputSchema,
  cancelLeaveInputSchema,
  leavePreviewSchema,
  leaveRequestEventSchema,
  leaveRequestSchema,
  leaveSummarySchema,
  leaveTypeSchema,
  myLeaveQuerySchema,
  myLeaveSchema,
  myRequestsQuerySchema,
  pageOf,
  publicHolidaySchema,
  referenceParamsSchema,
} from '@staff-portal/shared/leave';
import { sendDownload } from '../../files/attachments';
import { acceptAttachmentForms, parseOrThrow, readAttachmentForm } from '../../files/multipart-form';
import { auditActorOf, currentUser } from '../../plugins/auth';
import { createLeaveServices, type LeaveModuleOptions } from './leave-services';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['leave'];

const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/**
 * A staff member's own leave under `/api/leave` (docs/product/leave.md): the catalogue, holidays,
 * balances, requests, cancellations, a request's history and attachment. Every route needs the
 * SHARED guard (HR, and by the group check HRAdmin and ITAdmin); finer rules (own requests, the
 * approver, ADMIN) are the services'.
 */
export const leaveRoutes: FastifyPluginAsyncZod<LeaveModuleOptions> = async (app, options) => {
  const { requests: service } = createLeaveServices(options, app.log);
  const shared = app.authenticate({ guards: ['SHARED'] });
  await acceptAttachmentForms(app);

  app.get(
    '/leave/types',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Leave types LVE0001–LVE0022',
        response: { 200: z.array(leaveTypeSchema), ...errors },
      },
    },
    async () => service.leaveTypes(),
  );

  app.get(
    '/leave/holidays',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: "The organisation's public holidays of a year (default: this year)",
        querystring: yearQuery,
        response: { 200: z.array(publicHolidaySchema), ...errors },
      },
    },
    async (request) => service.holidays(request.query.year),
  );

  app.get(
    '/leave/me',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'My staff record and balances for a year as at a date (default: this year, as at today)',
        querystring: myLeaveQuerySchema,
        response: { 200: myLeaveSchema, ...errors },
      },
    },
    async (request) => service.myLeave(currentUser(request), request.query),
  );

  app.get(
    '/leave/summary',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: "The home page's glance: my balances today, my requests and the approvals waiting for me",
        response: { 200: leaveSummarySchema, ...errors },
      },
    },
    async (request) => service.summary(app.callerOf(request)),
  );

  app.get(
    '/leave/requests/mine',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'My requests, newest first or sorted, filtered by year, type and status; paged',
        querystring: myRequestsQuerySchema,
        response: { 200: pageOf(leaveRequestSchema), ...errors },
      },
    },
    async (request) => service.myRequests(currentUser(request), request.query),
  );

  app.post(
    '/leave/requests/preview',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'The day count and balance after a request, or the rule it breaks; writes nothing',
        body: applyLeaveInputSchema,
        response: { 200: leavePreviewSchema, ...errors },
      },
    },
    async (request) => service.preview(currentUser(request), request.body),
  );

  app.post(
    '/leave/requests',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Apply for leave (JSON, or multipart with one `attachment` file: PDF, JPEG or PNG ≤ 5 MB)',
        consumes: ['application/json', 'multipart/form-data'],
        response: { 201: leaveRequestSchema, ...errors },
      },
    },
    async (request, reply) => {
      // JSON, or a form whose fields arrive as text: the day type is read back as a number.
      const form = request.isMultipart() ? await readAttachmentForm(request) : undefined;
      const input = form
        ? {
            ...form.fields,
            ...(/^\d$/.test(form.fields['dayType'] ?? '') && { dayType: Number(form.fields['dayType']) }),
          }
        : (request.body ?? {});
      const parsed = parseOrThrow(applyLeaveInputSchema, input);
      return reply.status(201).send(await service.apply(auditActorOf(request), parsed, form?.attachment));
    },
  );

  app.post(
    '/leave/requests/:referenceId/cancel',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Cancel my request: pending → cancelled, approved → pending cancellation',
        params: referenceParamsSchema,
        body: cancelLeaveInputSchema.optional(),
        response: { 200: leaveRequestSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) =>
      service.cancel(app.callerOf(request), request.params.referenceId, request.body?.remarks ?? '', request.id),
  );

  app.get(
    '/leave/requests/:referenceId/history',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: "A request's transitions with who, when and remarks",
        params: referenceParamsSchema,
        response: { 200: z.array(leaveRequestEventSchema), ...errors },
      },
    },
    async (request) => service.history(app.callerOf(request), request.params.referenceId),
  );

  app.get(
    '/leave/requests/:referenceId/attachment',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: "A request's attachment, for the applicant, their approver and HR admins",
        params: referenceParamsSchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(reply, await service.attachment(app.callerOf(request), request.params.referenceId)),
  );
};
