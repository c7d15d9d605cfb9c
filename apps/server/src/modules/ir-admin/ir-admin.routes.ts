import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  memberImportInputSchema,
  memberImportPreviewInputSchema,
  memberImportPreviewSchema,
  workloadSchema,
  type ImportLine,
} from '@staff-portal/shared/ir-admin';
import {
  categoryParamsSchema,
  categorySchema,
  createCategoryInputSchema,
  updateCategoryInputSchema,
} from '@staff-portal/shared/ir';
import { sendDownload } from '../../files/attachments';
import { auditActorOf, currentUser } from '../../plugins/auth';
import { createIrAdminService, type IrAdminOptions } from './ir-admin.service';
import { createIrCategoryService } from './ir-categories.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};
/** A category's routes also answer 404, for a category that is not there. */
const categoryErrors = { ...errors, 404: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['ir-admin'];
/** The categories' routes keep their place in the API document, among IR's, beside `GET /ir/categories`. */
const categoryTags = ['ir'];
/** 200,000 rows of 13 cells as JSON, with room: about 50 MB at their longest usual cells. */
const IMPORT_BODY_LIMIT = 128 * 1024 * 1024;

/**
 * IR administration under `/api/ir/admin` (docs/product/screens.md §12, decision record 0045).
 * The IR guard (ITAdmin, IRAdmin, IR) reads the workload and exports members (masked for ITAdmin);
 * importing needs IRAdmin (docs/product/ir.md §2) and a department that sees NRICs in full, which
 * ITAdmin alone is not (docs/product/ir.md §1). Adding and changing grievance categories needs
 * IRAdmin (docs/product/ir.md §2); IR lists them (`GET /ir/categories`).
 */
export const irAdminRoutes: FastifyPluginAsyncZod<IrAdminOptions> = async (app, options) => {
  const service = createIrAdminService(options, app.log);
  const categories = createIrCategoryService(options);
  const onRequest = app.authenticate({ guards: ['IR'] });
  const adminOnly = app.authenticate({ guards: ['IR'], departments: ['IRAdmin'] });

  app.get(
    '/ir/admin/workload',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Open grievance cases per officer and by age (0–30, 31–60, 61–90, 90+ days), and unassigned',
        response: { 200: workloadSchema, ...errors },
      },
    },
    async () => service.workload(),
  );

  app.get(
    '/ir/admin/members/export.csv',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every member as CSV, in the columns the import takes; streamed; audited',
        response: errors,
      },
    },
    async (request, reply) =>
      sendDownload(reply, {
        data: service.exportMembers(auditActorOf(request)),
        name: 'members.csv',
        mime: 'text/csv; charset=utf-8',
      }),
  );

  app.post(
    '/ir/admin/members/import/preview',
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          "Check a members file's rows: each row's problems, and which rows update a member; nothing is written (IRAdmin: those who see NRICs in full)",
        body: memberImportPreviewInputSchema,
        response: { 200: memberImportPreviewSchema, ...errors },
      },
    },
    async (request) => service.preview(currentUser(request), request.body.rows),
  );

  app.post(
    '/ir/admin/members/import',
    {
      onRequest: adminOnly,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        security,
        summary:
          'Import members in one transaction; answers NDJSON lines: progress, then done (or failed). With mode "all", any problem refuses the file (409)',
        body: memberImportInputSchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const out = new PassThrough();
      let started = false;
      // The answer starts with the first progress line, after every row is checked: a refusal
      // before it (mode "all" with problems) is an ordinary error answer.
      const begun = new Promise<void>((resolve, reject) => {
        // Each line is handed to the network before the import goes on: on PGlite the import's
        // transaction runs on this thread without letting the event loop turn, so nothing would
        // be sent until it ended (decision record 0076).
        const write = async (line: ImportLine) => {
          if (!started) {
            started = true;
            resolve();
          }
          out.write(`${JSON.stringify(line)}\n`);
          await new Promise<void>((turned) => setImmediate(turned));
        };
        service
          .import(auditActorOf(request), request.body.mode, request.body.rows, write)
          .then((done) => {
            out.end(`${JSON.stringify(done)}\n`);
          })
          .catch((error: unknown) => {
            if (!started) {
              reject(error instanceof Error ? error : new Error(String(error)));
              return;
            }
            request.log.error({ err: error }, 'IR member import failed; rolled back');
            out.end(`${JSON.stringify({ type: 'failed', message: 'The import failed: nothing was written.' })}\n`);
          });
      });
      await begun;
      const plain: FastifyReply = reply;
      return plain
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  // Grievance categories ------------------------------------------------------------------------------

  app.post(
    '/ir/admin/categories',
    {
      onRequest: adminOnly,
      schema: {
        tags: categoryTags,
        security,
        summary: 'Add a grievance category (IRAdmin)',
        body: createCategoryInputSchema,
        response: { 201: categorySchema, ...categoryErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await categories.createCategory(auditActorOf(request), request.body.name)),
  );

  app.patch(
    '/ir/admin/categories/:id',
    {
      onRequest: adminOnly,
      schema: {
        tags: categoryTags,
        security,
        summary: 'Rename, deactivate or activate a category; categories are never deleted (IRAdmin)',
        params: categoryParamsSchema,
        body: updateCategoryInputSchema,
        response: { 200: categorySchema, ...categoryErrors },
      },
    },
    async (request) => categories.updateCategory(auditActorOf(request), request.params.id, request.body),
  );
};
