import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
  type AttributeType,
  type CognitoIdentityProviderClientConfig,
  type UserType,
} from '@aws-sdk/client-cognito-identity-provider';
import type { FastifyInstance } from 'fastify';
import { AppError, notFound } from '@staff-portal/shared/errors';

/** An identity account as the identity provider reports it. */
export interface IdentityUser {
  username: string;
  email: string;
  name: string | null;
  status: string;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * The identity provider's admin API as every module uses it: the AWS SDK's Cognito client, in
 * both identity modes (decision record 0088). Against Amazon Cognito it signs with the server's
 * AWS credentials; against the embedded service it signs with the service's admin key pair and
 * its requests are handed to the service in process, so the same requests, signatures, paging
 * tokens and errors are exercised either way.
 */
export interface IdentityAdmin {
  listUsers(): Promise<IdentityUser[]>;
  listUsersInGroup(group: string): Promise<IdentityUser[]>;
  /**
   * Up to `limit` (at most 60) accounts whose e-mail or name starts with the text (ListUsers'
   * filter, any case); the first accounts when the text is empty.
   */
  findByPrefix(attribute: 'email' | 'name', text: string, limit?: number): Promise<IdentityUser[]>;
  /** The account whose `sub` this is, if there is one. */
  findBySub(sub: string): Promise<IdentityUser | undefined>;
  listGroups(): Promise<string[]>;
  getUser(username: string): Promise<IdentityUser>;
  groupsOf(username: string): Promise<string[]>;
  createUser(input: { email: string; name: string }): Promise<IdentityUser>;
  resendInvitation(username: string): Promise<void>;
  addToGroup(username: string, group: string): Promise<void>;
  removeFromGroup(username: string, group: string): Promise<void>;
  setEnabled(username: string, enabled: boolean): Promise<void>;
  resetPassword(username: string): Promise<void>;
  signOutEverywhere(username: string): Promise<void>;
  deleteUser(username: string): Promise<void>;
}

const attribute = (attributes: AttributeType[] | undefined, name: string) =>
  attributes?.find((a) => a.Name === name)?.Value;

function userOf(
  user: UserType | ({ Username?: string; UserAttributes?: AttributeType[] } & Omit<UserType, 'Attributes'>),
): IdentityUser {
  const attributes =
    'Attributes' in user ? user.Attributes : (user as { UserAttributes?: AttributeType[] }).UserAttributes;
  return {
    username: attribute(attributes, 'sub') ?? user.Username ?? '',
    email: attribute(attributes, 'email') ?? '',
    name: attribute(attributes, 'name') ?? null,
    status: user.UserStatus ?? 'UNKNOWN',
    enabled: user.Enabled !== false,
    createdAt: user.UserCreateDate ?? new Date(0),
    updatedAt: user.UserLastModifiedDate ?? user.UserCreateDate ?? new Date(0),
  };
}

/** The identity provider's errors as the API answers them; anything else is its outage. */
function translated(error: unknown, email?: string): Error {
  const name = (error as { name?: string }).name;
  if (name === 'UserNotFoundException') return notFound('There is no such account.');
  if (name === 'UsernameExistsException' || name === 'AliasExistsException') {
    return new AppError('CONFLICT', `There is already an account with the e-mail ${email ?? 'given'}.`, {
      field: 'email',
      detail: { reason: 'accountExists', params: { email: email ?? '' } },
    });
  }
  if (name === 'ResourceNotFoundException') return notFound('There is no such department in the user pool.');
  // Cognito's answer to re-inviting an account that has chosen its password since it was read.
  if (name === 'UnsupportedUserStateException') {
    return new AppError('CONFLICT', 'This account has signed in before: it needs no invitation.', {
      detail: { reason: 'invitationNotNeeded', params: {} },
    });
  }
  if (name === 'InvalidParameterException') return new AppError('VALIDATION_ERROR', (error as Error).message);
  if (name === 'TooManyRequestsException' || name === 'LimitExceededException') {
    return new AppError('RATE_LIMITED', 'The identity service is busy. Try again in a moment.');
  }
  const outage = new AppError('NOT_READY', 'The identity service cannot be reached just now. Try again later.');
  outage.cause = error;
  return outage;
}

export function identityAdminOver(client: CognitoIdentityProviderClient, userPoolId: string): IdentityAdmin {
  const pool = { UserPoolId: userPoolId };
  const call = async <T>(run: () => Promise<T>, email?: string): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translated(error, email);
    }
  };
  /**
   * One page of ListUsers, filtered on one attribute (`^=` starts with, `=` equals) or not at all.
   * The filter grammar has no escapes worth trusting: quotes and backslashes are left out.
   */
  const findUsers = (filter: [attribute: string, operator: '^=' | '=', value: string] | undefined, limit: number) =>
    call(async () => {
      const Filter = filter && `${filter[0]} ${filter[1]} "${filter[2].replace(/["\\]/g, '')}"`;
      const page = await client.send(new ListUsersCommand({ ...pool, Limit: Math.min(limit, 60), Filter }));
      return (page.Users ?? []).map(userOf);
    });
  return {
    listUsers: () =>
      call(async () => {
        const users: IdentityUser[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListUsersCommand({ ...pool, Limit: 60, PaginationToken: token }));
          users.push(...(page.Users ?? []).map(userOf));
          token = page.PaginationToken;
        } while (token !== undefined);
        return users;
      }),
    listUsersInGroup: (group) =>
      call(async () => {
        const users: IdentityUser[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new ListUsersInGroupCommand({ ...pool, GroupName: group, Limit: 60, NextToken: token }),
          );
          users.push(...(page.Users ?? []).map(userOf));
          token = page.NextToken;
        } while (token !== undefined);
        return users;
      }),
    findByPrefix: (attribute, text, limit = 60) => findUsers(text === '' ? undefined : [attribute, '^=', text], limit),
    findBySub: async (sub) => (await findUsers(['sub', '=', sub], 1))[0],
    listGroups: () =>
      call(async () => {
        const names: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(new ListGroupsCommand({ ...pool, Limit: 60, NextToken: token }));
          names.push(...(page.Groups ?? []).flatMap((group) => (group.GroupName ? [group.GroupName] : [])));
          token = page.NextToken;
        } while (token !== undefined);
        return names;
      }),
    getUser: (username) =>
      call(async () => userOf(await client.send(new AdminGetUserCommand({ ...pool, Username: username })))),
    groupsOf: (username) =>
      call(async () => {
        const names: string[] = [];
        let token: string | undefined;
        do {
          const page = await client.send(
            new AdminListGroupsForUserCommand({ ...pool, Username: username, Limit: 60, NextToken: token }),
          );
          names.push(...(page.Groups ?? []).flatMap((group) => (group.GroupName ? [group.GroupName] : [])));
          token = page.NextToken;
        } while (token !== undefined);
        return names;
      }),
    createUser: ({ email, name }) =>
      call(async () => {
        const { User } = await client.send(
          new AdminCreateUserCommand({
            ...pool,
            Username: email,
            UserAttributes: [
              { Name: 'email', Value: email },
              // The invitation goes to this address, and a reset code may later: it is the one
              // the organisation gave, so it counts as verified (as in Cognito's own console).
              { Name: 'email_verified', Value: 'true' },
              { Name: 'name', Value: name },
            ],
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
        return userOf(User ?? {});
      }, email),
    resendInvitation: (username) =>
      call(async () => {
        await client.send(
          new AdminCreateUserCommand({
            ...pool,
            Username: username,
            MessageAction: 'RESEND',
            DesiredDeliveryMediums: ['EMAIL'],
          }),
        );
      }),
    addToGroup: (username, group) =>
      call(async () => {
        await client.send(new AdminAddUserToGroupCommand({ ...pool, Username: username, GroupName: group }));
      }),
    removeFromGroup: (username, group) =>
      call(async () => {
        await client.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: username, GroupName: group }));
      }),
    setEnabled: (username, enabled) =>
      call(async () => {
        if (enabled) await client.send(new AdminEnableUserCommand({ ...pool, Username: username }));
        else await client.send(new AdminDisableUserCommand({ ...pool, Username: username }));
      }),
    resetPassword: (username) =>
      call(async () => {
        await client.send(new AdminResetUserPasswordCommand({ ...pool, Username: username }));
      }),
    signOutEverywhere: (username) =>
      call(async () => {
        await client.send(new AdminUserGlobalSignOutCommand({ ...pool, Username: username }));
      }),
    deleteUser: (username) =>
      call(async () => {
        await client.send(new AdminDeleteUserCommand({ ...pool, Username: username }));
      }),
  };
}

