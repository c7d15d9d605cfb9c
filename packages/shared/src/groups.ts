/**
 * Departments and the one group check of docs/product/specification.md §6 / docs/product/access.md, used by the web guards and
 * the server's route guards alike.
 */

/** The super-admin group: passes every check (docs/product/specification.md §6). */
export const SUPER_ADMIN_GROUP = 'ITAdmin';

/**
 * Departments of docs/product/specification.md §1 other than the organisation's own, whose name is configured
 * (`ORG_DEPARTMENT`, seed `{product}`).
 */
export const FIXED_DEPARTMENTS = [
  'HR',
  'HRAdmin',
  'ITAdmin',
  'IR',
  'IRAdmin',
  'CLUB',
  'CREDIT_COOP',
  'GS_COOP',
] as const;

/** The route guards of docs/product/specification.md §1, §6 and the departments each names. */
export const GUARD_GROUPS = {
  SHARED: ['HR'],
  ADMIN: ['HRAdmin', 'ITAdmin'],
  IR: ['ITAdmin', 'IRAdmin', 'IR'],
  ITAdmin: ['ITAdmin'],
} as const satisfies Record<string, readonly string[]>;

export type GuardGroup = keyof typeof GUARD_GROUPS;

const ADMIN = 'Admin';

/** "HRAdmin" → "HR"; "HR" → "HR". */
export function baseDepartment(group: string): string {
  return group.includes(ADMIN) ? group.replace(ADMIN, '') : group;
}

export const isAdminGroup = (group: string): boolean => group.includes(ADMIN);

/** Who is asking: their identity-provider id (`sub`) and their groups (`cognito:groups`). */
export interface GroupHolder {
  id: string;
  groups: readonly string[];
}

export interface GroupCheckOptions {
  /** The fixed super-admin user id (docs/product/specification.md §6), when one is configured. */
  superAdminUserId?: string | undefined;
}

/**
 * Seed §6: the check passes if the user holds any requested group; a requested name containing
 * "Admin" is met only by an admin group of the same base name (HRAdmin meets HRAdmin, HR does
 * not); a plain name is met by itself or its admin form (HRAdmin meets HR). ITAdmin and the
 * super-admin user pass every check. An empty request passes (any signed-in user).
 */
export function hasAnyGroup(user: GroupHolder, requested: readonly string[], options: GroupCheckOptions = {}): boolean {
  if (requested.length === 0) return true;
  if (options.superAdminUserId !== undefined && options.superAdminUserId !== '' && user.id === options.superAdminUserId)
    return true;
  if (user.groups.includes(SUPER_ADMIN_GROUP)) return true;
  return requested.some((wanted) =>
    user.groups.some((held) => {
      if (baseDepartment(held) !== baseDepartment(wanted)) return false;
      return isAdminGroup(wanted) ? isAdminGroup(held) : true;
    }),
  );
}

/** The departments a guard admits, for `hasAnyGroup`. */
export function departmentsOf(guards: readonly GuardGroup[]): string[] {
  return [...new Set(guards.flatMap((guard) => GUARD_GROUPS[guard]))];
}

/** Whether the user passes any of the guards (none: every signed-in user does). */
export function passesGuards(user: GroupHolder, guards: readonly GuardGroup[], options: GroupCheckOptions = {}) {
  return guards.length === 0 || hasAnyGroup(user, departmentsOf(guards), options);
}

export interface MergedDepartment {
  /** Base name: "HR" for both HR and HRAdmin. */
  name: string;
  admin: boolean;
}

/**
 * Seed §2 profile: departments merged per base name, marked admin when any entry carries
 * Admin; admin entries first, each part in the order the groups came.
 */
export function mergeDepartments(groups: readonly string[]): MergedDepartment[] {
  const merged = new Map<string, MergedDepartment>();
  for (const group of groups) {
    const name = baseDepartment(group);
    const entry = merged.get(name) ?? { name, admin: false };
    entry.admin ||= isAdminGroup(group);
    merged.set(name, entry);
  }
  const entries = [...merged.values()];
  return [...entries.filter((entry) => entry.admin), ...entries.filter((entry) => !entry.admin)];
}
