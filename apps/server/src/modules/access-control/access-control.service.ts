import type { FastifyBaseLogger } from 'fastify';
import {
  accountChangeRefusal,
  departmentsChangeRefusal,
  grantableDepartments,
  type AccessActor,
  type AccessDirectory,
  type AccessRefusal,
  type AccessTarget,
  type AccountChange,
} from '@staff-portal/shared/access-control-rules';
import type {
  Account,
  AccountAction,
  AccountDetail,
  AccountPage,
  DepartmentOption,
  accountListQuerySchema,
  createAccountInputSchema,
} from '@staff-portal/shared/access-control';
import { AppError, validationError } from '@staff-portal/shared/errors';
import type { AuditAction } from '@staff-portal/shared/it-admin';
import { SUPER_ADMIN_GROUP } from '@staff-portal/shared/groups';
import type { z } from 'zod';
import type { TokenCutoffs } from '../../auth/token-cutoffs';
import type { Db } from '../../db/client';
import { auditOfTarget, recordAuditBy, type AuditActor } from '../audit/audit.public';
import { revokeAllFeedsOf } from '../staff-movement/staff-movement.public';
import { listDepartments } from '../staff-records/staff-records.public';
import type { AccountDirectory } from './account-directory';
import { createAccountStaffRecords } from './account-staff-record';
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';

export interface AccessControlDeps {
  db: Db;
  admin: IdentityAdmin;
  directory: AccountDirectory;
  /**
   * Where the identity provider does not say what it changed (Cognito), the cutoffs of the tokens
   * of an account changed here; the embedded service makes its changes reach the tokens itself
   * (docs/product/identity.md §7).
   */
  cutoffs: TokenCutoffs | undefined;
  superAdminUserId: string | undefined;
  log: FastifyBaseLogger;
}

/** Who acts, for the rules and the audit trail. */
export type Actor = AuditActor;

const AREA = 'access-control';
/** How many audit entries the account page shows. */
const ACCOUNT_AUDIT_LIMIT = 20;

