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

// The API's cache of verified tokens across two replicas on one database (decision record 0058):
// a session ended through one replica is refused there at once, and by the other as soon as its
// remembered check is TOKEN_RECHECK_MS old (30 s, within the minute of decision record 0037).

const closing: { close(): Promise<unknown> }[] = [];
const dirs: string[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  for (const app of closing.splice(0)) await app.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function twoReplicas() {
  const env = { IDENTITY_KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64') };
  const first = await createTestApp({ realIdentity: true, env });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-token-cache-'));
  dirs.push(dataDir);
  const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent', ...env });
  const second = await buildApp(config, { database: first.database, webRoot: null, logger: false });
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
};

describe('the token check remembered per replica', () => {
  it.each(Object.keys(endings))(
    'refuses a session %s at once on the replica that ended it, and within the recheck on the other',
    async (ending) => {
      const { a, b } = await twoReplicas();
      const userId = await createUser(a, 'hr@example.org', { groups: ['HR'] });
      const tokens = await signIn(a, 'hr@example.org');
      expect(await me(a, tokens.IdToken)).toBe(200);
      expect(await me(b, tokens.IdToken)).toBe(200);

      await endings[ending]!(a, userId, tokens);
      expect(await me(a, tokens.IdToken)).toBe(401);
      // The other replica still trusts its check of a moment ago: the staleness decision record
      // 0058 accepts, bounded by TOKEN_RECHECK_MS.
      expect(await me(b, tokens.IdToken)).toBe(200);
      later(TOKEN_RECHECK_MS);
      expect(await me(b, tokens.IdToken)).toBe(401);
    },
  );

  it('keeps answering a token seen before without reading its session again', async () => {
    const { a } = await twoReplicas();
    await createUser(a, 'hr@example.org', { groups: ['HR'] });
    const tokens = await signIn(a, 'hr@example.org');
    const sessionActive = vi.spyOn(a.identity!, 'currentClaims');
    for (let i = 0; i < 3; i++) expect(await me(a, tokens.IdToken)).toBe(200);
    expect(sessionActive).toHaveBeenCalledTimes(1);
    later(TOKEN_RECHECK_MS);
    expect(await me(a, tokens.IdToken)).toBe(200);
    expect(sessionActive).toHaveBeenCalledTimes(2);
  });
});
