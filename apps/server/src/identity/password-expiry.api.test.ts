import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { identityUsers } from '@staff-portal/identity/schema';
import { PASSWORD_CHANGED_ATTRIBUTE, SEED_TIME_OFFSET_HOURS } from '@staff-portal/shared/constants';
import { createTestApp, listen, type TestContext } from '../test/app';
import { callIdentity, createUser, PASSWORD } from './identity-test-kit';

// Password expiry end to end (docs/product/identity.md, decision 0012): the embedded identity service keeps
// its own record of the last password change, and the API judges expiry by the id token it mints.
let ctx: TestContext;
let endpoint: string;
let clientId: string;

beforeEach(async () => {
  ctx = await createTestApp({ realIdentity: true });
  // A test-only route behind the plain sign-in guard, standing for every other API call.
  ctx.app.get('/api/test/signed-in', { onRequest: ctx.app.authenticate() }, async () => ({ ok: true }));
  endpoint = `${await listen(ctx.app)}/identity`;
  clientId = ctx.config.identity.clientId;
});

interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

async function signIn(email: string, password = PASSWORD): Promise<Tokens> {
  const answer = await callIdentity(endpoint, 'InitiateAuth', {
    ClientId: clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  expect(answer.status).toBe(200);
  return answer.body['AuthenticationResult'] as Tokens;
}

async function storedChangedAt(id: string) {
  const [row] = await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.id, id));
  return row!.attributes[PASSWORD_CHANGED_ATTRIBUTE];
}

function monthsAgo(months: number): string {
  const date = new Date();
  date.setMonth(date.getMonth() - months);
  return date.toISOString();
}

/** What the seed's web app sends after a change: now plus 8 hours, labelled as ISO. */
const seedClientTime = () => new Date(Date.now() + SEED_TIME_OFFSET_HOURS * 3_600_000).toISOString();

const claimOf = (idToken: string) => decodeJwt(idToken)[PASSWORD_CHANGED_ATTRIBUTE];

const apiCall = (url: string, idToken: string) =>
  ctx.app.inject({ url, headers: { authorization: `Bearer ${idToken}` } });

async function expirePassword(id: string) {
  await admin.adminUpdateUserAttributes(ctx.app.identity!.context, {
    UserPoolId: ctx.config.identity.userPoolId,
    Username: id,
    UserAttributes: [{ Name: PASSWORD_CHANGED_ATTRIBUTE, Value: monthsAgo(7) }],
  });
}

describe('the last password change is the service’s own record', () => {
  it('accepts UpdateUserAttributes with the attribute but keeps the recorded time', async () => {
    const id = await createUser(ctx.app, 'hr@example.org');
    const recorded = await storedChangedAt(id);
    expect(recorded).toMatch(/^\d{4}-\d\d-\d\dT/);
    const tokens = await signIn('hr@example.org');
    const answer = await callIdentity(endpoint, 'UpdateUserAttributes', {
      AccessToken: tokens.AccessToken,
      UserAttributes: [
        { Name: PASSWORD_CHANGED_ATTRIBUTE, Value: '2099-12-31T00:00:00.000Z' },
        { Name: 'nickname', Value: 'Hafiz' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ CodeDeliveryDetailsList: [] });
    // The other attribute of the same call is applied; the last-change time is not.
    const [row] = await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.id, id));
    expect(row!.attributes['nickname']).toBe('Hafiz');
    expect(row!.attributes[PASSWORD_CHANGED_ATTRIBUTE]).toBe(recorded);

    const got = await callIdentity(endpoint, 'GetUser', { AccessToken: tokens.AccessToken });
    expect(got.body['UserAttributes']).toContainEqual({ Name: PASSWORD_CHANGED_ATTRIBUTE, Value: recorded });
    const refreshed = await callIdentity(endpoint, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: tokens.RefreshToken,
    });
    expect(claimOf((refreshed.body['AuthenticationResult'] as Tokens).IdToken)).toBe(recorded);
  });

  it('cannot be deleted by the user, which would leave nothing to expire', async () => {
    const id = await createUser(ctx.app, 'hr@example.org');
    const recorded = await storedChangedAt(id);
    const tokens = await signIn('hr@example.org');
    const answer = await callIdentity(endpoint, 'DeleteUserAttributes', {
      AccessToken: tokens.AccessToken,
      UserAttributeNames: [PASSWORD_CHANGED_ATTRIBUTE],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      __type: 'InvalidParameterException',
      message: `Cannot delete the attribute ${PASSWORD_CHANGED_ATTRIBUTE}`,
    });
    expect(await storedChangedAt(id)).toBe(recorded);
  });

  it('cannot take an expired password out of expiry', async () => {
    const id = await createUser(ctx.app, 'hr@example.org');
    await expirePassword(id);
    const tokens = await signIn('hr@example.org');
    await callIdentity(endpoint, 'UpdateUserAttributes', {
      AccessToken: tokens.AccessToken,
      UserAttributes: [{ Name: PASSWORD_CHANGED_ATTRIBUTE, Value: seedClientTime() }],
    });
    const refreshed = await callIdentity(endpoint, 'GetTokensFromRefreshToken', {
      ClientId: clientId,
      RefreshToken: tokens.RefreshToken,
    });
    const idToken = (refreshed.body['AuthenticationResult'] as Tokens).IdToken;
    expect((await apiCall('/api/me', idToken)).json()).toMatchObject({ passwordExpired: true });
    expect((await apiCall('/api/test/signed-in', idToken)).json()).toMatchObject({ code: 'PASSWORD_EXPIRED' });
  });
});

