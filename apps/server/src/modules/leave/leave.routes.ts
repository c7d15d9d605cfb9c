import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, validationError } from '@staff-portal/shared/errors';
import { departmentsOf } from '@staff-portal/shared/groups';
import {
  REFERENCE_ID,
  applyLeaveInputSchema,
  approvalItemSchema,
  cancelLeaveInputSchema,
  leaveDecisionInputSchema,
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
  staffRecordSchema,
  staffSearchQuerySchema,
  updateStaffInputSchema,
  STAFF_ID,
} from '@staff-portal/shared/leave';
import type { Database } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import type { SendEmail } from './leave.mail';
import { MAX_ATTACHMENT_BYTES, createLeaveService, type Attachment, type Caller } from './leave.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['leave'];

const referenceParams = z.object({
  referenceId: z.string().regex(REFERENCE_ID, 'must be a leave reference id (LV + 18 digits)'),
});
const yearQuery = z.object({ year: z.coerce.number().int().min(2000).max(2100).optional() });

/** Turns a zod failure into the API's 400 naming the first field, as the error handler does for schemas. */
function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  throw validationError(`${field ?? 'body'}: ${issue.message}`, field);
}

/**
 * The apply form's body: JSON, or multipart with the same fields and at most one file named
 * `attachment`. Multipart fields arrive as text, so the day type is read back as a number.
 */
async function readApplyBody(request: FastifyRequest): Promise<{ input: unknown; attachment?: Attachment }> {
  if (!request.isMultipart()) return { input: request.body ?? {} };
  const fields: Record<string, unknown> = {};
  let attachment: Attachment | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'attachment') {
          throw validationError(`${part.fieldname}: only one file, named attachment, can be sent.`, part.fieldname);
        }
        attachment = { data: await part.toBuffer(), filename: part.filename };
      } else {
        fields[part.fieldname] =
          part.fieldname === 'dayType' && /^\d$/.test(String(part.value)) ? Number(part.value) : part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationError('attachment: the attachment must be at most 5 MB.', 'attachment');
    }
    if (code === 'FST_FILES_LIMIT') throw validationError('attachment: send only one attachment.', 'attachment');
    throw error;
  }
  return attachment ? { input: fields, attachment } : { input: fields };
}

/**
 * The E-Leave API (PRODUCT.md §5), under `/api/leave`. Every route needs the SHARED guard (HR,
 * and by the group check HRAdmin and ITAdmin); finer rules (own requests, the approver's queue,
 * ADMIN) are the service's.
 */
export interface LeaveRoutesOptions {
  database: Database;
  timeZone: string;
  publicUrl: string;
  sendEmail: SendEmail | undefined;
}

export const leaveRoutes: FastifyPluginAsyncZod<LeaveRoutesOptions> = async (
  app,
  { database, timeZone, publicUrl, sendEmail },
) => {
  const service = createLeaveService({ database, timeZone, mailer: { sendEmail, publicUrl, log: app.log } });
  const shared = app.authenticate({ guards: ['SHARED'] });
  const adminDepartments = departmentsOf(['ADMIN']);
  const callerOf = (request: FastifyRequest): Caller => {
    const user = currentUser(request);
    return { user, isAdmin: app.allows(user, adminDepartments) };
  };

  await app.register(multipart, {
    // One byte over the limit is enough to tell the file is too large.
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files: 1, fields: 10, fieldSize: 4096, parts: 11 },
    throwFileSizeLimit: true,
  });

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
    async (request) => service.summary(callerOf(request)),
  );

  app.get(
    '/leave/requests/mine',
    {
      onRequest: shared,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'My requests, newest first, filtered by year, type and status; paged',
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
      const { input, attachment } = await readApplyBody(request);
      const parsed = parseOrThrow(applyLeaveInputSchema, input);
      return reply.status(201).send(await service.apply(currentUser(request), parsed, attachment));
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
        params: referenceParams,
        body: cancelLeaveInputSchema.optional(),
        response: { 200: leaveRequestSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => service.cancel(callerOf(request), request.params.referenceId, request.body?.remarks ?? ''),
  );

  app.post(
    '/leave/requests/:referenceId/decision',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: 'Approve or reject a pending request or a pending cancellation',
        params: referenceParams,
        body: leaveDecisionInputSchema,
        response: { 200: leaveRequestSchema, 409: errorBodySchema, ...errors },
      },
    },
    async (request) => service.decide(callerOf(request), request.params.referenceId, request.body),
  );

  app.get(
    '/leave/requests/:referenceId/history',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: "A request's transitions with who, when and remarks",
        params: referenceParams,
        response: { 200: z.array(leaveRequestEventSchema), ...errors },
      },
    },
    async (request) => service.history(callerOf(request), request.params.referenceId),
  );

  app.get(
    '/leave/requests/:referenceId/attachment',
    {
      onRequest: shared,
      schema: {
        tags,
        security,
        summary: "A request's attachment, for the applicant, their approver and HR admins",
        params: referenceParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await service.attachment(callerOf(request), request.params.referenceId);
      const name = (file.name ?? 'attachment').replace(/[^\w.\- ]/g, '_');
      return (
        reply
          .header('content-type', file.mime ?? 'application/octet-stream')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, no-store')
          // Raw bytes bypass the JSON serializer; the response schema documents the error bodies only.
          .send(file.data as never)
      );
    },
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
    async (request) => service.approvals(callerOf(request)),
  );

  const admin = app.authenticate({ guards: ['ADMIN'] });

  app.get(
    '/leave/admin/staff',
    {
      onRequest: admin,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Staff leave records by name, e-mail or id, and department; paged (ADMIN)',
        querystring: staffSearchQuerySchema,
        response: { 200: pageOf(staffRecordSchema), ...errors },
      },
    },
    async (request) => service.searchStaff(request.query),
  );

  app.put(
    '/leave/admin/staff/:staffId',
    {
      onRequest: admin,
      schema: {
        tags,
        security,
        summary: "A staff member's approver, department, join date, gender and working days (ADMIN)",
        params: z.object({ staffId: z.string().regex(STAFF_ID, 'must be a staff id (LVUSR + 10 digits)') }),
        body: updateStaffInputSchema,
        response: { 200: staffRecordSchema, ...errors },
      },
    },
    async (request) => service.updateStaff(request.params.staffId, request.body),
  );
};
