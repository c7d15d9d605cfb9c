import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@staff-portal/shared/errors';
import {
  pageOf,
  staffRecordSchema,
  staffParamsSchema,
  staffSearchQuerySchema,
  updateStaffInputSchema,
} from '@staff-portal/shared/leave';
import { staffDetailSchema } from '@staff-portal/shared/leave-admin';
import {
  createStaffInputSchema,
  departmentSchema,
  identityAccountSchema,
  identityAccountsQuerySchema,
} from '@staff-portal/shared/staff-records';
import type { Database } from '../../db/client';
import { auditActorOf } from '../../plugins/auth';
import type { IdentityAccounts } from './identity-accounts';
import { createStaffRecordService } from './staff-records.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const unavailable = { 503: errorBodySchema };
const security = [{ bearerIdToken: [] }];
const tags = ['staff-records'];

/**
 * Staff records under `/api/leave/admin/staff` (docs/product/screens.md: LeaveAdminPage,
 * UpdateLeaveUserPage), ADMIN only (HRAdmin, ITAdmin). A person's balances, entitlements and
 * requests are the leave administration's routes.
 */
export const staffRecordRoutes: FastifyPluginAsyncZod<{
  database: Database;
  identityAccounts?: IdentityAccounts | undefined;
}> = async (app, { database, identityAccounts }) => {
  const service = createStaffRecordService({ database, identityAccounts });
  const onRequest = app.authenticate({ guards: ['ADMIN'] });

  app.post(
    '/leave/admin/staff',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          'Add a staff leave record: the next staff id; linked to the picked identity account, or by e-mail on first use (ADMIN)',
        body: createStaffInputSchema,
        response: { 201: staffDetailSchema, ...errors, ...unavailable },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/leave/admin/staff/accounts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Identity accounts without a staff leave record, by e-mail or name (ADMIN)',
        querystring: identityAccountsQuerySchema,
        response: { 200: identityAccountSchema.array(), ...errors, ...unavailable },
      },
    },
    async (request) => service.accountsWithoutRecord(request.query.search),
  );

  app.get(
    '/leave/admin/departments',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The departments a staff leave record can belong to (ADMIN)',
        response: { 200: departmentSchema.array(), ...errors },
      },
    },
    async () => service.departments(),
  );

  app.get(
    '/leave/admin/staff',
    {
      onRequest,
      config: { readCache: true },
      schema: {
        tags,
        security,
        summary: 'Staff leave records by name, e-mail or id, and department; paged (ADMIN)',
        querystring: staffSearchQuerySchema,
        response: { 200: pageOf(staffRecordSchema), ...errors },
      },
    },
    async (request) => service.search(request.query),
  );

  app.get(
    '/leave/admin/staff/:staffId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "One staff member's leave record with its identity link (ADMIN)",
        params: staffParamsSchema,
        response: { 200: staffDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(request.params.staffId),
  );

  app.put(
    '/leave/admin/staff/:staffId',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "A staff member's approver, department, join and leaving dates, gender and working days (ADMIN)",
        params: staffParamsSchema,
        body: updateStaffInputSchema,
        response: { 200: staffRecordSchema, ...errors },
      },
    },
    async (request) => service.update(auditActorOf(request), request.params.staffId, request.body),
  );
};
