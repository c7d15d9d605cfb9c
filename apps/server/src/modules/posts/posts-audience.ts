import { EVERYONE, audienceKeys, type Audience } from '@staff-portal/shared/posts-rules';
import type { IdentityAdmin, IdentityUser } from '../access-control/identity-admin';

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
export function audienceDirectory(identityAdmin: IdentityAdmin) {
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

  return {
    /** The enabled accounts of the audience, each once. */
    async accountsOf(audience: Audience): Promise<IdentityUser[]> {
      let accounts: IdentityUser[];
      if (audience === EVERYONE) {
        everyone ??= identityAdmin.listUsers();
        accounts = await everyone;
      } else {
        groups ??= identityAdmin.listGroups();
        const wanted = (await groups).filter((group) => {
          const keys = audienceKeys([group]);
          return audience.some((department) => keys.includes(department));
        });
        accounts = (await Promise.all(wanted.map(membersOf))).flat();
      }
      const byId = new Map<string, IdentityUser>();
      for (const account of accounts) if (account.enabled) byId.set(account.username, account);
      return [...byId.values()];
    },
  };
}

export type AudienceDirectory = ReturnType<typeof audienceDirectory>;