function accountOf(user: IdentityUser, departments: readonly string[]): Account {
  return {
    username: user.username,
    email: user.email,
    name: user.name,
    departments: [...departments].sort(),
    status: user.status,
    enabled: user.enabled,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** An invited account that has never finished its first sign-in still has to change its password. */
const signedInOnce = (user: IdentityUser) => user.status !== 'FORCE_CHANGE_PASSWORD';

function refused(refusal: AccessRefusal): AppError {
  return new AppError('FORBIDDEN', refusal.message, { detail: { reason: refusal.reason, params: refusal.params } });
}

// One collator for every comparison: localeCompare with a locale builds one per call, which
// made sorting 2,000 accounts cost about half a second.
const collator = new Intl.Collator('en', { sensitivity: 'base' });
const compareText = (a: string | null, b: string | null) => collator.compare(a ?? '', b ?? '');

export function createAccessControlService(deps: AccessControlDeps) {
  const { db, admin, directory, cutoffs, superAdminUserId } = deps;
  const actorOf = ({ user }: Actor): AccessActor => ({ id: user.sub, groups: user.groups });
  const staffRecords = createAccountStaffRecords({ db, admin });

  /** The account afresh from the provider, with its departments, for a rule to judge. */
  async function target(
    username: string,
  ): Promise<{ user: IdentityUser; departments: string[]; target: AccessTarget }> {
    const [user, departments] = await Promise.all([admin.getUser(username), admin.groupsOf(username)]);
    return {
      user,
      departments,
      target: { id: user.username, departments, enabled: user.enabled, signedInOnce: signedInOnce(user) },
    };
  }

  async function directoryFacts(): Promise<AccessDirectory> {
    const itAdmins = await admin.listUsersInGroup(SUPER_ADMIN_GROUP).catch((error: unknown) => {
      if ((error as AppError).code === 'NOT_FOUND') return [];
      throw error;
    });
    return { superAdminUserId, enabledItAdmins: itAdmins.filter((user) => user.enabled).length };
  }

  async function knownDepartments(names: readonly string[]): Promise<string[]> {
    const groups = await admin.listGroups();
    const unknown = names.find((name) => !groups.includes(name));
    if (unknown !== undefined) {
      throw validationError(`There is no department ${unknown}.`, 'departments', 'noSuchDepartment', { code: unknown });
    }
    return groups;
  }

  const audit = (actor: Actor, action: AuditAction, user: IdentityUser, before?: unknown, after?: unknown) =>
    recordAuditBy(db, actor, { area: AREA, action, target: user.username, targetLabel: user.email, before, after });

  return {
    /** Every group an account can be given, with the organisation's name for it (screens.md §14). */
    async departments(): Promise<DepartmentOption[]> {
      const [groups, named] = await Promise.all([admin.listGroups(), listDepartments(db)]);
      const names = new Map(named.map((department) => [department.code, department.name]));
      return groups.sort().map((code) => ({ code, name: names.get(code) ?? null }));
    },

    async list(query: z.output<typeof accountListQuerySchema>): Promise<AccountPage> {
      const snapshot = await directory.snapshot();
      const search = query.search?.toLowerCase() ?? '';
      const rows = snapshot.users
        .map((user) => accountOf(user, snapshot.departmentsOf.get(user.username) ?? []))
        .filter(
          (account) =>
            (search === '' ||
              account.email.toLowerCase().startsWith(search) ||
              (account.name ?? '').toLowerCase().startsWith(search)) &&
            (query.department === undefined || account.departments.includes(query.department)) &&
            (query.status === undefined ||
              (query.status === 'DISABLED' ? !account.enabled : account.status === query.status)),
        );
      const by: Record<typeof query.sort, (a: Account, b: Account) => number> = {
        email: (a, b) => compareText(a.email, b.email),
        name: (a, b) => compareText(a.name, b.name) || compareText(a.email, b.email),
        created: (a, b) => a.createdAt.localeCompare(b.createdAt) || compareText(a.email, b.email),
        modified: (a, b) => a.updatedAt.localeCompare(b.updatedAt) || compareText(a.email, b.email),
      };
      const direction = query.order === 'desc' ? -1 : 1;
      rows.sort((a, b) => direction * by[query.sort](a, b));
      const start = (query.page - 1) * query.pageSize;
      return {
        items: rows.slice(start, start + query.pageSize),
        total: rows.length,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async detail(actor: Actor, username: string): Promise<AccountDetail> {
      const [{ user, departments }, groups, entries] = await Promise.all([
        target(username),
        admin.listGroups(),
        auditOfTarget(db, username, ACCOUNT_AUDIT_LIMIT),
      ]);
      // The page reads the account afresh; a list that has it otherwise reads afresh next time.
      directory.observe(user, departments);
      return {
        account: accountOf(user, departments),
        signedInOnce: signedInOnce(user),
        grantable: grantableDepartments(actorOf(actor), { superAdminUserId }, groups.sort()),
        audit: entries,
        ...(await staffRecords.of(user)),
      };
    },

    async create(actor: Actor, input: z.output<typeof createAccountInputSchema>): Promise<Account> {
      await knownDepartments(input.departments);
      const refusal = departmentsChangeRefusal(
        actorOf(actor),
        { id: '', departments: [], enabled: true, signedInOnce: false },
        input.departments,
        { superAdminUserId, enabledItAdmins: Number.POSITIVE_INFINITY },
      );
      if (refusal) throw refused(refusal);
      const user = await admin.createUser({ email: input.email, name: input.name });
      const added: string[] = [];
      try {
        for (const department of input.departments) {
          await admin.addToGroup(user.username, department);
          added.push(department);
        }
      } finally {
        directory.invalidate();
        await audit(actor, 'account.create', user, null, {
          email: user.email,
          name: user.name,
          departments: added,
        });
      }
      return accountOf(user, added);
    },

    async setDepartments(actor: Actor, username: string, next: string[]): Promise<Account> {
      await knownDepartments(next);
      const [{ user, departments, target: current }, facts] = await Promise.all([target(username), directoryFacts()]);
      const refusal = departmentsChangeRefusal(actorOf(actor), current, next, facts);
      if (refusal) throw refused(refusal);
      const added = next.filter((name) => !departments.includes(name));
      const removed = departments.filter((name) => !next.includes(name));
      if (added.length === 0 && removed.length === 0) return accountOf(user, departments);
      try {
        for (const name of added) await admin.addToGroup(username, name);
        for (const name of removed) await admin.removeFromGroup(username, name);
      } finally {
        directory.invalidate();
        // Tokens carry the groups they were issued with: one that says otherwise is refused (even
        // when the change stopped halfway), and the web app's refresh brings one with the
        // departments as they are now (decision record 0041).
        await cutoffs?.cut(username);
      }
      await audit(
        actor,
        'account.departments',
        user,
        { departments: [...departments].sort() },
        { departments: [...next].sort() },
      );
      return accountOf(user, next);
    },

    async act(actor: Actor, username: string, action: AccountAction | 'delete'): Promise<void> {
      const [{ user, target: current }, facts] = await Promise.all([target(username), directoryFacts()]);
      const change: AccountChange = action;
      const refusal = accountChangeRefusal(actorOf(actor), current, change, facts);
      if (refusal) throw refused(refusal);
      switch (action) {
        case 'disable':
          await admin.setEnabled(username, false);
          await cutoffs?.cut(username);
          await revokeAllFeedsOf(db, username);
          break;
        case 'enable':
          await admin.setEnabled(username, true);
          break;
        case 'reset-password':
          await admin.resetPassword(username);
          await cutoffs?.cut(username);
          break;
        case 'sign-out':
          await admin.signOutEverywhere(username);
          await cutoffs?.cut(username);
          break;
        case 'resend-invitation':
          if (signedInOnce(user)) {
            throw validationError(
              'This account has signed in before: it needs no invitation.',
              undefined,
              'invitationNotNeeded',
            );
          }
          await admin.resendInvitation(username);
          break;
        case 'delete':
          await admin.deleteUser(username);
          await cutoffs?.cut(username);
          await revokeAllFeedsOf(db, username);
          break;
      }
      directory.invalidate();
      // The state the action left, read afresh, beside the one it found: a reset reads
      // "CONFIRMED → RESET_REQUIRED" in the trail, not "CONFIRMED → (none)". A deleted account has none.
      const after = action === 'delete' ? null : await admin.getUser(username);
      await audit(
        actor,
        `account.${action}`,
        user,
        { enabled: user.enabled, status: user.status },
        after && { enabled: after.enabled, status: after.status },
      );
    },
  };
}

export type AccessControlService = ReturnType<typeof createAccessControlService>;
