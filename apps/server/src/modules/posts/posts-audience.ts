import type { FastifyBaseLogger } from 'fastify';
import { EVERYONE, audienceKeys, type Audience } from '@staff-portal/shared/posts-rules';
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';

/**
 * Who is in an audience, by the identity provider (decision record 0048): the enabled accounts of
 * the groups that belong to one of its departments (a group `G` belongs to department `D` when
 * `D` is among `audienceKeys([G])`: `HRAdmin` belongs to `HR` as well as to `HRAdmin`), or every
 * enabled account for `everyone`. These are the "M" of "seen by N of M", the recipients of the
 * publish e-mail and the list of who has not seen a post.
 *
 * A directory remembers what it asked for its own life only: make one per request (or per round
 * of the mail loop), so a change of departments counts at the next request.
 */
export function audienceDirectory(identityAdmin: IdentityAdmin): AudienceDirectory {
  let groups: Promise<string[]> | undefined;
  let everyone: Promise<IdentityUser[]> | undefined;
  const members = new Map<string, Promise<IdentityUser[]>>();

  const membersOf = (group: string) => {
    let list = members.get(group);
    if (!list) {
      list = identityAdmin.listUsersInGroup(group);
      members.set(group, list);
    }
    return list;
  };

  const enabled = (accounts: IdentityUser[]) => accounts.filter((account) => account.enabled);
  // What was worked out of the answers, kept with them: an admin page asks for the same audiences'
  // accounts on every request, 2,000 accounts each at the large size (decision record 0059).
  const audiences = new Map<string, Promise<IdentityUser[]>>();
  const usernames = new Map<string, Promise<string[]>>();
  const usernamesOf = (name: string, list: () => Promise<IdentityUser[]>) => {
    let names = usernames.get(name);
    if (!names) {
      names = list().then((accounts) => enabled(accounts).map((account) => account.username));
      // A failed answer is not kept: the next request asks again.
      names.catch(() => usernames.delete(name));
      usernames.set(name, names);
    }
    return names;
  };

  /** The groups whose accounts make up the audience's departments. */
  async function groupsOf(departments: readonly string[]): Promise<string[]> {
    groups ??= identityAdmin.listGroups();
    return (await groups).filter((group) => {
      const keys = audienceKeys([group]);
      return departments.some((department) => keys.includes(department));
    });
  }

  return {
    /**
     * A new directory that has asked afresh for all this one has asked for, ready once every
     * answer is in: it can take this one's place without any request waiting for the provider.
     */
    async renewed(): Promise<AudienceDirectory> {
      const next = audienceDirectory(identityAdmin);
      await next.ask({ everyone: everyone !== undefined, groups: groups !== undefined, members: [...members.keys()] });
      return next;
    },

    /** Asks the provider for these lists now (renewed). */
    async ask(what: { everyone: boolean; groups: boolean; members: string[] }): Promise<void> {
      if (what.everyone) everyone ??= identityAdmin.listUsers();
      if (what.groups) groups ??= identityAdmin.listGroups();
      await Promise.all([everyone, groups, ...what.members.map(membersOf)]);
    },

    /** The enabled accounts of the audience, each once. */
    accountsOf(audience: Audience): Promise<IdentityUser[]> {
      const key = audience === EVERYONE ? EVERYONE : JSON.stringify([...audience].sort());
      let accounts = audiences.get(key);
      if (!accounts) {
        accounts = (async () => {
          let all: IdentityUser[];
          if (audience === EVERYONE) {
            everyone ??= identityAdmin.listUsers();
            all = await everyone;
          } else {
            all = (await Promise.all((await groupsOf(audience)).map(membersOf))).flat();
          }
          const byId = new Map<string, IdentityUser>();
          for (const account of enabled(all)) byId.set(account.username, account);
          return [...byId.values()];
        })();
        accounts.catch(() => audiences.delete(key));
        audiences.set(key, accounts);
      }
      return accounts;
    },

    /**
     * The audience as lists of accounts that together make it up, each list named once however
     * many audiences share it: `everyone`'s one list, or one per group of its departments. Counting
     * the readers of many posts sends each list once (readersAmong), not once per audience.
     */
    async listsOf(audience: Audience): Promise<{ name: string; usernames: () => Promise<string[]> }[]> {
      if (audience === EVERYONE) {
        return [
          {
            name: EVERYONE,
            usernames: () => usernamesOf(EVERYONE, () => (everyone ??= identityAdmin.listUsers())),
          },
        ];
      }
      return (await groupsOf(audience)).map((group) => ({
        // A group is named by the identity provider; the prefix keeps it apart from `everyone`.
        name: `group:${group}`,
        usernames: () => usernamesOf(`group:${group}`, () => membersOf(group)),
      }));
    },
  };
}

export interface AudienceDirectory {
  renewed(): Promise<AudienceDirectory>;
  ask(what: { everyone: boolean; groups: boolean; members: string[] }): Promise<void>;
  accountsOf(audience: Audience): Promise<IdentityUser[]>;
  listsOf(audience: Audience): Promise<{ name: string; usernames: () => Promise<string[]> }[]>;
}

/** A directory shared by the requests of a while, renewed in the background (keptDirectory). */
export interface KeptDirectory {
  /** The directory to ask now. */
  current(): AudienceDirectory;
  /** Drops it after a failed answer: the next request asks the provider itself. */
  forget(): void;
}

/**
 * One directory shared for `ttlMs`, so a page does not ask the identity provider for every group
 * on every request (decision record 0048). Then it is renewed in the background while it is still
 * used, and replaced once the new one has every answer (decision record 0096): listing 2,000
 * accounts takes the provider dozens of pages, which no request should wait for. A change of
 * departments shows within that time and the renewal's.
 */
export function keptDirectory(
  identityAdmin: IdentityAdmin,
  options: { ttlMs: number; log: FastifyBaseLogger; what: string },
): KeptDirectory {
  let kept: { directory: AudienceDirectory; until: number; renewing: boolean } | undefined;
  return {
    current() {
      const at = Date.now();
      if (!kept) {
        kept = { directory: audienceDirectory(identityAdmin), until: at + options.ttlMs, renewing: false };
      } else if (kept.until <= at && !kept.renewing) {
        const old = kept;
        old.renewing = true;
        old.directory.renewed().then(
          (renewed) => {
            if (kept === old) kept = { directory: renewed, until: Date.now() + options.ttlMs, renewing: false };
          },
          (error: unknown) => {
            // The next request asks the provider itself, and answers its refusal if it cannot.
            if (kept === old) kept = undefined;
            options.log.warn({ err: error }, `${options.what} not renewed: the identity provider could not be asked`);
          },
        );
      }
      return kept.directory;
    },
    forget() {
      kept = undefined;
    },
  };
}
