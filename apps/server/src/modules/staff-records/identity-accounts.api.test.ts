import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { createTestApp, listen } from '../../test/app';
import { embeddedIdentityAdmin, identityAdminOver } from '../../identity/identity-admin';
import { identityAccountsOver } from './identity-accounts';

const ACCESS_KEY_ID = 'SPIATESTKEY0123456789';
const SECRET = 'test-secret-access-key-0123456789abcdef';

/** The embedded service with three accounts, one of them disabled; listening for the AWS SDK. */
async function pool() {
  const ctx = await createTestApp({
    realIdentity: true,
    env: { IDENTITY_ADMIN_ACCESS_KEY_ID: ACCESS_KEY_ID, IDENTITY_ADMIN_SECRET_ACCESS_KEY: SECRET },
  });
  const identity = ctx.app.identity!;
  const UserPoolId = ctx.config.identity.userPoolId;
  const subs: Record<string, string> = {};
  for (const [email, name] of [
    ['siti.aminah@staffportal.example', 'Siti Aminah'],
    ['aminah.yusof@staffportal.example', 'Aminah Yusof'],
    ['gone@staffportal.example', 'Aminah Gone'],
  ] as const) {
    const { User } = await admin.adminCreateUser(identity.context, {
      UserPoolId,
      Username: email,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: name },
      ],
      MessageAction: 'SUPPRESS',
    });
    subs[email] = User.Username;
  }
  await admin.adminDisableUser(identity.context, { UserPoolId, Username: 'gone@staffportal.example' });
  const url = await listen(ctx.app);
  return { ctx, subs, url };
}

describe('identity accounts for the staff-record form', () => {
  it('are found by e-mail or name, the same in process and over HTTP, disabled ones left out', async () => {
    const { ctx, subs, url } = await pool();
    const credentials = { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET };
    const { region, userPoolId } = ctx.config.identity;
    const overHttp = identityAccountsOver(
      identityAdminOver(
        new CognitoIdentityProviderClient({ region, endpoint: `${url}/identity`, credentials }),
        userPoolId,
      ),
    );
    const inProcess = identityAccountsOver(embeddedIdentityAdmin(ctx.app, { region, userPoolId, credentials }));
    for (const accounts of [inProcess, overHttp]) {
      // "aminah" starts Aminah Yusof's e-mail and name, and Siti Aminah's e-mail only.
      expect(await accounts.find('aminah', 20)).toEqual([
        {
          sub: subs['aminah.yusof@staffportal.example'],
          email: 'aminah.yusof@staffportal.example',
          name: 'Aminah Yusof',
        },
      ]);
      expect((await accounts.find('SITI', 20)).map((a) => a.email)).toEqual(['siti.aminah@staffportal.example']);
      expect((await accounts.find('', 20)).map((a) => a.email)).toEqual([
        'aminah.yusof@staffportal.example',
        'siti.aminah@staffportal.example',
      ]);
      // Quotes cannot break out of the filter.
      expect(await accounts.find('"x" or email ^= "', 20)).toEqual([]);
      expect(await accounts.bySub(subs['siti.aminah@staffportal.example']!)).toEqual({
        sub: subs['siti.aminah@staffportal.example'],
        email: 'siti.aminah@staffportal.example',
        name: 'Siti Aminah',
      });
      expect(await accounts.bySub('00000000-0000-4000-8000-00000000dead')).toBeUndefined();
    }
  });

  it('answer 503 with what to do instead when the user pool cannot be asked', async () => {
    const { ctx, url } = await pool();
    const refused = identityAccountsOver(
      identityAdminOver(
        new CognitoIdentityProviderClient({
          region: ctx.config.identity.region,
          endpoint: `${url}/identity`,
          credentials: { accessKeyId: 'SPIANOTAKEY000000000', secretAccessKey: 'not-the-secret-access-key-0000000000' },
          maxAttempts: 1,
        }),
        ctx.config.identity.userPoolId,
      ),
    );
    const error = await refused.find('a', 5).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ status: 503 });
    expect((error as Error).message).toMatch(/Type the name and e-mail instead/);
  });
});
