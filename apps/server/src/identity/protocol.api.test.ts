import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../test/clock';
import * as admin from '@staff-portal/identity/admin';
import {
  identityCodes,
  identityDevices,
  identityOutbox,
  identityRefreshTokens,
  identityUsers,
} from '@staff-portal/identity/schema';
import { createTestApp, listen, type TestContext } from '../test/app';
import { callIdentity, createUser, latestCode, PASSWORD, type IdentityAnswer } from './identity-test-kit';
import { passwordVerifierResponses, srpEphemeral } from './srp-client';

// The wire protocol of the embedded identity service (protocol doc §1, §4, §6.1, §7), spoken
// raw over HTTP: what Amplify and the AWS SDK depend on, and how refusals look and leave state.
let ctx: TestContext;
let base: string;
let endpoint: string;
let clientId: string;
let poolId: string;
let poolName: string;
const anyString: unknown = expect.any(String);

beforeEach(async () => {
  ctx = await createTestApp({ realIdentity: true });
  base = await listen(ctx.app);
  endpoint = `${base}/identity`;
  clientId = ctx.config.identity.clientId;
  poolId = ctx.config.identity.userPoolId;
  poolName = poolId.split('_')[1]!;
});

afterEach(() => {
  vi.useRealTimers();
});

const call = (operation: string, body: unknown, options?: Parameters<typeof callIdentity>[3]) =>
  callIdentity(endpoint, operation, body, options);

/** A Cognito error as Amplify parses it (§1.3): 400, JSON `{__type, message}`, `x-amzn-errortype`. */
function expectError(answer: IdentityAnswer, type: string, message?: string) {
  expect(answer.status).toBe(400);
  expect(answer.body).toEqual({ __type: type, message: message ?? anyString });
  expect(answer.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1/);
  expect(answer.headers.get('x-amzn-errortype')?.split(/[,:]/)[0]).toBe(type);
  expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  expect(answer.headers.get('x-amzn-requestid')).toBeTruthy();
}

interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

async function passwordSignIn(email: string, password = PASSWORD) {
  return call('InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

async function tokensFor(email: string, password = PASSWORD): Promise<Tokens> {
  const answer = await passwordSignIn(email, password);
  expect(answer.status).toBe(200);
  return answer.body['AuthenticationResult'] as Tokens;
}

/** Starts an SRP sign-in: the client's ephemeral and the server's PASSWORD_VERIFIER challenge. */
async function startSrp(email: string) {
  const ephemeral = srpEphemeral();
  const answer = await call('InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_SRP_AUTH',
    AuthParameters: { USERNAME: email, SRP_A: ephemeral.AHex },
  });
  expect(answer.status).toBe(200);
  expect(answer.body['ChallengeName']).toBe('PASSWORD_VERIFIER');
  return { ephemeral, challenge: answer.body['ChallengeParameters'] as Record<string, string> };
}

const respondVerifier = (ChallengeResponses: Record<string, string>) =>
  call('RespondToAuthChallenge', { ClientId: clientId, ChallengeName: 'PASSWORD_VERIFIER', ChallengeResponses });

const userRow = async (id: string) =>
  (await ctx.app.database.db.select().from(identityUsers).where(eq(identityUsers.id, id)))[0]!;
const sessionRows = (userId: string) =>
  ctx.app.database.db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.userId, userId));
const deviceRows = (userId: string) =>
  ctx.app.database.db.select().from(identityDevices).where(eq(identityDevices.userId, userId));

/** Changes one character in the middle of a base64url value, so its bytes change for sure. */
function flipCharacter(value: string): string {
  const i = Math.floor(value.length / 2);
  return `${value.slice(0, i)}${value[i] === 'A' ? 'B' : 'A'}${value.slice(i + 1)}`;
}

