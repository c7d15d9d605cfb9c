import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityRefreshTokens } from '@staff-portal/identity/schema';
import { createTestApp, listen, type TestContext } from '../test/app';
import { callIdentity, createUser, PASSWORD, TARGET_PREFIX, logWith } from './identity-test-kit';
import { configureLegacyAmplify, fetchAuthSession, signIn, signOut } from './legacy-amplify';

// aws-amplify 6.13.0, the last client line that refreshes with InitiateAuth REFRESH_TOKEN_AUTH
// (protocol doc §4.4): it keeps its original refresh token and discards any other, so the
// server must not rotate on that path and, like Cognito, sends no RefreshToken back.

interface Call {
  operation: string;
  userAgent: string | null;
  request: Record<string, unknown>;
  status: number;
  response: Record<string, unknown>;
}

let ctx: TestContext;
let endpoint: string;
let calls: Call[];
const realFetch = globalThis.fetch;
const anyString: unknown = expect.any(String);

beforeEach(async () => {
  ctx = await createTestApp({ realIdentity: true });
  endpoint = `${await listen(ctx.app)}/identity`;
  configureLegacyAmplify({
    userPoolId: ctx.config.identity.userPoolId,
    userPoolClientId: ctx.config.identity.clientId,
    userPoolEndpoint: endpoint,
  });
  // Every protocol call the client makes, with the server's answer, read from a clone so the
  // client still gets the untouched response.
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const response = await realFetch(input, init);
    const headers = new Headers(init?.headers);
    const target = headers.get('x-amz-target');
    if (target?.startsWith(TARGET_PREFIX)) {
      calls.push({
        operation: target.slice(TARGET_PREFIX.length),
        userAgent: headers.get('x-amz-user-agent'),
        request: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>,
        status: response.status,
        response: (await response.clone().json()) as Record<string, unknown>,
      });
    }
    return response;
  });
});

afterEach(async () => {
  await signOut().catch(() => undefined);
  vi.restoreAllMocks();
});

type Result = { AccessToken?: string; IdToken?: string; RefreshToken?: string; ExpiresIn?: number };
const resultOf = (call: Call | undefined) => call?.response['AuthenticationResult'] as Result | undefined;

