import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';

/** Every account with its departments, as one replica last read them from the identity provider. */
export interface DirectorySnapshot {
  users: IdentityUser[];
  groups: string[];
  departmentsOf: Map<string, string[]>;
  readAt: number;
  /** The accounts' data version it was read under (embedded mode); null without one. */
  version: number | null;
}

/** How long a snapshot answers the list before it is read again, without a data version (Cognito). */
export const DIRECTORY_TTL_MS = 30_000;

export interface AccountDirectoryOptions {
  ttlMs?: number;
  now?: () => number;
  /**
   * The accounts' data version, raised at the commit of every change to what the list shows
   * (migration 0032; decision record 0077). Given when the accounts live in this server's
   * database (the embedded identity service): the snapshot then answers exactly while the version
   * stands, whoever made the change, and the time to live does not apply.
   */
  version?: () => Promise<number | null>;
}

const sameDepartments = (a: readonly string[], b: readonly string[]) => {
  const sorted = [...b].sort();
  return a.length === b.length && [...a].sort().every((name, i) => name === sorted[i]);
};

/**
 * The accounts list's source (decision records 0077 and 0088): ListUsers for the accounts and one
 * ListUsersInGroup per group for the department column, a handful of paged calls in all rather
 * than one AdminListGroupsForUser per account, which Cognito's admin quotas would throttle at a
 * few thousand accounts. The list filters, sorts and pages this snapshot.
 *
 * The list, its status filter and the account's page show one truth (docs/product/screens.md §14):
 * - With the embedded identity service, a snapshot is kept exactly as long as the accounts' data
 *   version stands. A person finishing their first sign-in, a change on another replica, the
 *   seed: each raises it, and the next list reads afresh.
 * - With Cognito, nothing tells the portal of a change made outside it (a person choosing their
 *   password). A snapshot answers for at most the time to live, then the next list waits for a
 *   fresh one; this replica's own changes, and an account page that reads an account otherwise
 *   than the snapshot has it, make the next list read afresh at once.
 *
 * The rules of a change never rely on it: they read the account afresh.
 */
export function createAccountDirectory(admin: IdentityAdmin, options: AccountDirectoryOptions = {}) {
  const ttl = options.ttlMs ?? DIRECTORY_TTL_MS;
  const now = options.now ?? Date.now;
  let current: DirectorySnapshot | undefined;
  let reading: { generation: number; version: number | null; promise: Promise<DirectorySnapshot> } | undefined;
  let generation = 0;

  const read = (version: number | null): Promise<DirectorySnapshot> => {
    if (reading !== undefined && reading.generation === generation && reading.version === version) {
      return reading.promise;
    }
    const started = generation;
    const promise = (async () => {
      const [users, groups] = await Promise.all([admin.listUsers(), admin.listGroups()]);
      const members = await Promise.all(groups.map((group) => admin.listUsersInGroup(group)));
      const departmentsOf = new Map<string, string[]>();
      groups.forEach((group, index) => {
        for (const member of members[index]!) {
          const list = departmentsOf.get(member.username) ?? [];
          list.push(group);
          departmentsOf.set(member.username, list);
        }
      });
      const snapshot = { users, groups: [...groups].sort(), departmentsOf, readAt: now(), version };
      // A change made through this replica while this was read leaves it out of date, and one read
      // under an older version than the one kept is older than it: neither is kept.
      const newer = current === undefined || version === null || (current.version ?? -1) <= version;
      if (started === generation && newer) current = snapshot;
      return snapshot;
    })();
    const entry = { generation: started, version, promise };
    reading = entry;
    promise.then(
      () => {
        if (reading === entry) reading = undefined;
      },
      () => {
        if (reading === entry) reading = undefined;
      },
    );
    return promise;
  };

  const invalidate = () => {
    generation++;
    current = undefined;
  };

  return {
    async snapshot(): Promise<DirectorySnapshot> {
      // Read before the accounts: a snapshot kept under a version is never older than it.
      const version = options.version === undefined ? null : await options.version();
      if (version !== null) return current !== undefined && current.version === version ? current : read(version);
      if (current !== undefined && now() - current.readAt <= ttl) return current;
      return read(null);
    },
    /** After a change through this replica: the next list reads the provider again. */
    invalidate,
    /**
     * An account as just read afresh from the provider (its page): when the snapshot has it
     * otherwise, the snapshot is out of date, and the next list reads the provider again.
     */
    observe(user: IdentityUser, departments: readonly string[]) {
      if (current === undefined) return;
      const kept = current.users.find((candidate) => candidate.username === user.username);
      const differs =
        kept === undefined ||
        kept.status !== user.status ||
        kept.enabled !== user.enabled ||
        kept.email !== user.email ||
        kept.name !== user.name ||
        !sameDepartments(current.departmentsOf.get(user.username) ?? [], departments);
      if (differs) invalidate();
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
