import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { signedInUserSchema } from '@staff-portal/shared/signed-in-user';
import { callIdentity, createUser, PASSWORD } from '../../identity/identity-test-kit';
import { userSettings } from '../../db/schema/app';
import { createTestApp, listen, type TestContext } from '../../test/app';

const user = {
  sub: '6f1c2d3e-0000-4000-8000-000000000001',
  email: 'hr@staffportal.example',
  groups: ['HRAdmin', 'HR'],
};

function monthsAgo(months: number): string {
  const date = new Date();
  date.setMonth(date.getMonth() - months);
  return date.toISOString();
}

const me = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({ url: '/api/me', headers: authorization === undefined ? {} : { authorization } });

describe('GET /api/me', () => {
  it('answers the signed-in user of docs/product/specification.md §3 from the id token', async () => {
    const ctx = await createTestApp();
    const changedAt = monthsAgo(1);
    const token = await ctx.tokens.idToken(user, {
      name: 'Nur Aisyah binti Hassan',
      nickname: 'Aisyah',
      [PASSWORD_CHANGED_ATTRIBUTE]: changedAt,
    });
    const response = await me(ctx, `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(signedInUserSchema.parse(response.json())).toEqual({
      id: user.sub,
      name: 'Nur Aisyah binti Hassan',
      displayName: 'Aisyah',
      email: 'hr@staffportal.example',
      department: ['HRAdmin', 'HR'],
      passwordExpiry: changedAt,
      passwordExpired: false,
    });
  });

  it('gives raw values: no names made up from the e-mail, no groups without the claim', async () => {
    const ctx = await createTestApp();
    const token = await ctx.tokens.idToken({ sub: user.sub, email: 'newstaff@staffportal.example' }, { name: '' });
    expect((await me(ctx, `Bearer ${token}`)).json()).toEqual({
      id: user.sub,
      name: null,
      displayName: null,
      email: 'newstaff@staffportal.example',
      department: [],
      passwordExpiry: null,
      passwordExpired: false,
    });
  });

  it('says when the password has expired, and still answers', async () => {
    const ctx = await createTestApp({ env: { PASSWORD_EXPIRY_MONTHS: '3' } });
    const changedAt = monthsAgo(4);
    const token = await ctx.tokens.idToken(user, { [PASSWORD_CHANGED_ATTRIBUTE]: changedAt });
    const response = await me(ctx, `Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ passwordExpiry: changedAt, passwordExpired: true });
  });

  it('refuses a call without a token with 401', async () => {
    const ctx = await createTestApp();
    const response = await me(ctx);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'User needs to be authenticated to call this API.',
    });
  });

  it.each([
    [
      'a forged signature',
      (c: TestContext) => c.tokens.idToken(user, {}, { key: 'stranger' }).then((t) => `Bearer ${t}`),
    ],
    ['an access token', (c: TestContext) => c.tokens.accessToken(user).then((t) => `Bearer ${t}`)],
    [
      'a token of another app client',
      (c: TestContext) => c.tokens.idToken(user, { aud: 'other' }).then((t) => `Bearer ${t}`),
    ],
    ['a header that is not a bearer JWT', async () => 'Bearer not-a-jwt'],
  ])('refuses %s with 401', async (_name, header) => {
    const ctx = await createTestApp();
    const response = await me(ctx, await header(ctx));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token.' });
  });

  it('is documented in the OpenAPI description with the id token as bearer', async () => {
    const ctx = await createTestApp();
    const spec = (await ctx.app.inject('/api/docs/json')).json<{
      paths: Record<string, Record<string, { security: unknown; responses: Record<string, { content: unknown }> }>>;
    }>();
    const operation = spec.paths['/api/me']?.['get'];
    expect(operation?.security).toEqual([{ bearerIdToken: [] }]);
    expect(JSON.stringify(operation?.responses['200']?.content)).toContain('passwordExpired');
  });
});