/** Signs in with SRP through the legacy client; returns the refresh token the server issued. */
async function legacySignIn(email: string): Promise<string> {
  const result = await signIn({ username: email, password: PASSWORD });
  expect(result).toEqual({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
  // (A device-tracking server may add ConfirmDevice after these two.)
  expect(calls.slice(0, 2).map((c) => [c.operation, c.request['AuthFlow'] ?? c.request['ChallengeName']])).toEqual([
    ['InitiateAuth', 'USER_SRP_AUTH'],
    ['RespondToAuthChallenge', 'PASSWORD_VERIFIER'],
  ]);
  const refreshToken = resultOf(calls[1])?.RefreshToken;
  expect(refreshToken).toEqual(expect.any(String));
  calls.length = 0;
  return refreshToken!;
}

function sessionRows(userId: string) {
  return ctx.app.database.db.select().from(identityRefreshTokens).where(eq(identityRefreshTokens.userId, userId));
}

describe('the legacy Amplify client (6.13.0): refresh through InitiateAuth REFRESH_TOKEN_AUTH', () => {
  it('is the old client: its user agent says 6.13.0', async () => {
    await createUser(ctx.app, 'hr@example.org');
    await signIn({ username: 'hr@example.org', password: PASSWORD });
    expect(calls[0]?.userAgent).toMatch(/^aws-amplify\/6\.13\.0 /);
  });

  it('refreshes with REFRESH_TOKEN_AUTH: new tokens, the same session, and no RefreshToken in the answer', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org', { groups: ['HR'] });
    const refreshToken = await legacySignIn('hr@example.org');
    const before = (await fetchAuthSession()).tokens!;
    expect(calls).toEqual([]);

    // iat has whole-second resolution: let it move on so "new tokens" is visible in the claims too.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const after = (await fetchAuthSession({ forceRefresh: true })).tokens!;

    expect(calls).toHaveLength(1);
    const [refresh] = calls;
    expect(refresh).toMatchObject({
      operation: 'InitiateAuth',
      status: 200,
      request: {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: ctx.config.identity.clientId,
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      },
    });
    // Cognito's answer on this path has no RefreshToken (localstack#8462); the client would drop one anyway.
    expect(Object.keys(resultOf(refresh)!).sort()).toEqual(['AccessToken', 'ExpiresIn', 'IdToken', 'TokenType']);
    expect(refresh!.response['ChallengeParameters']).toEqual({});

    // New tokens, from the same sign-in session.
    expect(after.accessToken.toString()).not.toBe(before.accessToken.toString());
    expect(after.idToken!.toString()).not.toBe(before.idToken!.toString());
    expect(after.accessToken.payload.iat).toBeGreaterThan(before.accessToken.payload.iat!);
    for (const [old, renewed] of [
      [before.accessToken.payload, after.accessToken.payload],
      [before.idToken!.payload, after.idToken!.payload],
    ] as const) {
      expect(renewed['auth_time']).toBe(old['auth_time']);
      expect(renewed['origin_jti']).toBe(old['origin_jti']);
      expect(renewed.sub).toBe(sub);
    }
    expect(after.idToken!.payload['cognito:groups']).toEqual(['HR']);

    // Not rotated on the server either: still one session, alive, named by origin_jti.
    const rows = await sessionRows(sub);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: after.accessToken.payload['origin_jti'], revokedAt: null });

    // The client keeps and reuses its original refresh token, which keeps working.
    calls.length = 0;
    await fetchAuthSession({ forceRefresh: true });
    expect(
      calls.map((c) => [c.status, (c.request['AuthParameters'] as Record<string, string>)['REFRESH_TOKEN']]),
    ).toEqual([[200, refreshToken]]);

    // The refreshed id token opens the API.
    expect((await logWith(ctx.app, after.idToken!.toString(), sub)).statusCode).toBe(201);
  });

  it('answers a raw REFRESH_TOKEN_AUTH with id and access tokens only, any number of times', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const refreshToken = await legacySignIn('hr@example.org');
    for (let i = 0; i < 2; i++) {
      const answer = await callIdentity(endpoint, 'InitiateAuth', {
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        ChallengeParameters: {},
        AuthenticationResult: {
          AccessToken: anyString,
          IdToken: anyString,
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      });
      const result = answer.body['AuthenticationResult'] as Required<Result>;
      expect(decodeJwt(result.AccessToken)).toMatchObject({ sub, token_use: 'access' });
      expect(decodeJwt(result.IdToken)).toMatchObject({ sub, token_use: 'id' });
    }
    expect(await sessionRows(sub)).toHaveLength(1);
  });

  it('stops refreshing after signOut(): the refresh token is revoked on the server', async () => {
    const sub = await createUser(ctx.app, 'hr@example.org');
    const refreshToken = await legacySignIn('hr@example.org');
    const { tokens } = await fetchAuthSession();
    expect(tokens?.accessToken.payload['origin_jti']).toEqual(expect.any(String));

    await signOut();
    // signOut revokes the refresh token (only because the access token has origin_jti, §4.5).
    expect(calls).toMatchObject([
      {
        operation: 'RevokeToken',
        status: 200,
        request: { ClientId: ctx.config.identity.clientId, Token: refreshToken },
        response: {},
      },
    ]);
    const [row] = await sessionRows(sub);
    expect(row?.revokedAt).toBeInstanceOf(Date);

    // The client has forgotten its tokens; a forced refresh has nothing to refresh with.
    calls.length = 0;
    expect((await fetchAuthSession({ forceRefresh: true })).tokens).toBeUndefined();
    expect(calls).toEqual([]);

    // And the refresh token itself is dead on both refresh paths.
    const legacyPath = await callIdentity(endpoint, 'InitiateAuth', {
      ClientId: ctx.config.identity.clientId,
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      AuthParameters: { REFRESH_TOKEN: refreshToken },
    });
    expect(legacyPath.status).toBe(400);
    expect(legacyPath.body['__type']).toBe('NotAuthorizedException');
    const newPath = await callIdentity(endpoint, 'GetTokensFromRefreshToken', {
      ClientId: ctx.config.identity.clientId,
      RefreshToken: refreshToken,
    });
    expect(newPath.status).toBe(400);
    expect(newPath.body['__type']).toBe('NotAuthorizedException');

    // So are the tokens minted from it.
    const getUser = await callIdentity(endpoint, 'GetUser', { AccessToken: tokens!.accessToken.toString() });
    expect(getUser.body['__type']).toBe('NotAuthorizedException');
    expect((await logWith(ctx.app, tokens!.idToken!.toString(), sub)).statusCode).toBe(401);
  });
});
