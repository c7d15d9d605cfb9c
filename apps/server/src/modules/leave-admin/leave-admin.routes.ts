import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  LEAVE_TYPE_ID,
  applyLeaveInputSchema,
  cancelLeaveInputSchema,
  leaveRequestSchema,
  pageOf,
  publicHolidaySchema,
  referenceParamsSchema,
  staffParamsSchema,
} from '@staff-portal/shared/leave';
import {
  adjustmentInputSchema,
  adminLeaveTypeSchema,
  carryForwardInputSchema,
  carryForwardPreviewSchema,
  carryForwardRunSchema,
  entitlementInputSchema,
  holidayImportInputSchema,
  holidayImportResultSchema,
  holidayInputSchema,
  holidayKeySchema,
  leaveTypeInputSchema,
  staffBalancesSchema,
  staffRequestsQuerySchema,
  utilisationReportSchema,
} from '@staff-portal/shared/leave-admin';
import { sendDownload } from '../../files/attachments';
import { auditActorOf } from '../../plugins/auth';
import { createLeaveServices, type LeaveModuleOptions } from '../leave/leave.public';
import { createLeaveAdminService } from './leave-admin.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerIdToken: [] }];
const tags = ['leave-admin'];

const year = z.coerce.number().int().min(2000, 'must be 2000–2100').max(2100, 'must be 2000–2100');

/**
 * E-Leave administration under `/api/leave/admin` (docs/product/screens.md, docs/product/leave.md),
 * ADMIN only (HRAdmin, ITAdmin). The staff records themselves (search, detail, update) are the
 * staff-records module's routes.
 */
