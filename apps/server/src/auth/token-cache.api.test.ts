import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { createUser, PASSWORD, TARGET_PREFIX } from '../identity/identity-test-kit';
import { createTestApp } from '../test/app';
import { TOKEN_RECHECK_MS } from './token-cache';
import { eventually } from '../test/eventually';

// The API's cache of verified tokens across two replicas on one database (decision records 0058
// and 0074): a change made through one replica is refused there at once, and by the other as soon
// as the database's notice of it arrives; a replica that hears no notices (its channel down)
// still refuses within TOKEN_RECHECK_MS (30 s, within the minute of decision record 0037).

const closing: { close(): Promise<unknown> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const app of closing.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function twoReplicas(other: { tokenNotices?: boolean } = {}) {
  const env = { IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const first = await createTestApp({ realIdentity: true, env });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-token-cache-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', ...env });
  const second = await buildApp(config, { database: first.database, webRoot: null, logger: false, ...other });
  closing.push(second);
  return { a: first.app, b: second };
}

async function identityCall(app: App, operation: string, body: object) {
  const answer = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}${operation}` },
    payload: JSON.stringify(body),
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Record<string, unknown>>();
}

async function signIn(app: App, email: string) {
  const answer = await identityCall(app, 'InitiateAuth', {
    ClientId: app.identity!.context.config.clientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: email, PASSWORD },
  });
  return answer['AuthenticationResult'] as { IdToken: string; AccessToken: string; RefreshToken: string };
}

const me = async (app: App, idToken: string) =>
  (await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${idToken}` } })).statusCode;

/** Moves this process's clock on (Date.now only: what the cache and jose read). */
function later(ms: number) {
  const real = Date.now.bind(Date);
  vi.spyOn(Date, 'now').mockImplementation(() => real() + ms);
}

const endings: Record<
  string,
  (app: App, userId: string, tokens: { AccessToken: string; RefreshToken: string }) => Promise<unknown>
> = {
  'its refresh token revoked (RevokeToken)': (app, _userId, tokens) =>
    identityCall(app, 'RevokeToken', { ClientId: app.identity!.context.config.clientId, Token: tokens.RefreshToken }),
  'signed out everywhere (GlobalSignOut)': (app, _userId, tokens) =>
    identityCall(app, 'GlobalSignOut', { AccessToken: tokens.AccessToken }),
  'its account disabled (AdminDisableUser)': (app, userId) =>
    admin.adminDisableUser(app.identity!.context, {
      UserPoolId: app.identity!.context.config.userPoolId,
      Username: userId,
    }),
  'its department removed (AdminRemoveUserFromGroup)': (app, userId) =>
    admin.adminRemoveUserFromGroup(app.identity!.context, {
      UserPoolId: app.identity!.context.config.userPoolId,
      Username: userId,
      GroupName: 'HR',
    }),
};

describe('the token check remembered per replica', () => {
  it.each(Object.keys(endings))(
    'refuses a session %s at once on the replica that ended it, and on the other as its notice arrives',
    async (ending) => {
      const { a, b } = await twoReplicas();
      const userId = await createUser(a, 'hr@example.org', { groups: ['HR'] });
      const tokens = await signIn(a, 'hr@example.org');
      expect(await me(a, tokens.IdToken)).toBe(200);
      expect(await me(b, tokens.IdToken)).toBe(200);

      await endings[ending]!(a, userId, tokens);
      expect(await me(a, tokens.IdToken)).toBe(401);
      // No clock moved: the other replica forgets its check of a moment ago when told.
      await vi.waitFor(async () => expect(await me(b, tokens.IdToken)).toBe(401), eventually);
    },
  );

  it('falls back to the recheck on a replica that hears no notices', async () => {
    const { a, b } = await twoReplicas({ tokenNotices: false });
    const userId = await createUser(a, 'hr@example.org', { groups: ['HR'] });
    const tokens = await signIn(a, 'hr@example.org');
    expect(await me(b, tokens.IdToken)).toBe(200);
    await endings['its department removed (AdminRemoveUserFromGroup)']!(a, userId, tokens);
    expect(await me(a, tokens.IdToken)).toBe(401);
    // It still trusts its check of a moment ago: the staleness decision record 0058 accepts
    // while no notices are heard, bounded by TOKEN_RECHECK_MS.
    expect(await me(b, tokens.IdToken)).toBe(200);
    later(TOKEN_RECHECK_MS);
    expect(await me(b, tokens.IdToken)).toBe(401);
  });

  it('keeps answering a token seen before without reading its session again, past the recheck while it hears notices', async () => {
    const { a, b } = await twoReplicas({ tokenNotices: false });
    await createUser(a, 'hr@example.org', { groups: ['HR'] });
    const tokens = await signIn(a, 'hr@example.org');
    const checks = [vi.spyOn(a.identity!, 'currentClaims'), vi.spyOn(b.identity!, 'currentClaims')];
    for (let i = 0; i < 3; i++) {
      expect(await me(a, tokens.IdToken)).toBe(200);
      expect(await me(b, tokens.IdToken)).toBe(200);
    }
    expect(checks.map((check) => check.mock.calls.length)).toEqual([1, 1]);
    later(TOKEN_RECHECK_MS);
    expect(await me(a, tokens.IdToken)).toBe(200);
    expect(await me(b, tokens.IdToken)).toBe(200);
    expect(checks.map((check) => check.mock.calls.length)).toEqual([1, 2]);
  });
});
