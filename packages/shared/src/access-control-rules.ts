import type { ErrorReason } from './error-reasons';
import { SUPER_ADMIN_GROUP } from './groups';

/**
 * Who may change which account (docs/product/access.md §5, decision record 0037): pure rules,
 * applied by the server before it calls the identity provider, and by the web app to offer only
 * what would be allowed. A refusal names its reason; the server answers it with 403.
 */

/** The departments only ITAdmin (and the super-admin) may grant or revoke. */
export const PROTECTED_DEPARTMENTS: readonly string[] = ['HRAdmin', SUPER_ADMIN_GROUP];

export interface AccessActor {
  id: string;
  groups: readonly string[];
}

export interface AccessTarget {
  id: string;
  departments: readonly string[];
  enabled: boolean;
  /** Whether the account has ever signed in (finished its first sign-in). */
  signedInOnce: boolean;
}

export interface AccessDirectory {
  /** The configured super-admin user id, if any. */
  superAdminUserId?: string | undefined;
  /** How many enabled accounts hold ITAdmin now. */
  enabledItAdmins: number;
}

/** A refusal's reason is one of the error reasons, so that the web app words it in the user's language. */
export type AccessRefusalReason = Extract<
  ErrorReason,
  'protectedDepartment' | 'protectedAccount' | 'superAdminProtected' | 'lastItAdmin' | 'ownAccount' | 'signedInBefore'
>;

export interface AccessRefusal {
  reason: AccessRefusalReason;
  message: string;
  params: Record<string, string>;
}

export type AccountChange = 'disable' | 'enable' | 'reset-password' | 'sign-out' | 'resend-invitation' | 'delete';

const refusal = (reason: AccessRefusalReason, message: string, params: Record<string, string> = {}): AccessRefusal => ({
  reason,
  message,
  params,
});

/** ITAdmin, or the configured super-admin: may grant and revoke every department. */
export function actsAsItAdmin(actor: AccessActor, directory: Pick<AccessDirectory, 'superAdminUserId'>): boolean {
  return actor.groups.includes(SUPER_ADMIN_GROUP) || actor.id === directory.superAdminUserId;
}

/** The departments of `all` this actor may grant or revoke. */
export function grantableDepartments(
  actor: AccessActor,
  directory: Pick<AccessDirectory, 'superAdminUserId'>,
  all: readonly string[],
): string[] {
  return actsAsItAdmin(actor, directory) ? [...all] : all.filter((name) => !PROTECTED_DEPARTMENTS.includes(name));
}

const holdsItAdmin = (target: AccessTarget) => target.departments.includes(SUPER_ADMIN_GROUP);
const isProtectedAccount = (target: AccessTarget) =>
  target.departments.some((name) => PROTECTED_DEPARTMENTS.includes(name));
const isLastItAdmin = (target: AccessTarget, directory: AccessDirectory) =>
  holdsItAdmin(target) && target.enabled && directory.enabledItAdmins <= 1;

/** Why this actor may not set the target's departments to `next`, or null when they may. */
export function departmentsChangeRefusal(
  actor: AccessActor,
  target: AccessTarget,
  next: readonly string[],
  directory: AccessDirectory,
): AccessRefusal | null {
  const added = next.filter((name) => !target.departments.includes(name));
  const removed = target.departments.filter((name) => !next.includes(name));
  if (!actsAsItAdmin(actor, directory)) {
    const touched = [...added, ...removed].find((name) => PROTECTED_DEPARTMENTS.includes(name));
    if (touched !== undefined) {
      return refusal('protectedDepartment', `Only ITAdmin can grant or revoke ${touched}.`, { department: touched });
    }
  }
  if (removed.includes(SUPER_ADMIN_GROUP)) {
    if (target.id === directory.superAdminUserId) {
      return refusal('superAdminProtected', 'The super-admin cannot be removed from ITAdmin.');
    }
    if (isLastItAdmin(target, directory)) {
      return refusal('lastItAdmin', 'This is the last enabled ITAdmin account: it keeps ITAdmin.');
    }
  }
  return null;
}

/** Why this actor may not make this change to the target account, or null when they may. */
export function accountChangeRefusal(
  actor: AccessActor,
  target: AccessTarget,
  change: AccountChange,
  directory: AccessDirectory,
): AccessRefusal | null {
  if (!actsAsItAdmin(actor, directory) && isProtectedAccount(target)) {
    return refusal('protectedAccount', 'Only ITAdmin can change an account that holds HRAdmin or ITAdmin.');
  }
  if (change !== 'disable' && change !== 'delete') return null;
  const verb = change === 'disable' ? 'disabled' : 'deleted';
  if (target.id === directory.superAdminUserId) {
    return refusal('superAdminProtected', `The super-admin cannot be ${verb}.`);
  }
  if (target.id === actor.id) {
    return refusal('ownAccount', `Your own account cannot be ${verb} by you.`);
  }
  if (isLastItAdmin(target, directory)) {
    return refusal('lastItAdmin', `This is the last enabled ITAdmin account: it cannot be ${verb}.`);
  }
  if (change === 'delete' && target.signedInOnce) {
    return refusal('signedInBefore', 'This account has signed in before: disable it instead of deleting it.');
  }
  return null;
}
