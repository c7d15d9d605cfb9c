import { validationError } from '@staff-portal/shared/errors';
import type { Officer } from '@staff-portal/shared/ir';
import type { Database } from '../../db/client';
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';
import { openCasesByOfficer } from './ir-cases.repository';

/** The departments whose accounts may be in charge of cases (docs/product/ir.md §2). */
export const OFFICER_GROUPS = ['IR', 'IRAdmin'] as const;

/** An officer's name as cases record it: the account's name, else its e-mail. */
export const accountName = (account: IdentityUser) => account.name ?? account.email;

/** The accounts of the IR departments, each once (docs/product/ir.md §2). */
export async function officerAccounts(identityAdmin: IdentityAdmin): Promise<IdentityUser[]> {
  const lists = await Promise.all(OFFICER_GROUPS.map((group) => identityAdmin.listUsersInGroup(group)));
  const byId = new Map<string, IdentityUser>();
  for (const account of lists.flat()) byId.set(account.username, account);
  return [...byId.values()];
}

/** The officers who may be in charge of cases: the accounts of the IR departments (docs/product/ir.md §2). */
export function createIrOfficerService({
  database,
  identityAdmin,
}: {
  database: Database;
  identityAdmin: IdentityAdmin;
}) {
  const { db } = database;
  const accounts = () => officerAccounts(identityAdmin);

  return {
    accounts,

    async officerOrRefuse(officerId: string): Promise<IdentityUser> {
      const officer = (await accounts()).find((account) => account.username === officerId && account.enabled);
      if (!officer) {
        throw validationError(
          'The officer must be an enabled account of the IR or IRAdmin department.',
          'officerId',
          'notAnOfficer',
        );
      }
      return officer;
    },

    /** The accounts of IR and IRAdmin through the identity provider's admin API, with their open cases. */
    async list(): Promise<Officer[]> {
      const [found, open] = await Promise.all([accounts(), openCasesByOfficer(db)]);
      return found
        .map((account) => ({
          id: account.username,
          name: accountName(account),
          email: account.email,
          openCases: open.get(account.username) ?? 0,
        }))
        .sort((a, b) => a.name.localeCompare(b.name, 'en') || a.email.localeCompare(b.email, 'en'));
    },
  };
}

export type IrOfficerService = ReturnType<typeof createIrOfficerService>;