type RequestHandler = NonNullable<CognitoIdentityProviderClientConfig['requestHandler']>;

/**
 * Hands the SDK's signed HTTP requests to this server's own identity endpoint in process
 * (Fastify's inject): no socket, no port to know, the same route and checks as over the network.
 */
export function inProcessHandler(app: FastifyInstance): RequestHandler {
  return {
    async handle(request: { method: string; path: string; headers: Record<string, string>; body?: unknown }) {
      const answer = await app.inject({
        method: request.method as 'POST',
        url: request.path,
        headers: request.headers,
        payload:
          typeof request.body === 'string'
            ? request.body
            : request.body instanceof Uint8Array
              ? // A view, not Buffer.from(body): that calls the SDK body's valueOf, which turns it
                // into a string with a deprecation warning.
                Buffer.from(request.body.buffer, request.body.byteOffset, request.body.byteLength)
              : '',
      });
      return {
        response: {
          statusCode: answer.statusCode,
          headers: Object.fromEntries(
            Object.entries(answer.headers).map(([name, value]) => [
              name,
              Array.isArray(value) ? value.join(', ') : String(value),
            ]),
          ),
          body: answer.rawPayload,
        },
      };
    },
  };
}

/** The client for the embedded identity service mounted at `/identity` on this server. */
export function embeddedIdentityAdmin(
  app: FastifyInstance,
  options: { region: string; userPoolId: string; credentials: { accessKeyId: string; secretAccessKey: string } },
): IdentityAdmin {
  const client = new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: 'http://embedded.invalid/identity',
    credentials: options.credentials,
    requestHandler: inProcessHandler(app),
    maxAttempts: 1,
  });
  return identityAdminOver(client, options.userPoolId);
}

/**
 * Amazon Cognito with the server's AWS credentials, from the SDK's default chain (they need the
 * cognito-idp admin actions); at `endpoint` (AUTH_ENDPOINT) when a Cognito-compatible service
 * stands in for Amazon's.
 */
export function cognitoIdentityAdmin(options: {
  region: string;
  userPoolId: string;
  endpoint?: string | undefined;
}): IdentityAdmin {
  const client = new CognitoIdentityProviderClient({
    region: options.region,
    maxAttempts: 3,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
  });
  return identityAdminOver(client, options.userPoolId);
}
