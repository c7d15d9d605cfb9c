import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountActionParamsSchema,
  accountDetailSchema,
  accountListQuerySchema,
  accountPageSchema,
  accountParamsSchema,
  accountSchema,
  createAccountInputSchema,
  departmentListSchema,
  setDepartmentsInputSchema,
  accountStaffLinkSchema,
  linkStaffRecordInputSchema,
  unlinkStaffRecordInputSchema,
} from '@staff-portal/shared/access-control';
import { errorBodySchema } from '@staff-portal/shared/errors';
import type { TokenCutoffs } from '../../auth/token-cutoffs';
import type { Db } from '../../db/client';
import { auditActorOf } from '../../plugins/auth';
import { createAccountDirectory } from './account-directory';
import { accountsVersion } from './access-control.repository';
import { createAccessControlService } from './access-control.service';
import { createAccountStaffRecords } from './account-staff-record';
import type { IdentityAdmin } from '../../identity/identity-admin';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};
const security = [{ bearerIdToken: [] }];
const tags = ['access-control'];

export interface AccessControlOptions {
  db: Db;
  identityAdmin: IdentityAdmin;
  /** Cognito mode only: the tokens of a changed account are cut here (docs/product/identity.md §7). */
  cutoffs: TokenCutoffs | undefined;
  superAdminUserId: string | undefined;
  /**
   * Whether the accounts live in this server's database (the embedded identity service): the
   * list's snapshot then follows their data version rather than a time to live (decision record 0077).
   */
  accountsInDatabase: boolean;
}

/**
 * The organisation's identity accounts under `/api/access-control` (docs/product/screens.md §14):
 * ADMIN only (HRAdmin, ITAdmin); who may change what is `access-control-rules`
 * (docs/product/access.md §5), judged here on every call. Every change is audited.
 */
export const accessControlRoutes: FastifyPluginAsyncZod<AccessControlOptions> = async (app, options) => {
  const admin = options.identityAdmin;
  const service = createAccessControlService({
    db: options.db,
    admin,
    directory: createAccountDirectory(
      admin,
      options.accountsInDatabase ? { version: () => accountsVersion(options.db) } : {},
    ),
    cutoffs: options.cutoffs,
    superAdminUserId: options.superAdminUserId,
    log: app.log,
  });
  const onRequest = app.authenticate({ guards: ['ADMIN'] });

  app.get(
    '/access-control/departments',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Every department an account can be given',
        response: { 200: departmentListSchema, ...errors },
      },
    },
    async () => service.departments(),
  );

  app.get(
    '/access-control/accounts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Accounts, searched by e-mail or name prefix, filtered by department and status, sorted and paged',
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema, ...errors },
      },
    },
    async (request) => service.list(request.query),
  );

  app.post(
    '/access-control/accounts',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Invite a new colleague: the temporary password goes out by e-mail',
        body: createAccountInputSchema,
        response: { 201: accountSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(auditActorOf(request), request.body)),
  );

  app.get(
    '/access-control/accounts/:username',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'One account: details, departments, what the caller may grant, recent audit',
        params: accountParamsSchema,
        response: { 200: accountDetailSchema, ...errors },
      },
    },
    async (request) => service.detail(auditActorOf(request), request.params.username),
  );

  app.put(
    '/access-control/accounts/:username/departments',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Set an account's departments (the whole list); a removed one ends its sessions",
        params: accountParamsSchema,
        body: setDepartmentsInputSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    async (request) => service.setDepartments(auditActorOf(request), request.params.username, request.body.departments),
  );

  // The account's staff leave record (decision record 0039). Creating one is `POST /leave/admin/staff`
  // with the account's sub: the same ADMIN guard, and the staff records' one set of create rules.
  const staffRecords = createAccountStaffRecords({ db: options.db, admin });

  app.put(
    '/access-control/accounts/:username/staff-record',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: "Link an existing staff leave record to the account: one with no account yet and the account's e-mail",
        params: accountParamsSchema,
        body: linkStaffRecordInputSchema,
        response: { 200: accountStaffLinkSchema, ...errors },
      },
    },
    async (request) => staffRecords.link(auditActorOf(request), request.params.username, request.body.staffId),
  );

  app.delete(
    '/access-control/accounts/:username/staff-record',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary:
          "Unlink the account's staff leave record (its data stay); a record with the account's e-mail needs a new one",
        params: accountParamsSchema,
        // A DELETE may come without a body: then there is no new e-mail.
        body: unlinkStaffRecordInputSchema.nullish(),
        response: { 200: accountStaffLinkSchema, ...errors },
      },
    },
    async (request) => staffRecords.unlink(auditActorOf(request), request.params.username, request.body?.email),
  );

  app.post(
    '/access-control/accounts/:username/:action',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Disable, enable, reset the password of, sign out everywhere, or re-invite an account',
        params: accountActionParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.act(auditActorOf(request), request.params.username, request.params.action);
      return reply.status(204).send(null);
    },
  );

  app.delete(
    '/access-control/accounts/:username',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Delete an account that has never signed in',
        params: accountParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await service.act(auditActorOf(request), request.params.username, 'delete');
      return reply.status(204).send(null);
    },
  );
};
