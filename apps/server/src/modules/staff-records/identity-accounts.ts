import { AppError } from '@staff-portal/shared/errors';
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';

/** An identity account as the staff-record form offers it. */
export interface IdentityAccount {
  sub: string;
  email: string;
  name: string | null;
}

/**
 * The identity accounts a staff record can be linked to, asked of the user pool through the
 * identity admin client (Cognito's ListUsers, in both identity modes: decision record 0037).
 */
export interface IdentityAccounts {
  /** Enabled accounts whose e-mail or name starts with the text (any case), or the first ones without text. */
  find(text: string, limit: number): Promise<IdentityAccount[]>;
  /** The account with this `sub`, if there is one. */
  bySub(sub: string): Promise<IdentityAccount | undefined>;
}

function accountOf(user: IdentityUser): IdentityAccount | undefined {
  if (!user.enabled || user.email === '') return undefined;
  return { sub: user.username, email: user.email, name: user.name };
}

function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'NOT_READY',
    'The identity accounts cannot be listed just now. Type the name and e-mail instead: the record links to the account when that person first opens the leave pages.',
  );
  error.cause = cause;
  return error;
}

const enabled = (users: IdentityUser[]) => users.map(accountOf).filter((a): a is IdentityAccount => a !== undefined);

export function identityAccountsOver(admin: IdentityAdmin): IdentityAccounts {
  const asked = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    find: (text, limit) =>
      asked(async () => {
        const value = text.trim();
        if (value === '') return enabled(await admin.findByPrefix('email', '', limit));
        // One attribute per filter (Cognito's rule): by e-mail, then by name, each sub once.
        // Both settle before an answer: a failure of one leaves no call of the other still going.
        const [emails, names] = await Promise.allSettled([
          admin.findByPrefix('email', value, limit),
          admin.findByPrefix('name', value, limit),
        ]);
        if (emails.status === 'rejected') throw emails.reason;
        if (names.status === 'rejected') throw names.reason;
        const bySub = new Map<string, IdentityAccount>();
        for (const account of enabled([...emails.value, ...names.value])) {
          if (!bySub.has(account.sub)) bySub.set(account.sub, account);
        }
        return [...bySub.values()].slice(0, limit);
      }),
    bySub: (sub) =>
      asked(async () => {
        const user = await admin.findBySub(sub);
        return user && accountOf(user);
      }),
  };
}