export const leaveAdminRoutes: FastifyPluginAsyncZod<LeaveModuleOptions> = async (app, options) => {
  const { clock, staffRecords, requests } = createLeaveServices(options, app.log);
  const service = createLeaveAdminService({ database: options.database, clock, staffRecords, requests });
  const onRequest = app.authenticate({ guards: ['ADMIN'] });
  const base = { onRequest };

  app.get(
    '/leave/admin/staff/:staffId/balances',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "A staff member's balances of a year with their parts, and the year's adjustments",
        params: staffParamsSchema,
        querystring: z.object({ year: year.optional() }),
        response: { 200: staffBalancesSchema, ...errors },
      },
    },
    async (request) => service.balances(request.params.staffId, request.query.year ?? clock.thisYear()),
  );

  app.put(
    '/leave/admin/staff/:staffId/entitlements/:year/:leaveTypeId',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Override the entitled days of a year and type (null: the rule decides), and the carried days',
        params: staffParamsSchema.extend({
          year,
          leaveTypeId: z.string().regex(LEAVE_TYPE_ID, 'must be a leave type id (LVE0001–LVE0022)'),
        }),
        body: entitlementInputSchema,
        response: { 200: staffBalancesSchema, ...errors },
      },
    },
    async (request) =>
      service.setEntitlement(
        auditActorOf(request),
        request.params.staffId,
        request.params.year,
        request.params.leaveTypeId,
        request.body,
      ),
  );

  app.post(
    '/leave/admin/staff/:staffId/adjustments',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Add ± days to a balance (e.g. off-in-lieu credits) with a reason',
        params: staffParamsSchema,
        body: adjustmentInputSchema,
        response: { 201: staffBalancesSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.addAdjustment(auditActorOf(request), request.params.staffId, request.body)),
  );

  app.get(
    '/leave/admin/staff/:staffId/requests',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "A staff member's requests, newest first; paged",
        params: staffParamsSchema,
        querystring: staffRequestsQuerySchema,
        response: { 200: pageOf(leaveRequestSchema), ...errors },
      },
    },
    async (request) => service.requests(request.params.staffId, request.query),
  );

  app.post(
    '/leave/admin/staff/:staffId/requests',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Apply for leave on their behalf, under the same rules as their own apply',
        params: staffParamsSchema,
        body: applyLeaveInputSchema,
        response: { 201: leaveRequestSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.applyFor(auditActorOf(request), request.params.staffId, request.body)),
  );

  app.post(
    '/leave/admin/requests/:referenceId/cancel',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Cancel for the applicant: pending → cancelled, approved → pending cancellation (5)',
        params: referenceParamsSchema,
        body: cancelLeaveInputSchema.optional(),
        response: { 200: leaveRequestSchema, ...errors },
      },
    },
    async (request) =>
      service.cancelFor(auditActorOf(request), request.params.referenceId, request.body?.remarks ?? ''),
  );

  app.get(
    '/leave/admin/types',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Leave types with their eligibility, pro-rating, inclusive allowance and carry-forward rules',
        response: { 200: z.array(adminLeaveTypeSchema), ...errors },
      },
    },
    async () => service.leaveTypes(),
  );

  app.put(
    '/leave/admin/types/:id',
    {
      ...base,
      schema: {
        tags,
        security,
        summary:
          "Edit a leave type's name, entitlement rules, flags, eligibility, pro-rating, inclusive allowance and carry-forward rule",
        params: z.object({ id: z.string().regex(LEAVE_TYPE_ID, 'must be a leave type id (LVE0001–LVE0022)') }),
        body: leaveTypeInputSchema,
        response: { 200: adminLeaveTypeSchema, ...errors },
      },
    },
    async (request) => service.updateLeaveType(auditActorOf(request), request.params.id, request.body),
  );

  app.get(
    '/leave/admin/holidays',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Public holidays of a year (default: this year)',
        querystring: z.object({ year: year.optional() }),
        response: { 200: z.array(publicHolidaySchema), ...errors },
      },
    },
    async (request) => service.holidays(request.query.year ?? clock.thisYear()),
  );

  app.post(
    '/leave/admin/holidays/import',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Import a Malaysian state's public holidays of a year (date-holidays); idempotent",
        body: holidayImportInputSchema,
        response: { 200: holidayImportResultSchema, ...errors },
      },
    },
    async (request) => service.importHolidays(auditActorOf(request), request.body.year, request.body.state),
  );

  app.post(
    '/leave/admin/holidays',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Add one public holiday',
        body: holidayInputSchema,
        response: { 201: publicHolidaySchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.addHoliday(auditActorOf(request), request.body)),
  );

  app.put(
    '/leave/admin/holidays/:date/:region',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Rename or move one public holiday',
        params: holidayKeySchema,
        body: holidayInputSchema,
        response: { 200: publicHolidaySchema, ...errors },
      },
    },
    async (request) =>
      service.updateHoliday(auditActorOf(request), request.params.date, request.params.region, request.body),
  );

  app.delete(
    '/leave/admin/holidays/:date/:region',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Delete one public holiday',
        params: holidayKeySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.deleteHoliday(auditActorOf(request), request.params.date, request.params.region);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/leave/admin/carry-forward/preview',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'What the year-end carry-forward would write; writes nothing',
        body: carryForwardInputSchema,
        response: { 200: carryForwardPreviewSchema, ...errors },
      },
    },
    async (request) => service.previewCarryForward(request.body.fromYear),
  );

  app.post(
    '/leave/admin/carry-forward/apply',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: "Carry unused days into the next year's entitlements, in one transaction; records a run",
        body: carryForwardInputSchema,
        response: { 201: carryForwardRunSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.applyCarryForward(auditActorOf(request), request.body.fromYear)),
  );

  app.post(
    '/leave/admin/carry-forward/:runId/reverse',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Restore the entitlements a carry-forward run changed',
        params: z.object({ runId: z.coerce.number().int().min(1) }),
        response: { 200: carryForwardRunSchema, ...errors },
      },
    },
    async (request) => service.reverseCarryForward(auditActorOf(request), request.params.runId),
  );

  app.get(
    '/leave/admin/carry-forward/runs',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Carry-forward runs, newest first',
        response: { 200: z.array(carryForwardRunSchema), ...errors },
      },
    },
    async () => service.carryForwardRuns(),
  );

  app.get(
    '/leave/admin/reports/utilisation',
    {
      ...base,
      schema: {
        tags,
        security,
        summary: 'Days taken and pending by department and leave type, of the days that fall in a year',
        querystring: z.object({ year: year.optional() }),
        response: { 200: utilisationReportSchema, ...errors },
      },
    },
    async (request) => service.utilisation(request.query.year ?? clock.thisYear()),
  );

  for (const format of ['xlsx', 'csv'] as const) {
    app.get(
      `/leave/admin/reports/utilisation.${format}`,
      {
        ...base,
        schema: {
          tags,
          security,
          summary: `The utilisation report as ${format === 'xlsx' ? 'an Excel workbook' : 'CSV'} (lang=ms for Bahasa Malaysia headings); audited`,
          querystring: z.object({ year: year.optional(), lang: z.enum(['en', 'ms']).default('en') }),
          response: errors,
        },
      },
      async (request, reply) =>
        sendDownload(
          reply,
          await service.utilisationFile(
            auditActorOf(request),
            request.query.year ?? clock.thisYear(),
            request.query.lang,
            format,
          ),
        ),
    );
  }
};
