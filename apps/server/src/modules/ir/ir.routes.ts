import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  MAX_ACTION_ATTACHMENTS,
  addActionInputSchema,
  assignOfficerInputSchema,
  caseCountQuerySchema,
  caseDetailSchema,
  caseExportQuerySchema,
  caseParamsSchema,
  caseSearchPageSchema,
  caseSearchQuerySchema,
  categoryListSchema,
  closeCaseInputSchema,
  memberCountQuerySchema,
  memberDetailSchema,
  memberOptionsSchema,
  memberParamsSchema,
  memberSearchPageSchema,
  memberSearchQuerySchema,
  officerListSchema,
  openCaseInputSchema,
  reopenCaseInputSchema,
  revealedNricSchema,
  searchCountSchema,
} from '@staff-portal/shared/ir';
import { sendDownload } from '../../files/attachments';
import { acceptAttachmentForms, parseOrThrow, readAttachmentsForm } from '../../files/multipart-form';
import { auditActorOf, currentUser } from '../../plugins/auth';
import { createIrServices, type IrModuleOptions } from './ir-services';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const security = [{ bearerIdToken: [] }];
const tags = ['ir'];

const attachmentParamsSchema = caseParamsSchema.extend({ id: z.guid({ message: 'must be an attachment id' }) });

/**
 * Industrial relations under `/api/ir` (docs/product/ir.md, docs/product/screens.md §10–§11):
 * the member lookup, grievance cases, their categories and officers. Every route needs the IR
 * guard (ITAdmin, IRAdmin, IR); reassigning and reopening need IRAdmin as well
 * (docs/product/access.md §3). Adding and changing categories are IR admin's routes
 * (modules/ir-admin).
 */
