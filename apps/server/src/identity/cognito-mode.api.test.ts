import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { adminAddUserToGroup, adminRemoveUserFromGroup, createGroup } from '@staff-portal/identity/admin';
import { accountPageSchema } from '@staff-portal/shared/access-control';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../test/app';
import { freshDatabase } from '../test/databases';
import { callIdentity, createUser, PASSWORD } from './identity-test-kit';
import { passwordVerifierResponses, srpEphemeral } from './srp-client';
import { buildIdentityServer } from './standalone';
import { eventually } from '../test/eventually';

// IDENTITY_PROVIDER=cognito run for real, against the standalone identity service standing in
// for Amazon Cognito at AUTH_ENDPOINT (decision record 0055): the portal keeps no identity of its
// own, checks the pool's tokens with the keys it fetches from the endpoint, hands the endpoint to
// the web app, and manages accounts with the AWS SDK there, signed with credentials from the
// SDK's default chain (here the environment).

/** The admin key pair the stand-in checks SigV4 signatures against; the portal has it as AWS credentials. */
const ACCESS_KEY_ID = 'AKIASTANDINFORCOGNITO';
const SECRET_ACCESS_KEY = 'stand-in-secret-access-key-0123456789abcdef';

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A free loopback port: the stand-in's issuer names its address, so it is chosen before it starts. */
async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function standIn() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'sp-idp-')),
    LOG_LEVEL: 'silent',
    PORT: String(port),
    PUBLIC_URL: url,
    IDENTITY_ADMIN_ACCESS_KEY_ID: ACCESS_KEY_ID,
    IDENTITY_ADMIN_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
  });
  const database = await freshDatabase();
  const server = await buildIdentityServer(config, { database, logger: false });
  await server.app.listen({ port, host: '127.0.0.1' });
  return {
    ...server,
    config,
    endpoint: `${url}/identity`,
    close: async () => {
      await server.app.close();
      await database.close();
    },
  };
}

/** One SRP sign-in as Amplify makes it, at the stand-in; answers its tokens. */
async function signIn(endpoint: string, clientId: string, poolName: string, email: string) {
  const ephemeral = srpEphemeral();
  const started = await callIdentity(endpoint, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: email, SRP_A: ephemeral.AHex },
  });
  const challenge = started.body['ChallengeParameters'] as Record<string, string>;
  const answered = await callIdentity(endpoint, 'RespondToAuthChallenge', {
    ClientId: clientId,
    ChallengeName: 'PASSWORD_VERIFIER',
    ChallengeResponses: passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD }),
  });
  expect(answered.status).toBe(200);
  return answered.body['AuthenticationResult'] as { IdToken: string };
}

