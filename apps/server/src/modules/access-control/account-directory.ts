import type { IdentityAdmin, IdentityUser } from './identity-admin';

/** Every account with its departments, as one replica last read them from the identity provider. */
export interface DirectorySnapshot {
  users: IdentityUser[];
  groups: string[];
  departmentsOf: Map<string, string[]>;
  readAt: number;
}

/** How long a snapshot answers the list before it is read again (in the background). */
export const DIRECTORY_TTL_MS = 30_000;

/**
 * The accounts list's source (decision record 0037): ListUsers for the accounts and one
 * ListUsersInGroup per group for the department column, a handful of paged calls in all rather
 * than one AdminListGroupsForUser per account, which Cognito's admin quotas would throttle at a
 * few thousand accounts. The list filters, sorts and pages this snapshot. An older one still
 * answers while a new one is read; this replica's own changes make the next list wait for a
 * fresh one. The rules of a change never rely on it: they read the account afresh.
 */
export function createAccountDirectory(admin: IdentityAdmin, options: { ttlMs?: number; now?: () => number } = {}) {
  const ttl = options.ttlMs ?? DIRECTORY_TTL_MS;
  const now = options.now ?? Date.now;
  let current: DirectorySnapshot | undefined;
  let reading: { generation: number; promise: Promise<DirectorySnapshot> } | undefined;
  let generation = 0;

  const read = (): Promise<DirectorySnapshot> => {
    if (reading !== undefined && reading.generation === generation) return reading.promise;
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
      const snapshot = { users, groups: [...groups].sort(), departmentsOf, readAt: now() };
      // A change made while this was read leaves it out of date: it is not kept.
      if (started === generation) current = snapshot;
      return snapshot;
    })();
    const entry = { generation: started, promise };
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

  return {
    async snapshot(): Promise<DirectorySnapshot> {
      if (current === undefined) return read();
      if (now() - current.readAt > ttl) void read().catch(() => undefined);
      return current;
    },
    /** After a change through this replica: the next list reads the provider again. */
    invalidate() {
      generation++;
      current = undefined;
    },
  };
}

export type AccountDirectory = ReturnType<typeof createAccountDirectory>;
