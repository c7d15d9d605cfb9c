import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDisableUserCommand,
  AdminEnableUserCommand,
  AdminGetUserCommand,
  AdminListGroupsForUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminResetUserPasswordCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  AdminDeleteUserCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  InitiateAuthCommand,
  ListGroupsCommand,
  ListUsersCommand,
  ListUsersInGroupCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { identityOutbox } from '@staff-portal/identity/schema';
import { createTestApp, listen, type TestContext } from '../test/app';
import { latestCode, PASSWORD } from './identity-test-kit';

// The AWS SDK v3, signing with SigV4 exactly as it does for Cognito, against the embedded service.
let ctx: TestContext;
let url: string;
let sdk: CognitoIdentityProviderClient;
let pool: { UserPoolId: string };

const ACCESS_KEY_ID = 'SPIATESTKEY0123456789';
const SECRET = 'test-secret-access-key-0123456789abcdef';

function client(credentials = { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET }) {
  return new CognitoIdentityProviderClient({
    region: 'ap-southeast-1',
    endpoint: `${url}/identity`,
    credentials,
    maxAttempts: 1,
  });
}

beforeEach(async () => {
  ctx = await createTestApp({
    realIdentity: true,
    env: { IDENTITY_ADMIN_ACCESS_KEY_ID: ACCESS_KEY_ID, IDENTITY_ADMIN_SECRET_ACCESS_KEY: SECRET },
  });
  url = await listen(ctx.app);
  sdk = client();
  pool = { UserPoolId: ctx.config.identity.userPoolId };
});

async function create(email: string, extra: { Name: string; Value: string }[] = []) {
  const { User } = await sdk.send(
    new AdminCreateUserCommand({
      ...pool,
      Username: email,
      UserAttributes: [{ Name: 'email', Value: email }, { Name: 'email_verified', Value: 'true' }, ...extra],
      TemporaryPassword: PASSWORD,
      MessageAction: 'SUPPRESS',
    }),
  );
  return User!.Username!;
}

