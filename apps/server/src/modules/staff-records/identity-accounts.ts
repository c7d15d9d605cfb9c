import { AppError } from '@staff-portal/shared/errors';
import * as admin from '@staff-portal/identity/admin';
import type { IdentityService } from '@staff-portal/identity/service';

/** An identity account as the staff-record form offers it. */
export interface IdentityAccount {
  sub: string;
  email: string;
  name: string | null;
}

/**
 * The identity accounts a staff record can be linked to, asked of the user pool with Cognito's
 * ListUsers: in process from the embedded identity service, through the AWS SDK from Amazon
 * Cognito. The same request and answer either way.
 */
export interface IdentityAccounts {
  /** Enabled accounts whose e-mail or name starts with the text (any case), or the first ones without text. */
  find(text: string, limit: number): Promise<IdentityAccount[]>;
  /** The account with this `sub`, if there is one. */
  bySub(sub: string): Promise<IdentityAccount | undefined>;
}

interface ListUsersInput {
  UserPoolId: string;
  Filter?: string;
  Limit: number;
}

interface ListedUser {
  Username?: string | undefined;
  Enabled?: boolean | undefined;
  Attributes?: { Name?: string | undefined; Value?: string | undefined }[] | undefined;
}

type ListUsers = (input: ListUsersInput) => Promise<{ Users?: ListedUser[] | undefined }>;

function accountOf(user: ListedUser): IdentityAccount | undefined {
  const attribute = (name: string) => user.Attributes?.find((a) => a.Name === name)?.Value;
  const sub = attribute('sub') ?? user.Username;
  const email = attribute('email');
  if (sub === undefined || email === undefined || user.Enabled === false) return undefined;
  return { sub, email, name: attribute('name') ?? null };
}

/** ListUsers' filter grammar has no escapes worth trusting: quotes and backslashes are left out. */
const filterValue = (text: string) => text.replace(/["\\]/g, '');

function unavailable(cause: unknown): AppError {
  const error = new AppError(
    'NOT_READY',
    'The identity accounts cannot be listed just now. Type the name and e-mail instead: the record links to the account when that person first opens the leave pages.',
  );
  error.cause = cause;
  return error;
}

function accountsOver(listUsers: ListUsers, userPoolId: string): IdentityAccounts {
  const list = async (filter: string | undefined, limit: number) => {
    try {
      const { Users = [] } = await listUsers({
        UserPoolId: userPoolId,
        Limit: limit,
        ...(filter === undefined ? {} : { Filter: filter }),
      });
      return Users.map(accountOf).filter((a): a is IdentityAccount => a !== undefined);
    } catch (error) {
      throw unavailable(error);
    }
  };
  return {
    async find(text, limit) {
      const value = filterValue(text.trim());
      if (value === '') return list(undefined, limit);
      // One attribute per filter (Cognito's rule): by e-mail, then by name, each sub once.
      // Both settle before an answer: a failure of one leaves no call of the other still going.
      const [emails, names] = await Promise.allSettled([
        list(`email ^= "${value}"`, limit),
        list(`name ^= "${value}"`, limit),
      ]);
      if (emails.status === 'rejected') throw emails.reason;
      if (names.status === 'rejected') throw names.reason;
      const [byEmail, byName] = [emails.value, names.value];
      const bySub = new Map<string, IdentityAccount>();
      for (const account of [...byEmail, ...byName]) if (!bySub.has(account.sub)) bySub.set(account.sub, account);
      return [...bySub.values()].slice(0, limit);
    },
    async bySub(sub) {
      const [account] = await list(`sub = "${filterValue(sub)}"`, 1);
      return account;
    },
  };
}

/** The embedded identity service's accounts, asked in process (no HTTP, no signature). */
export function embeddedIdentityAccounts(identity: IdentityService): IdentityAccounts {
  return accountsOver((input) => admin.listUsers(identity.context, { ...input }), identity.context.config.userPoolId);
}

/**
 * A user pool's accounts through the AWS SDK: Amazon Cognito with the server's AWS credentials
 * (the default chain: environment, instance or task role; they need cognito-idp:ListUsers), or
 * any endpoint that speaks the same protocol.
 */
export function cognitoIdentityAccounts(options: {
  region: string;
  userPoolId: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): IdentityAccounts {
  // Loaded on first use: only Cognito deployments need the SDK at run time.
  const client = import('@aws-sdk/client-cognito-identity-provider').then(
    ({ CognitoIdentityProviderClient, ListUsersCommand }) => ({
      sdk: new CognitoIdentityProviderClient({
        region: options.region,
        maxAttempts: 2,
        ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
        ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      }),
      ListUsersCommand,
    }),
  );
  return accountsOver(async (input) => {
    const { sdk, ListUsersCommand } = await client;
    return sdk.send(new ListUsersCommand(input));
  }, options.userPoolId);
}