describe('transport: CORS, headers, JSON errors', () => {
  it('answers the CORS preflight, echoing the requested headers', async () => {
    const requested = 'content-type,x-amz-target,x-amz-user-agent,amz-sdk-invocation-id,amz-sdk-request,x-custom';
    const response = await fetch(endpoint, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://portal.example.org',
        'access-control-request-method': 'POST',
        'access-control-request-headers': requested,
      },
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect(response.headers.get('access-control-allow-headers')).toBe(requested);
  });

  it('marks every POST answer with allow-origin * and a request id', async () => {
    await createUser(ctx.app, 'hr@example.org');
    const ok = await passwordSignIn('hr@example.org');
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^application\/x-amz-json-1\.1/);
    expect(ok.headers.get('access-control-allow-origin')).toBe('*');
    expect(ok.headers.get('x-amzn-requestid')).toBeTruthy();
    expect(ok.headers.get('x-amzn-errortype')).toBeNull();
    const refused = await passwordSignIn('hr@example.org', 'Wrong-pass-1');
    expectError(refused, 'NotAuthorizedException', 'Incorrect username or password.');
    expect(refused.headers.get('x-amzn-requestid')).not.toBe(ok.headers.get('x-amzn-requestid'));
  });

  it('refuses an unknown operation, or none, with UnknownOperationException', async () => {
    expectError(await call('DoSomethingElse', {}), 'UnknownOperationException');
    expectError(
      await call('', {}, { headers: { 'x-amz-target': 'SomeOtherService.InitiateAuth' } }),
      'UnknownOperationException',
    );
    const untargeted = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1' },
      body: '{}',
    });
    expect(untargeted.status).toBe(400);
    expect(((await untargeted.json()) as { __type: string }).__type).toBe('UnknownOperationException');
  });

  it.each(['toString', 'valueOf', 'hasOwnProperty', '__proto__', 'constructor', 'isPrototypeOf'])(
    'refuses %s, a name every object has, as an unknown operation',
    async (name) => {
      expectError(await call(name, {}), 'UnknownOperationException', `Unknown operation ${name}`);
    },
  );

  it('answers a malformed body with a 400 JSON error, never a 5xx or a non-JSON body', async () => {
    for (const rawBody of ['{"ClientId":', 'not json', '[]', '"text"', '42', 'null', '{"a":1}}']) {
      const answer = await call('InitiateAuth', undefined, { rawBody });
      expect(answer.status, rawBody).toBe(400);
      expect(answer.body['__type'], rawBody).toEqual(expect.stringMatching(/Exception$/));
      expect(answer.body['message'], rawBody).toEqual(expect.any(String));
    }
    // The same through Fastify's own JSON parser (a client sending plain application/json).
    const plainJson = await call('InitiateAuth', undefined, {
      rawBody: '{"ClientId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(plainJson.status).toBe(400);
    expect(plainJson.body['__type']).toEqual(expect.any(String));
    // And a body over the size limit.
    const huge = await call('InitiateAuth', { ClientId: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(400);
    expect(huge.body['__type']).toEqual(expect.any(String));
  });

  it('refuses a wrong ClientId with ResourceNotFoundException', async () => {
    await createUser(ctx.app, 'hr@example.org');
    for (const operation of ['InitiateAuth', 'RespondToAuthChallenge', 'GetTokensFromRefreshToken', 'ForgotPassword']) {
      const answer = await call(operation, {
        ClientId: 'someotherclient',
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'hr@example.org', PASSWORD },
        Username: 'hr@example.org',
      });
      expectError(answer, 'ResourceNotFoundException');
    }
  });

  it('refuses SignUp: accounts are made by administrators', async () => {
    const answer = await call('SignUp', {
      ClientId: clientId,
      Username: 'self@example.org',
      Password: 'Self-signed-up-1',
      UserAttributes: [{ Name: 'email', Value: 'self@example.org' }],
    });
    expectError(answer, 'NotAuthorizedException');
    expect(await ctx.app.database.db.select().from(identityUsers)).toEqual([]);
  });
});

describe('keys and discovery', () => {
  it('publishes two RS256 signing keys, which sign the id and access tokens', async () => {
    await createUser(ctx.app, 'hr@example.org');
    const response = await fetch(`${endpoint}/${poolId}/.well-known/jwks.json`);
    expect(response.status).toBe(200);
    const jwks = (await response.json()) as JSONWebKeySet;
    expect(jwks.keys).toHaveLength(2);
    for (const key of jwks.keys) {
      expect(key).toMatchObject({ kty: 'RSA', use: 'sig', alg: 'RS256', kid: anyString });
      expect(key).toHaveProperty('n');
      expect(key).toHaveProperty('e');
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
    }
    const kids = jwks.keys.map((key) => key.kid);
    expect(new Set(kids).size).toBe(2);

    const tokens = await tokensFor('hr@example.org');
    const idKid = decodeProtectedHeader(tokens.IdToken).kid;
    const accessKid = decodeProtectedHeader(tokens.AccessToken).kid;
    expect(kids).toContain(idKid);
    expect(kids).toContain(accessKid);
    // Cognito signs the two token kinds with different keys (§4.3).
    expect(idKid).not.toBe(accessKid);
    const keys = createLocalJWKSet(jwks);
    await expect(jwtVerify(tokens.IdToken, keys, { algorithms: ['RS256'] })).resolves.toBeDefined();
    await expect(jwtVerify(tokens.AccessToken, keys, { algorithms: ['RS256'] })).resolves.toBeDefined();
  });

  it('serves an OpenID configuration whose issuer is the tokens’ iss', async () => {
    await createUser(ctx.app, 'hr@example.org');
    const response = await fetch(`${endpoint}/${poolId}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as { issuer: string; jwks_uri: string };
    const tokens = await tokensFor('hr@example.org');
    expect(decodeJwt(tokens.IdToken).iss).toBe(discovery.issuer);
    expect(decodeJwt(tokens.AccessToken).iss).toBe(discovery.issuer);
    expect(discovery.issuer).toBe(`${ctx.config.publicUrl}/identity/${poolId}`);
    expect(discovery.jwks_uri).toBe(`${discovery.issuer}/.well-known/jwks.json`);
  });
});

describe('refusals leave no trace', () => {
  it('refuses a tampered NEW_PASSWORD_REQUIRED Session', async () => {
    const sub = await createUser(ctx.app, 'new@example.org', { forceChange: true });
    const first = await passwordSignIn('new@example.org');
    expect(first.body['ChallengeName']).toBe('NEW_PASSWORD_REQUIRED');
    const session = first.body['Session'] as string;
    const before = await userRow(sub);

    const answer = await call('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: flipCharacter(session),
      ChallengeResponses: { USERNAME: sub, NEW_PASSWORD: 'Brand-new-Pass1' },
    });
    expectError(answer, 'NotAuthorizedException');

    const after = await userRow(sub);
    expect(after).toMatchObject({ status: 'FORCE_CHANGE_PASSWORD', srpVerifier: before.srpVerifier });
    expect(await sessionRows(sub)).toEqual([]);
    // The temporary password still leads to the challenge.
    expect((await passwordSignIn('new@example.org')).body['ChallengeName']).toBe('NEW_PASSWORD_REQUIRED');
  });

  it('refuses a replayed PASSWORD_VERIFIER answer: a proof opens one session only', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    const right = passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD });
    expect((await respondVerifier(right)).status).toBe(200);
    expectError(await respondVerifier(right), 'NotAuthorizedException');
    // The step, the new device and the session are one statement: a replay writes none of them.
    expect(await sessionRows(sub)).toHaveLength(1);
    expect(await deviceRows(sub)).toHaveLength(1);
  });

  it('refuses a replayed answer from a tracked device, and leaves the device as it was', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const first = await startSrp('hr@example.org');
    const signedIn = await respondVerifier(passwordVerifierResponses({ poolName, ...first, password: PASSWORD }));
    const metadata = (signedIn.body['AuthenticationResult'] as { NewDeviceMetadata: { DeviceKey: string } })
      .NewDeviceMetadata;
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    const right = {
      ...passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD }),
      DEVICE_KEY: metadata.DeviceKey,
    };
    const answer = await respondVerifier(right);
    expect(answer.body['AuthenticationResult']).not.toHaveProperty('NewDeviceMetadata');
    expect(decodeJwt((answer.body['AuthenticationResult'] as { AccessToken: string }).AccessToken)).toMatchObject({
      device_key: metadata.DeviceKey,
    });
    const [used] = await deviceRows(sub);
    expect(used!.lastAuthenticatedAt).not.toBeNull();

    expectError(await respondVerifier(right), 'NotAuthorizedException');
    expect(await sessionRows(sub)).toHaveLength(2);
    expect(await deviceRows(sub)).toEqual([used]);
  });

  it('refuses a NEW_PASSWORD_REQUIRED Session used a second time', async () => {
    const sub = await createUser(ctx.app, 'new@example.org', { forceChange: true });
    const session = (await passwordSignIn('new@example.org')).body['Session'] as string;
    const respond = (password: string) =>
      call('RespondToAuthChallenge', {
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: session,
        ChallengeResponses: { USERNAME: sub, NEW_PASSWORD: password },
      });
    expect((await respond('Brand-new-Pass1')).status).toBe(200);
    expectError(await respond('Attacker-Pass-2'), 'NotAuthorizedException');
    expect((await passwordSignIn('new@example.org', 'Brand-new-Pass1')).status).toBe(200);
    expectError(await passwordSignIn('new@example.org', 'Attacker-Pass-2'), 'NotAuthorizedException');
  });

  it('answers input that cannot go in a header with a proper Cognito error', async () => {
    for (const flow of ['X\nY', '日本', 'a\u0000b']) {
      const answer = await call('InitiateAuth', { ClientId: clientId, AuthFlow: flow });
      expectError(answer, 'InvalidParameterException');
    }
  });

  it('refuses a wrong SRP proof with "Incorrect username or password."', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    expect(challenge).toMatchObject({ USER_ID_FOR_SRP: sub, USERNAME: sub });
    // A proof computed from the wrong password: the signature cannot match.
    const wrong = passwordVerifierResponses({ poolName, ephemeral, challenge, password: 'Wrong-pass-1' });
    expectError(await respondVerifier(wrong), 'NotAuthorizedException', 'Incorrect username or password.');

    // No session; the failure counts towards the lockout (§6.1) and nothing else changes.
    expect(await sessionRows(sub)).toEqual([]);
    expect((await userRow(sub)).failedAttempts).toBe(1);
    // A right proof in a fresh handshake signs in.
    const retry = await startSrp('hr@example.org');
    const right = passwordVerifierResponses({ poolName, ...retry, password: PASSWORD });
    const answer = await respondVerifier(right);
    expect(answer.status).toBe(200);
    expect(answer.body['AuthenticationResult']).toMatchObject({ AccessToken: anyString });
  });

  it('refuses a right proof whose signature was altered', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    const right = passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD });
    const altered = { ...right, PASSWORD_CLAIM_SIGNATURE: flipCharacter(right['PASSWORD_CLAIM_SIGNATURE']!) };
    expectError(await respondVerifier(altered), 'NotAuthorizedException', 'Incorrect username or password.');
    // The signature covers TIMESTAMP too.
    const retimed = { ...right, TIMESTAMP: right['TIMESTAMP']!.replace(/\d{4}$/, (year) => String(Number(year) + 1)) };
    expectError(await respondVerifier(retimed), 'NotAuthorizedException', 'Incorrect username or password.');
    expect(await sessionRows(sub)).toEqual([]);
  });

  it('refuses a tampered PASSWORD_CLAIM_SECRET_BLOCK', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    // Signed by the right password over the tampered block: only the block's integrity decides.
    const tampered = passwordVerifierResponses({
      poolName,
      ephemeral,
      challenge: { ...challenge, SECRET_BLOCK: flipCharacter(challenge['SECRET_BLOCK']!) },
      password: PASSWORD,
    });
    expectError(await respondVerifier(tampered), 'NotAuthorizedException');
    expect(await sessionRows(sub)).toEqual([]);
    expect((await userRow(sub)).failedAttempts).toBe(0);
    // The untouched block still completes the same handshake.
    const right = passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD });
    expect((await respondVerifier(right)).status).toBe(200);
  });

  it('refuses an expired reset code with ExpiredCodeException, keeping the password', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    expect((await call('ForgotPassword', { ClientId: clientId, Username: 'hr@example.org' })).status).toBe(200);
    const code = await latestCode(ctx.app, 'hr@example.org');
    await ctx.app.database.db
      .update(identityCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(identityCodes.userId, sub), eq(identityCodes.purpose, 'forgot_password')));
    const before = await userRow(sub);

    const answer = await call('ConfirmForgotPassword', {
      ClientId: clientId,
      Username: 'hr@example.org',
      ConfirmationCode: code,
      Password: 'Another-pass-2',
    });
    expectError(answer, 'ExpiredCodeException');
    expect((await userRow(sub)).srpVerifier).toBe(before.srpVerifier);
    expect((await passwordSignIn('hr@example.org')).status).toBe(200);
    expectError(await passwordSignIn('hr@example.org', 'Another-pass-2'), 'NotAuthorizedException');
  });

  it('refuses a reset code the second time with ExpiredCodeException', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await call('ForgotPassword', { ClientId: clientId, Username: 'hr@example.org' });
    const code = await latestCode(ctx.app, 'hr@example.org');
    const confirm = (Password: string) =>
      call('ConfirmForgotPassword', {
        ClientId: clientId,
        Username: 'hr@example.org',
        ConfirmationCode: code,
        Password,
      });
    expect((await confirm('Another-pass-2')).status).toBe(200);
    expectError(await confirm('Third-pass-3!'), 'ExpiredCodeException');
    expect((await passwordSignIn('hr@example.org', 'Another-pass-2')).status).toBe(200);
    expectError(await passwordSignIn('hr@example.org', 'Third-pass-3!'), 'NotAuthorizedException');
  });

  it('refuses a revoked access token on GetUser', async () => {
    await createUser(ctx.app, 'hr@example.org');
    const tokens = await tokensFor('hr@example.org');
    expect((await call('GetUser', { AccessToken: tokens.AccessToken })).status).toBe(200);
    expect((await call('RevokeToken', { ClientId: clientId, Token: tokens.RefreshToken })).status).toBe(200);
    expectError(await call('GetUser', { AccessToken: tokens.AccessToken }), 'NotAuthorizedException');
    // A forged or garbled one fares no better.
    expectError(await call('GetUser', { AccessToken: flipCharacter(tokens.AccessToken) }), 'NotAuthorizedException');
  });

  it('refuses a disabled user, at sign-in and on refresh', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const tokens = await tokensFor('hr@example.org');
    const identity = ctx.app.identity!.context;
    await admin.adminDisableUser(identity, { UserPoolId: poolId, Username: 'hr@example.org' });
    const sessionsBefore = await sessionRows(sub);

    expectError(await passwordSignIn('hr@example.org'), 'NotAuthorizedException', 'User is disabled.');
    // The state is revealed only to someone who knows the password.
    expectError(
      await passwordSignIn('hr@example.org', 'Wrong-pass-1'),
      'NotAuthorizedException',
      'Incorrect username or password.',
    );
    const { ephemeral, challenge } = await startSrp('hr@example.org');
    const proof = passwordVerifierResponses({ poolName, ephemeral, challenge, password: PASSWORD });
    expectError(await respondVerifier(proof), 'NotAuthorizedException', 'User is disabled.');

    expectError(
      await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: tokens.RefreshToken }),
      'NotAuthorizedException',
    );
    expectError(
      await call('InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: tokens.RefreshToken },
      }),
      'NotAuthorizedException',
    );
    expectError(await call('GetUser', { AccessToken: tokens.AccessToken }), 'NotAuthorizedException');
    expect(await sessionRows(sub)).toEqual(sessionsBefore);
  });

  it('refuses passwords that break the policy on AdminSetUserPassword, keeping the old one', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const tokens = await tokensFor('hr@example.org');
    const identity = ctx.app.identity!.context;
    const before = await userRow(sub);
    for (const password of [
      'Sh0rt!',
      'no-upper-case-1',
      'NO-LOWER-CASE-1',
      'No-digits-here',
      'NoSymbols123',
      `Aa1!${'x'.repeat(253)}`,
    ]) {
      await expect(
        admin.adminSetUserPassword(identity, {
          UserPoolId: poolId,
          Username: sub,
          Password: password,
          Permanent: true,
        }),
        password,
      ).rejects.toMatchObject({ type: 'InvalidPasswordException' });
    }
    const after = await userRow(sub);
    expect(after).toMatchObject({ srpVerifier: before.srpVerifier, srpSalt: before.srpSalt, status: 'CONFIRMED' });
    expect((await passwordSignIn('hr@example.org')).status).toBe(200);
    // The refusal ended no session either.
    expect(
      (await call('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: tokens.RefreshToken })).status,
    ).toBe(200);
  });

  it('allows five ForgotPassword requests an hour, then LimitExceededException', async () => {
    // A fixed instant in the middle of an hour, so the hourly window cannot turn over mid-test.
    const hour = 3_600_000;
    setClock(Math.floor(Date.now() / hour) * hour + hour / 2);
    const sub = await createUser(ctx.app, 'hr@example.org');
    const ask = () => call('ForgotPassword', { ClientId: clientId, Username: 'hr@example.org' });
    for (let i = 0; i < 5; i++) expect((await ask()).status).toBe(200);
    const [fifth] = await ctx.app.database.db.select().from(identityCodes).where(eq(identityCodes.userId, sub));

    expectError(await ask(), 'LimitExceededException', 'Attempt limit exceeded, please try after some time.');
    // Nothing was sent and the fifth code stands.
    const sent = await ctx.app.database.db.select().from(identityOutbox).where(eq(identityOutbox.userId, sub));
    expect(sent).toHaveLength(5);
    const [current] = await ctx.app.database.db.select().from(identityCodes).where(eq(identityCodes.userId, sub));
    expect(current).toEqual(fifth);
  });
});