function passwordSignIn(email: string, password = PASSWORD) {
  return sdk.send(
    new InitiateAuthCommand({
      ClientId: ctx.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
}

describe('admin operations through the AWS SDK', () => {
  it('creates an invited user who must choose a password, and e-mails the invitation', async () => {
    const { User } = await sdk.send(
      new AdminCreateUserCommand({
        ...pool,
        Username: 'invitee@example.org',
        UserAttributes: [{ Name: 'name', Value: 'Invitee' }],
      }),
    );
    expect(User).toMatchObject({ Enabled: true, UserStatus: 'FORCE_CHANGE_PASSWORD' });
    expect(User?.UserCreateDate).toBeInstanceOf(Date);
    const got = await sdk.send(new AdminGetUserCommand({ ...pool, Username: 'invitee@example.org' }));
    expect(got.UserStatus).toBe('FORCE_CHANGE_PASSWORD');
    expect(got.UserAttributes).toEqual(
      expect.arrayContaining([
        { Name: 'email', Value: 'invitee@example.org' },
        { Name: 'name', Value: 'Invitee' },
      ]),
    );
    // The invitation carries a generated temporary password that meets the policy.
    const [invitation] = await ctx.app.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, 'invitee@example.org'));
    const temporary = /temporary password is (\S+)\. /.exec(invitation!.body)?.[1];
    expect(temporary).toBeDefined();
    const first = await passwordSignIn('invitee@example.org', temporary);
    expect(first.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(first.Session).toBeDefined();
  });

  it('refuses a duplicate user, a weak temporary password and an unknown pool', async () => {
    await create('dup@example.org');
    await expect(create('DUP@example.org')).rejects.toMatchObject({ name: 'UsernameExistsException' });
    await expect(
      sdk.send(
        new AdminCreateUserCommand({
          ...pool,
          Username: 'weak@example.org',
          TemporaryPassword: 'weak',
          MessageAction: 'SUPPRESS',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
    await expect(
      sdk.send(new AdminGetUserCommand({ UserPoolId: 'ap-southeast-1_Other', Username: 'dup@example.org' })),
    ).rejects.toMatchObject({
      name: 'ResourceNotFoundException',
    });
  });

  it('sets a permanent password, disables and enables, resets and deletes', async () => {
    await create('staff@example.org');
    await sdk.send(
      new AdminSetUserPasswordCommand({ ...pool, Username: 'staff@example.org', Password: PASSWORD, Permanent: true }),
    );
    expect((await passwordSignIn('staff@example.org')).AuthenticationResult?.AccessToken).toBeDefined();

    await sdk.send(new AdminDisableUserCommand({ ...pool, Username: 'staff@example.org' }));
    await expect(passwordSignIn('staff@example.org')).rejects.toMatchObject({
      name: 'NotAuthorizedException',
      message: 'User is disabled.',
    });
    await sdk.send(new AdminEnableUserCommand({ ...pool, Username: 'staff@example.org' }));
    expect((await passwordSignIn('staff@example.org')).AuthenticationResult).toBeDefined();

    await sdk.send(new AdminResetUserPasswordCommand({ ...pool, Username: 'staff@example.org' }));
    await expect(passwordSignIn('staff@example.org')).rejects.toMatchObject({ name: 'PasswordResetRequiredException' });
    expect(await latestCode(ctx.app, 'staff@example.org')).toMatch(/^\d{6}$/);

    await sdk.send(new AdminDeleteUserCommand({ ...pool, Username: 'staff@example.org' }));
    await expect(sdk.send(new AdminGetUserCommand({ ...pool, Username: 'staff@example.org' }))).rejects.toMatchObject({
      name: 'UserNotFoundException',
    });
  });

  it('signs a user out everywhere', async () => {
    await create('staff@example.org');
    await sdk.send(
      new AdminSetUserPasswordCommand({ ...pool, Username: 'staff@example.org', Password: PASSWORD, Permanent: true }),
    );
    const { AuthenticationResult } = await passwordSignIn('staff@example.org');
    await sdk.send(new AdminUserGlobalSignOutCommand({ ...pool, Username: 'staff@example.org' }));
    await expect(
      sdk.send(
        new InitiateAuthCommand({
          ClientId: ctx.config.identity.clientId,
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          AuthParameters: { REFRESH_TOKEN: AuthenticationResult!.RefreshToken! },
        }),
      ),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('manages groups, and the groups appear in new tokens', async () => {
    await create('ir@example.org');
    await sdk.send(
      new AdminSetUserPasswordCommand({ ...pool, Username: 'ir@example.org', Password: PASSWORD, Permanent: true }),
    );
    await sdk.send(new CreateGroupCommand({ ...pool, GroupName: 'IR', Description: 'Industrial Relations' }));
    await sdk.send(new CreateGroupCommand({ ...pool, GroupName: 'IRAdmin' }));
    await expect(sdk.send(new CreateGroupCommand({ ...pool, GroupName: 'IR' }))).rejects.toMatchObject({
      name: 'GroupExistsException',
    });
    await sdk.send(new AdminAddUserToGroupCommand({ ...pool, Username: 'ir@example.org', GroupName: 'IR' }));
    await sdk.send(new AdminAddUserToGroupCommand({ ...pool, Username: 'ir@example.org', GroupName: 'IRAdmin' }));
    await sdk.send(new AdminRemoveUserFromGroupCommand({ ...pool, Username: 'ir@example.org', GroupName: 'IRAdmin' }));
    const groups = await sdk.send(new AdminListGroupsForUserCommand({ ...pool, Username: 'ir@example.org' }));
    expect(groups.Groups?.map((g) => g.GroupName)).toEqual(['IR']);
    expect(groups.Groups?.[0]?.Description).toBe('Industrial Relations');
    expect((await sdk.send(new ListGroupsCommand(pool))).Groups?.map((g) => g.GroupName)).toEqual(['IR', 'IRAdmin']);
    const members = await sdk.send(new ListUsersInGroupCommand({ ...pool, GroupName: 'IR' }));
    expect(members.Users?.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value)).toEqual(['ir@example.org']);

    const token = (await passwordSignIn('ir@example.org')).AuthenticationResult!.IdToken!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload['cognito:groups']).toEqual(['IR']);
  });

  it('updates attributes', async () => {
    await create('hr@example.org');
    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        ...pool,
        Username: 'hr@example.org',
        UserAttributes: [{ Name: 'name', Value: 'Tan Mei Ling' }],
      }),
    );
    const got = await sdk.send(new AdminGetUserCommand({ ...pool, Username: 'hr@example.org' }));
    expect(got.UserAttributes).toEqual(expect.arrayContaining([{ Name: 'name', Value: 'Tan Mei Ling' }]));
    await expect(
      sdk.send(
        new AdminUpdateUserAttributesCommand({
          ...pool,
          Username: 'hr@example.org',
          UserAttributes: [{ Name: 'sub', Value: 'x' }],
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidParameterException' });
  });

  it('lists users with the Filter grammar and pages through them', async () => {
    for (const [email, name] of [
      ['aisyah@example.org', 'Aisyah Rahman'],
      ['hafiz@example.org', 'Muhammad Hafiz'],
      ['mei@example.org', 'Tan Mei Ling'],
      ['ravi@example.org', 'Ravi Chandran'],
      ['wei@example.org', 'Lim Wei Jie'],
    ] as const) {
      await create(email, [{ Name: 'name', Value: name }]);
    }
    await sdk.send(new AdminDisableUserCommand({ ...pool, Username: 'ravi@example.org' }));
    const emails = (users: { Attributes?: { Name?: string; Value?: string }[] }[] | undefined) =>
      users?.map((u) => u.Attributes?.find((a) => a.Name === 'email')?.Value);

    expect(
      emails((await sdk.send(new ListUsersCommand({ ...pool, Filter: 'email = "MEI@example.org"' }))).Users),
    ).toEqual(['mei@example.org']);
    expect(emails((await sdk.send(new ListUsersCommand({ ...pool, Filter: 'name ^= "m"' }))).Users)).toEqual([
      'hafiz@example.org',
    ]);
    expect(emails((await sdk.send(new ListUsersCommand({ ...pool, Filter: 'status = "Disabled"' }))).Users)).toEqual([
      'ravi@example.org',
    ]);
    expect(
      (await sdk.send(new ListUsersCommand({ ...pool, Filter: 'cognito:user_status = "FORCE_CHANGE_PASSWORD"' })))
        .Users,
    ).toHaveLength(5);
    await expect(sdk.send(new ListUsersCommand({ ...pool, Filter: 'custom:x = "1"' }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });
    await expect(sdk.send(new ListUsersCommand({ ...pool, Limit: 61 }))).rejects.toMatchObject({
      name: 'InvalidParameterException',
    });

    const seen: (string | undefined)[] = [];
    let token: string | undefined;
    do {
      const page = await sdk.send(new ListUsersCommand({ ...pool, Limit: 2, PaginationToken: token }));
      expect(page.Users!.length).toBeLessThanOrEqual(2);
      seen.push(...emails(page.Users)!);
      token = page.PaginationToken;
    } while (token);
    expect(seen).toEqual([
      'aisyah@example.org',
      'hafiz@example.org',
      'mei@example.org',
      'ravi@example.org',
      'wei@example.org',
    ]);
  });

  it('refuses a wrong signature, an unknown key and an unsigned call, changing nothing', async () => {
    await expect(
      client({ accessKeyId: ACCESS_KEY_ID, secretAccessKey: 'not-the-secret-0123456789abcdefgh' }).send(
        new AdminCreateUserCommand({ ...pool, Username: 'intruder@example.org', MessageAction: 'SUPPRESS' }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidSignatureException' });
    await expect(
      client({ accessKeyId: 'SPIAUNKNOWNKEY000000', secretAccessKey: SECRET }).send(new ListUsersCommand(pool)),
    ).rejects.toMatchObject({ name: 'UnrecognizedClientException' });
    const unsigned = await fetch(`${url}/identity`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.AdminCreateUser',
      },
      body: JSON.stringify({ ...pool, Username: 'intruder@example.org' }),
    });
    expect(unsigned.status).toBe(403);
    expect(await unsigned.json()).toMatchObject({ __type: 'MissingAuthenticationTokenException' });
    expect((await sdk.send(new ListUsersCommand(pool))).Users).toEqual([]);
  });
});