describe('an expired password, changed the way the web app does it', () => {
  const refreshes: [string, string, (refreshToken: string) => Record<string, unknown>][] = [
    ['GetTokensFromRefreshToken', 'GetTokensFromRefreshToken', (RefreshToken) => ({ RefreshToken })],
    [
      'REFRESH_TOKEN_AUTH',
      'InitiateAuth',
      (REFRESH_TOKEN) => ({ AuthFlow: 'REFRESH_TOKEN_AUTH', AuthParameters: { REFRESH_TOKEN } }),
    ],
  ];
  it.each(refreshes)(
    'is refused by the API until changed, then allowed after a %s refresh',
    async (_name, operation, refresh) => {
      const id = await createUser(ctx.app, 'hr@example.org', { groups: ['HR'] });
      await expirePassword(id);
      const tokens = await signIn('hr@example.org');

      // Expired: /api/me says so, the logging API still records, every other call is refused.
      expect((await apiCall('/api/me', tokens.IdToken)).json()).toMatchObject({ id, passwordExpired: true });
      const refused = await apiCall('/api/test/signed-in', tokens.IdToken);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'PASSWORD_EXPIRED' });

      // The change itself goes to the identity service, which the expiry does not touch.
      const before = Date.now();
      const changed = await callIdentity(endpoint, 'ChangePassword', {
        AccessToken: tokens.AccessToken,
        PreviousPassword: PASSWORD,
        ProposedPassword: 'Renewed-pass-2026!',
      });
      expect(changed.status).toBe(200);
      const recorded = (await storedChangedAt(id))!;
      expect(new Date(recorded).getTime()).toBeGreaterThanOrEqual(before - 1000);
      expect(new Date(recorded).getTime()).toBeLessThanOrEqual(Date.now());
      // The seed's web flow then writes the attribute itself; that succeeds and changes nothing.
      const written = await callIdentity(endpoint, 'UpdateUserAttributes', {
        AccessToken: tokens.AccessToken,
        UserAttributes: [{ Name: PASSWORD_CHANGED_ATTRIBUTE, Value: seedClientTime() }],
      });
      expect(written.status).toBe(200);
      expect(await storedChangedAt(id)).toBe(recorded);

      // The id token from before the change still carries the old time: the API refuses it as out
      // of date, which makes the web app refresh (docs/product/identity.md §7, decision record 0041).
      const outOfDate = await apiCall('/api/test/signed-in', tokens.IdToken);
      expect(outOfDate.statusCode).toBe(401);
      expect(outOfDate.json()).toMatchObject({ code: 'UNAUTHENTICATED' });

      const answer = await callIdentity(endpoint, operation, { ClientId: clientId, ...refresh(tokens.RefreshToken) });
      expect(answer.status).toBe(200);
      const idToken = (answer.body['AuthenticationResult'] as Tokens).IdToken;
      expect(claimOf(idToken)).toBe(recorded);
      expect((await apiCall('/api/me', idToken)).json()).toMatchObject({
        passwordExpiry: recorded,
        passwordExpired: false,
      });
      expect((await apiCall('/api/test/signed-in', idToken)).statusCode).toBe(200);
    },
  );
});