describe('Cognito mode at AUTH_ENDPOINT', () => {
  it('takes the pool’s tokens, gives the web app the endpoint, and manages accounts there with the SDK', async () => {
    const idp = await standIn();
    try {
      const { userPoolId, clientId } = idp.config.identity;
      await createUser(idp, 'hafiz.hradmin@example.org', { groups: ['HRAdmin'] });
      await createUser(idp, 'nurul.ir@example.org', { groups: ['IR'] });
      vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY_ID);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET_ACCESS_KEY);
      const { app, config } = await createTestApp({
        env: {
          IDENTITY_PROVIDER: 'cognito',
          AUTH_ENDPOINT: idp.endpoint,
          AUTH_USER_POOL_ID: userPoolId,
          AUTH_CLIENT_ID: clientId,
        },
        realIdentity: true,
      });
      expect(app.identity).toBeUndefined();
      expect(config.identity.endpoint).toBe(idp.endpoint);

      const runtime = (await app.inject('/config.json')).json<{ auth: Record<string, string> }>();
      expect(runtime.auth).toMatchObject({ userPoolId, userPoolClientId: clientId, userPoolEndpoint: idp.endpoint });
      expect((await app.inject('/')).headers['content-security-policy']).toContain(new URL(idp.endpoint).origin);

      const tokens = await signIn(idp.endpoint, clientId, userPoolId.split('_')[1]!, 'hafiz.hradmin@example.org');
      const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.IdToken}` } });
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: 'hafiz.hradmin@example.org', department: ['HRAdmin'] });
      // Signed by another key than the pool's, or for another pool: refused.
      const forged = await createTestApp();
      const foreign = await forged.tokens.idToken({ sub: 'x', email: 'x@example.org', groups: ['ITAdmin'] });
      expect((await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${foreign}` } })).statusCode).toBe(
        401,
      );

      // Access control lists the pool's accounts through the SDK at the endpoint, signed with the
      // environment's credentials (the stand-in refuses anything else).
      const accounts = await app.inject({
        url: '/api/access-control/accounts',
        headers: { authorization: `Bearer ${tokens.IdToken}` },
      });
      expect(accounts.statusCode).toBe(200);
      expect(accountPageSchema.parse(accounts.json()).items.map((account) => account.email)).toEqual([
        'hafiz.hradmin@example.org',
        'nurul.ir@example.org',
      ]);
    } finally {
      await idp.close();
    }
  });

  it('cuts the tokens of an account changed on the access-control page, and sees nothing of a change made at the pool', async () => {
    const idp = await standIn();
    try {
      const { userPoolId, clientId } = idp.config.identity;
      await createUser(idp, 'hafiz.hradmin@example.org', { groups: ['HRAdmin'] });
      const officer = await createUser(idp, 'nurul.ir@example.org', { groups: ['IR', 'CLUB'] });
      await createGroup(idp.identity.context, { UserPoolId: userPoolId, GroupName: 'UNION' });
      vi.stubEnv('AWS_ACCESS_KEY_ID', ACCESS_KEY_ID);
      vi.stubEnv('AWS_SECRET_ACCESS_KEY', SECRET_ACCESS_KEY);
      const env = {
        IDENTITY_PROVIDER: 'cognito',
        AUTH_ENDPOINT: idp.endpoint,
        AUTH_USER_POOL_ID: userPoolId,
        AUTH_CLIENT_ID: clientId,
      };
      const { app, database } = await createTestApp({ env, realIdentity: true });
      const { app: replica } = await createTestApp({ env, realIdentity: true, deps: { database } });
      const poolName = userPoolId.split('_')[1]!;
      const admin = await signIn(idp.endpoint, clientId, poolName, 'hafiz.hradmin@example.org');
      const nurul = await signIn(idp.endpoint, clientId, poolName, 'nurul.ir@example.org');
      const members = async () =>
        (await app.inject({ url: '/api/ir/members', headers: { authorization: `Bearer ${nurul.IdToken}` } }))
          .statusCode;
      expect(await members()).toBe(200);
      const onReplica = await replica.inject({
        url: '/api/ir/members',
        headers: { authorization: `Bearer ${nurul.IdToken}` },
      });
      expect(onReplica.statusCode).toBe(200);

      // docs/product/identity.md §7: a change made at the pool itself (the AWS console, a script)
      // reaches the portal only in the tokens minted after it; the ones before keep what they say.
      await adminRemoveUserFromGroup(idp.identity.context, {
        UserPoolId: userPoolId,
        Username: officer,
        GroupName: 'IR',
      });
      expect(await members()).toBe(200);
      await adminAddUserToGroup(idp.identity.context, { UserPoolId: userPoolId, Username: officer, GroupName: 'IR' });

      // The access-control page's change cuts the tokens issued before it, an added department too.
      const changed = await app.inject({
        method: 'PUT',
        url: `/api/access-control/accounts/${officer}/departments`,
        headers: { authorization: `Bearer ${admin.IdToken}` },
        payload: { departments: ['IR', 'CLUB', 'UNION'] },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(await members()).toBe(401);
      // Another replica on the portal's database hears of the cutoff as it commits (decision record 0074).
      await vi.waitFor(async () => {
        const answer = await replica.inject({
          url: '/api/ir/members',
          headers: { authorization: `Bearer ${nurul.IdToken}` },
        });
        expect(answer.statusCode).toBe(401);
      }, eventually);
    } finally {
      await idp.close();
    }
  });

  it('is refused in embedded mode, where the service answers at PUBLIC_URL/identity', () => {
    expect(() => loadConfig({ AUTH_ENDPOINT: 'https://idp.example.org/identity' })).toThrow(
      'AUTH_ENDPOINT is for IDENTITY_PROVIDER=cognito',
    );
    const amazon = loadConfig({
      IDENTITY_PROVIDER: 'cognito',
      AUTH_USER_POOL_ID: 'ap-southeast-1_AbC123',
      AUTH_CLIENT_ID: 'abc123',
    });
    expect(amazon.identity.endpoint).toBe('https://cognito-idp.ap-southeast-1.amazonaws.com');
    expect(amazon.identity.userPoolEndpoint).toBeUndefined();
  });
});
