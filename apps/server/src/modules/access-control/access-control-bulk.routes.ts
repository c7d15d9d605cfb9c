import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bulkPreviewInputSchema, bulkPreviewSchema, checkBulkRows } from '@staff-portal/shared/access-control-bulk';
import type { BulkPreview, BulkRow } from '@staff-portal/shared/access-control-bulk';
import { errorBodySchema } from '@staff-portal/shared/errors';
import type { TokenUser } from '../../auth/token-verifier';
import { currentUser } from '../../plugins/auth';
import type { IdentityAdmin } from '../../identity/identity-admin';

export interface AccessControlBulkOptions {
  identityAdmin: IdentityAdmin;
  superAdminUserId: string | undefined;
}

/**
 * Checks the rows of a CSV file of new accounts (docs/product/screens.md §14) and writes nothing:
 * each row is judged as the single create judges it (`checkBulkRows`), against the departments
 * and the accounts the identity provider has now. Both are read afresh, not from the list's
 * snapshot, which may be behind another replica (decision records 0077, 0088); the single create
 * still judges each row again when it is created.
 */
export function createBulkPreview({ identityAdmin, superAdminUserId }: AccessControlBulkOptions) {
  return async (user: TokenUser, rows: BulkRow[]): Promise<BulkPreview> => {
    const [departments, accounts] = await Promise.all([identityAdmin.listGroups(), identityAdmin.listUsers()]);
    const checked = checkBulkRows(rows, {
      actor: { id: user.sub, groups: user.groups },
      superAdminUserId,
      departments,
      existingEmails: new Set(accounts.map((account) => account.email.toLowerCase())),
    });
    return { rows: checked, ready: checked.filter((row) => row.problems.length === 0).length };
  };
}

/**
 * `POST /access-control/accounts/bulk/preview`, ADMIN (HRAdmin, ITAdmin) like the module's other
 * routes. The accounts are then created one by one through `POST /access-control/accounts`, which
 * audits each; a file's run is the web app's, so a failure halfway leaves its report there.
 */
export const accessControlBulkRoutes: FastifyPluginAsyncZod<AccessControlBulkOptions> = async (app, options) => {
  const preview = createBulkPreview(options);
  app.post(
    '/access-control/accounts/bulk/preview',
    {
      onRequest: app.authenticate({ guards: ['ADMIN'] }),
      // 500 rows at their longest cells (BULK_CELL_MAX) are a few megabytes, over the default 1 MiB.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['access-control'],
        security: [{ bearerIdToken: [] }],
        summary: "Check a CSV file's rows of new accounts, each with its problems; nothing is written",
        body: bulkPreviewInputSchema,
        response: {
          200: bulkPreviewSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request) => preview(currentUser(request), request.body.rows),
  );
};