describe('GET /api/me with the embedded identity service', () => {
  async function signIn(ctx: TestContext, endpoint: string, email: string) {
    const answer = await callIdentity(endpoint, 'InitiateAuth', {
      ClientId: ctx.config.identity.clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    expect(answer.status).toBe(200);
    return answer.body['AuthenticationResult'] as { AccessToken: string; IdToken: string; RefreshToken: string };
  }

  it('takes the departments from the token, and refuses one that no longer says the account’s (identity.md §7)', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const endpoint = `${await listen(ctx.app)}/identity`;
    const id = await createUser(ctx.app, 'ir@example.org', { groups: ['IR'] });
    const tokens = await signIn(ctx, endpoint, 'ir@example.org');
    const body = (await me(ctx, `Bearer ${tokens.IdToken}`)).json<{ id: string; department: string[]; name: string }>();
    expect(body).toMatchObject({ id, department: ['IR'], name: 'ir' });
    await admin.createGroup(ctx.app.identity!.context, {
      UserPoolId: ctx.config.identity.userPoolId,
      GroupName: 'IRAdmin',
    });
    await admin.adminAddUserToGroup(ctx.app.identity!.context, {
      UserPoolId: ctx.config.identity.userPoolId,
      Username: id,
      GroupName: 'IRAdmin',
    });
    const outOfDate = await me(ctx, `Bearer ${tokens.IdToken}`);
    expect([outOfDate.statusCode, outOfDate.json<{ code: string }>().code]).toEqual([401, 'UNAUTHENTICATED']);
    const refreshed = await callIdentity(endpoint, 'GetTokensFromRefreshToken', {
      ClientId: ctx.config.identity.clientId,
      RefreshToken: tokens.RefreshToken,
    });
    const idToken = (refreshed.body['AuthenticationResult'] as { IdToken: string }).IdToken;
    expect((await me(ctx, `Bearer ${idToken}`)).json()).toMatchObject({ department: ['IR', 'IRAdmin'] });
  });

  it('refuses the id token of a session that was signed out everywhere', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const endpoint = `${await listen(ctx.app)}/identity`;
    await createUser(ctx.app, 'hr@example.org', { groups: ['HR'] });
    const tokens = await signIn(ctx, endpoint, 'hr@example.org');
    expect((await me(ctx, `Bearer ${tokens.IdToken}`)).statusCode).toBe(200);
    expect((await callIdentity(endpoint, 'GlobalSignOut', { AccessToken: tokens.AccessToken })).status).toBe(200);
    const response = await me(ctx, `Bearer ${tokens.IdToken}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token.' });
  });

  it('refuses the id token of a session whose refresh token was revoked', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const endpoint = `${await listen(ctx.app)}/identity`;
    await createUser(ctx.app, 'hr@example.org', { groups: ['HR'] });
    const revoked = await signIn(ctx, endpoint, 'hr@example.org');
    const other = await signIn(ctx, endpoint, 'hr@example.org');
    const answer = await callIdentity(endpoint, 'RevokeToken', {
      ClientId: ctx.config.identity.clientId,
      Token: revoked.RefreshToken,
    });
    expect(answer.status).toBe(200);
    expect((await me(ctx, `Bearer ${revoked.IdToken}`)).statusCode).toBe(401);
    // Only that session ends: the same user's other sign-in still works.
    expect((await me(ctx, `Bearer ${other.IdToken}`)).statusCode).toBe(200);
  });
});

describe('PUT /api/me/language', () => {
  it('keeps the language a user chose, the last choice winning, for any signed-in user', async () => {
    const ctx = await createTestApp();
    const club = { sub: '6f1c2d3e-0000-4000-8000-000000000099', email: 'club@staffportal.example', groups: ['CLUB'] };
    for (const [who, language] of [
      [user, 'ms'],
      [club, 'ms'],
      [user, 'en'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/me/language',
        headers: { authorization: `Bearer ${await ctx.tokens.idToken(who)}` },
        payload: { language },
      });
      expect(response.statusCode).toBe(204);
    }
    const rows = await ctx.database.db.select().from(userSettings).orderBy(userSettings.identitySub);
    expect(rows.map((row) => [row.identitySub, row.language])).toEqual([
      [user.sub, 'en'],
      [club.sub, 'ms'],
    ]);
  });

  it('refuses a language it does not speak with 400 naming it, and anyone not signed in with 401', async () => {
    const ctx = await createTestApp();
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/me/language',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
      payload: { language: 'fr' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'language' });
    const anonymous = await ctx.app.inject({ method: 'PUT', url: '/api/me/language', payload: { language: 'ms' } });
    expect(anonymous.statusCode).toBe(401);
    expect(await ctx.database.db.select().from(userSettings)).toEqual([]);
  });
});
