import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminDisableUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { createTestApp, listen, type TestContext } from '../test/app';
import { createUser, PASSWORD } from './identity-test-kit';

// docs/product/identity.md §7: an administrator's change to an account, made through the identity
// service's own admin API (the AWS SDK signed with the admin key, as a script or the Cognito
// console would make it) rather than the portal's access-control page, takes effect on the
// user's next API request; and a refresh token from before it mints no token that says otherwise.

let ctx: TestContext;
let sdk: CognitoIdentityProviderClient;
let pool: { UserPoolId: string };

const ACCESS_KEY_ID = 'SPIATESTKEY0123456789';
const SECRET = 'test-secret-access-key-0123456789abcdef';

beforeEach(async () => {
  ctx = await createTestApp({
    realIdentity: true,
    env: { IDENTITY_ADMIN_ACCESS_KEY_ID: ACCESS_KEY_ID, IDENTITY_ADMIN_SECRET_ACCESS_KEY: SECRET },
  });
  sdk = new CognitoIdentityProviderClient({
    region: 'ap-southeast-1',
    endpoint: `${await listen(ctx.app)}/identity`,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET },
    maxAttempts: 1,
  });
  pool = { UserPoolId: ctx.config.identity.userPoolId };
});

afterEach(() => sdk.destroy());

interface Tokens {
  IdToken: string;
  RefreshToken: string;
}

async function signIn(email: string): Promise<Tokens> {
  const { AuthenticationResult } = await sdk.send(
    new InitiateAuthCommand({
      ClientId: ctx.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    }),
  );
  return AuthenticationResult as Tokens;
}

async function refresh(tokens: Tokens): Promise<string> {
  const { AuthenticationResult } = await sdk.send(
    new InitiateAuthCommand({
      ClientId: ctx.config.identity.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
    }),
  );
  return AuthenticationResult!.IdToken!;
}

async function api(url: string, idToken: string) {
  const answer = await ctx.app.inject({ url, headers: { authorization: `Bearer ${idToken}` } });
  return { status: answer.statusCode, code: answer.json<{ code?: string }>().code };
}

const MEMBERS = '/api/ir/members';
const ACCESS_CHANGED = { status: 401, code: 'UNAUTHENTICATED' };

/** An IR officer signed in, whose token the API has checked (and so remembers) before the change. */
async function officer() {
  const username = await createUser(ctx.app, 'officer@example.org', { groups: ['IR', 'IRAdmin'] });
  const tokens = await signIn('officer@example.org');
  expect(await api(MEMBERS, tokens.IdToken)).toMatchObject({ status: 200 });
  expect(await api(MEMBERS, tokens.IdToken)).toMatchObject({ status: 200 });
  return { username, tokens };
}

describe('a change made through the identity admin API takes effect on the next request', () => {
  it('refuses a token that still holds a department removed by AdminRemoveUserFromGroup', async () => {
    const { username, tokens } = await officer();
    await sdk.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: username, GroupName: 'IR' }));
    await sdk.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: username, GroupName: 'IRAdmin' }));

    expect(await api(MEMBERS, tokens.IdToken)).toEqual(ACCESS_CHANGED);
    expect(await api('/api/me', tokens.IdToken)).toEqual(ACCESS_CHANGED);
    // The refresh token from before the change mints tokens without the departments.
    const renewed = await refresh(tokens);
    expect(decodeJwt(renewed)['cognito:groups']).toBeUndefined();
    expect(await api('/api/me', renewed)).toMatchObject({ status: 200 });
    expect(await api(MEMBERS, renewed)).toEqual({ status: 403, code: 'FORBIDDEN' });
  });

  it('refuses a token that lacks a department added by AdminAddUserToGroup, so that a refresh brings it', async () => {
    const username = await createUser(ctx.app, 'clerk@example.org', { groups: ['CLUB'] });
    await createUser(ctx.app, 'other@example.org', { groups: ['IR'] });
    const tokens = await signIn('clerk@example.org');
    expect(await api(MEMBERS, tokens.IdToken)).toEqual({ status: 403, code: 'FORBIDDEN' });

    await sdk.send(new AdminAddUserToGroupCommand({ ...pool, Username: username, GroupName: 'IR' }));
    expect(await api(MEMBERS, tokens.IdToken)).toEqual(ACCESS_CHANGED);
    const renewed = await refresh(tokens);
    expect(decodeJwt(renewed)['cognito:groups']).toEqual(['CLUB', 'IR']);
    expect(await api(MEMBERS, renewed)).toMatchObject({ status: 200 });
  });

  it('refuses a token whose last password change an administrator moved back (AdminUpdateUserAttributes)', async () => {
    const { username, tokens } = await officer();
    const sevenMonthsAgo = new Date(Date.now() - 213 * 86_400_000).toISOString();
    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        ...pool,
        Username: username,
        UserAttributes: [{ Name: PASSWORD_CHANGED_ATTRIBUTE, Value: sevenMonthsAgo }],
      }),
    );
    expect(await api(MEMBERS, tokens.IdToken)).toEqual(ACCESS_CHANGED);
    const renewed = await refresh(tokens);
    expect(decodeJwt(renewed)[PASSWORD_CHANGED_ATTRIBUTE]).toBe(sevenMonthsAgo);
    expect(await api(MEMBERS, renewed)).toEqual({ status: 403, code: 'PASSWORD_EXPIRED' });
  });

  it('refuses a token with the e-mail or name an administrator changed, and no token for a change the portal does not read', async () => {
    const { username, tokens } = await officer();
    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        ...pool,
        Username: username,
        UserAttributes: [{ Name: 'locale', Value: 'ms' }],
      }),
    );
    expect(await api(MEMBERS, tokens.IdToken)).toMatchObject({ status: 200 });

    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        ...pool,
        Username: username,
        UserAttributes: [{ Name: 'name', Value: 'Nurul Officer' }],
      }),
    );
    expect(await api(MEMBERS, tokens.IdToken)).toEqual(ACCESS_CHANGED);
    const renamed = await refresh(tokens);
    expect(decodeJwt(renamed)['name']).toBe('Nurul Officer');
    expect(await api(MEMBERS, renamed)).toMatchObject({ status: 200 });

    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        ...pool,
        Username: username,
        UserAttributes: [{ Name: 'email', Value: 'nurul@example.org' }],
      }),
    );
    expect(await api(MEMBERS, renamed)).toEqual(ACCESS_CHANGED);
    expect(decodeJwt(await refresh(tokens))['email']).toBe('nurul@example.org');
  });

  const endings: Record<string, (Username: string) => Promise<unknown>> = {
    AdminDisableUser: (Username) => sdk.send(new AdminDisableUserCommand({ ...pool, Username })),
    AdminDeleteUser: (Username) => sdk.send(new AdminDeleteUserCommand({ ...pool, Username })),
    AdminUserGlobalSignOut: (Username) => sdk.send(new AdminUserGlobalSignOutCommand({ ...pool, Username })),
    AdminResetUserPassword: (Username) => sdk.send(new AdminResetUserPasswordCommand({ ...pool, Username })),
    AdminSetUserPassword: (Username) =>
      sdk.send(new AdminSetUserPasswordCommand({ ...pool, Username, Password: 'Another-pass-2026!', Permanent: true })),
  };
  it.each(Object.keys(endings))('refuses every token and the refresh token after %s', async (operation) => {
    const { username, tokens } = await officer();
    await endings[operation]!(username);
    expect(await api(MEMBERS, tokens.IdToken)).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    await expect(refresh(tokens)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });
});