export const irRoutes: FastifyPluginAsyncZod<IrModuleOptions> = async (app, options) => {
  const irAdmin = ['IRAdmin'];
  const { members, cases, officers } = createIrServices(options, app.log, (user) => app.allows(user, irAdmin));
  const onRequest = app.authenticate({ guards: ['IR'] });
  const adminOnly = app.authenticate({ guards: ['IR'], departments: irAdmin });
  // An action's text may be 10,000 characters of any script: 64 KB per field holds it.
  await acceptAttachmentForms(app, { files: MAX_ACTION_ATTACHMENTS, fieldSize: 64 * 1024 });

  // Members ---------------------------------------------------------------------------------------

  app.get(
    '/ir/members',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Search members by name, member no or NRIC, filtered by employer, branch and status; paged',
        querystring: memberSearchQuerySchema,
        response: { 200: memberSearchPageSchema, ...errors },
      },
    },
    async (request) => members.searchMembers(currentUser(request), request.query),
  );

  app.get(
    '/ir/members/options',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The employers and branches to filter members by',
        response: { 200: memberOptionsSchema, ...errors },
      },
    },
    async () => members.memberOptions(),
  );

  app.get(
    '/ir/members/count',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'How many members the search finds (up to 1,000; `more` says there are more)',
        querystring: memberCountQuerySchema,
        response: { 200: searchCountSchema, ...errors },
      },
    },
    async (request) => members.countMembers(currentUser(request), request.query),
  );

  app.get(
    '/ir/members/:memberNo',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "A member's profile (NRIC masked except for IR) and their grievance cases",
        params: memberParamsSchema,
        response: { 200: memberDetailSchema, ...errors },
      },
    },
    async (request) => members.member(currentUser(request), request.params.memberNo),
  );

  app.post(
    '/ir/members/:memberNo/nric',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "A member's NRIC in full; audited for those who see it masked",
        params: memberParamsSchema,
        response: { 200: revealedNricSchema, ...errors },
      },
    },
    async (request) => members.revealNric(auditActorOf(request), request.params.memberNo),
  );

  // Grievance cases ---------------------------------------------------------------------------------

  app.get(
    '/ir/grievances',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Search grievance cases by any of the filters and free text; sorted and paged',
        querystring: caseSearchQuerySchema,
        response: { 200: caseSearchPageSchema, ...errors },
      },
    },
    async (request) => cases.searchCases(currentUser(request), request.query),
  );

  app.get(
    '/ir/grievances/count',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'How many cases the search finds (up to 1,000; `more` says there are more)',
        querystring: caseCountQuerySchema,
        response: { 200: searchCountSchema, ...errors },
      },
    },
    async (request) => cases.countCases(currentUser(request), request.query),
  );

  app.get(
    '/ir/grievances/export.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every case the filters match, as CSV, streamed; audited',
        querystring: caseExportQuerySchema,
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(reply, {
        data: await cases.exportCases(auditActorOf(request), request.query),
        name: 'grievances.csv',
        mime: 'text/csv; charset=utf-8',
      }),
  );

  app.get(
    '/ir/grievances/:caseNo',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'A case, its actions oldest first, and whether the caller may administer it',
        params: caseParamsSchema,
        response: { 200: caseDetailSchema, ...errors },
      },
    },
    async (request) => cases.caseDetail(currentUser(request), request.params.caseNo),
  );

  app.post(
    '/ir/grievances',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Open a case for a member; writes its Initial Case Fact',
        body: openCaseInputSchema,
        response: { 201: caseDetailSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await cases.openCase(auditActorOf(request), request.body)),
  );

  app.post(
    '/ir/grievances/:caseNo/actions',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: `Add an action (JSON, or multipart with up to ${MAX_ACTION_ATTACHMENTS} \`attachments\`: PDF, JPEG or PNG ≤ 5 MB)`,
        consumes: ['application/json', 'multipart/form-data'],
        params: caseParamsSchema,
        response: { 201: caseDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const form = request.isMultipart()
        ? await readAttachmentsForm(request, 'attachments', MAX_ACTION_ATTACHMENTS)
        : undefined;
      const input = parseOrThrow(addActionInputSchema, form ? form.fields : (request.body ?? {}));
      const detail = await cases.addAction(
        auditActorOf(request),
        request.params.caseNo,
        input,
        form?.attachments ?? [],
      );
      return reply.status(201).send(detail);
    },
  );

  app.get(
    '/ir/grievances/:caseNo/attachments/:id',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "An action's attachment",
        params: attachmentParamsSchema,
        response: errors,
      },
    },
    async (request, reply) => sendDownload(reply, await cases.attachment(request.params.caseNo, request.params.id)),
  );

  app.post(
    '/ir/grievances/:caseNo/close',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Close a pending case with its outcome',
        params: caseParamsSchema,
        body: closeCaseInputSchema,
        response: { 200: caseDetailSchema, ...errors },
      },
    },
    async (request) => cases.closeCase(auditActorOf(request), request.params.caseNo, request.body),
  );

  app.post(
    '/ir/grievances/:caseNo/reopen',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Reopen a closed case, with the reason (IRAdmin)',
        params: caseParamsSchema,
        body: reopenCaseInputSchema,
        response: { 200: caseDetailSchema, ...errors },
      },
    },
    async (request) => cases.reopenCase(auditActorOf(request), request.params.caseNo, request.body),
  );

  app.put(
    '/ir/grievances/:caseNo/officer',
    {
      onRequest: adminOnly,
      schema: {
        tags,
        security,
        summary: 'Put another officer in charge of a case; they are told by e-mail (IRAdmin)',
        params: caseParamsSchema,
        body: assignOfficerInputSchema,
        response: { 200: caseDetailSchema, ...errors },
      },
    },
    async (request) => cases.assignOfficer(auditActorOf(request), request.params.caseNo, request.body.officerId),
  );

  // Categories and officers ---------------------------------------------------------------------------

  app.get(
    '/ir/categories',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every grievance category, active ones first, with its case count',
        response: { 200: categoryListSchema, ...errors },
      },
    },
    async () => cases.categories(),
  );

  app.get(
    '/ir/officers',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The accounts of the IR and IRAdmin departments, by name, with their open cases',
        response: { 200: officerListSchema, ...errors },
      },
    },
    async () => officers.list(),
  );
};
