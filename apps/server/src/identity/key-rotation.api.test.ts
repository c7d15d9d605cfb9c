import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { defaultIdentitySettings } from '@staff-portal/identity/config';
import { rotateKeys, type KeyRotation } from '@staff-portal/identity/key-rotation';
import { openKeyring } from '@staff-portal/identity/keys';
import { identityKeys } from '@staff-portal/identity/schema';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { claimAdminSocket } from '../plugins/admin-socket';
import { createTestApp } from '../test/app';
import { createUser, PASSWORD, TARGET_PREFIX } from './identity-test-kit';
import { runRotateKeys } from './rotate-keys';

// Signing-key rotation across replicas (decision record 0056): a rotation adds keys that every
// replica publishes before any signs with them; tokens signed before verify on every replica
// until the old keys retire.

const dataDirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-rotate-'));
  dataDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dataDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Two servers on one database, as two replicas: the same key-encryption key, each its own DATA_DIR. */
async function twoReplicas() {
  const kek = randomBytes(32);
  const env = { IDENTITY_KEY_ENCRYPTION_KEY: kek.toString('base64') };
  const first = await createTestApp({ realIdentity: true, env });
  const config = loadConfig({ DATA_DIR: tempDir(), SEED: 'none', LOG_LEVEL: 'silent', ...env });
  const second = await buildApp(config, { database: first.database, webRoot: null, logger: false });
  return { kek, first, a: first.app, b: second };
}

async function oneServer() {
  const kek = randomBytes(32);
  const first = await createTestApp({
    realIdentity: true,
    env: { IDENTITY_KEY_ENCRYPTION_KEY: kek.toString('base64') },
  });
  return { kek, first };
}

interface Tokens {
  IdToken: string;
  AccessToken: string;
  RefreshToken?: string;
}

async function initiateAuth(app: App, flow: string, parameters: Record<string, string>): Promise<Tokens> {
  const answer = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` },
    payload: JSON.stringify({
      ClientId: app.identity!.context.config.clientId,
      AuthFlow: flow,
      AuthParameters: parameters,
    }),
  });
  expect(answer.statusCode).toBe(200);
  return answer.json<{ AuthenticationResult: Tokens }>().AuthenticationResult;
}

const signIn = (app: App, email: string) => initiateAuth(app, 'USER_PASSWORD_AUTH', { USERNAME: email, PASSWORD });

const kidOf = (token: string) => decodeProtectedHeader(token).kid ?? '';

async function publishedKids(app: App) {
  const answer = await app.inject({
    url: `/identity/${app.identity!.context.config.userPoolId}/.well-known/jwks.json`,
  });
  return answer
    .json<{ keys: { kid: string }[] }>()
    .keys.map((key) => key.kid)
    .sort();
}

/** Whether the API accepts the id token and the identity service the access token. */
async function accepted(app: App, tokens: { IdToken: string; AccessToken: string }) {
  const me = await app.inject({ url: '/api/me', headers: { authorization: `Bearer ${tokens.IdToken}` } });
  const user = await app.inject({
    method: 'POST',
    url: '/identity/',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}GetUser` },
    payload: JSON.stringify({ AccessToken: tokens.AccessToken }),
  });
  return { api: me.statusCode, identity: user.statusCode };
}
const yes = { api: 200, identity: 200 };
const no = { api: 401, identity: 400 };

const rotationOptions = (kek: Buffer) => ({
  keyEncryptionKey: kek,
  keyRefreshMs: defaultIdentitySettings.keyRefreshMs,
  tokenSeconds: defaultIdentitySettings.accessTokenSeconds,
});

const kidsOf = (rotation: KeyRotation, list: 'added' | 'retiring') => rotation[list].map((key) => key.kid);

describe('signing-key rotation', () => {
  it('reaches both replicas: new keys published first, then signing; old tokens verify until retirement', async () => {
    const { kek, first, a, b } = await twoReplicas();
    try {
      const email = 'rotation@staffportal.example';
      await createUser(a, email);
      const before = await signIn(a, email);
      const oldKids = [kidOf(before.IdToken), kidOf(before.AccessToken)];
      expect(await publishedKids(a)).toEqual([...oldKids].sort());
      expect(await publishedKids(b)).toEqual([...oldKids].sort());

      const rotation = await rotateKeys(first.database.db, rotationOptions(kek));
      expect(rotation.added.map((key) => key.use).sort()).toEqual(['access', 'id']);
      expect(kidsOf(rotation, 'retiring').sort()).toEqual([...oldKids].sort());
      const newKids = kidsOf(rotation, 'added');
      // Activation waits for two refreshes and the JWKS's cache time; retirement for a token's life after that.
      const { activatesAt } = rotation.added[0]!;
      expect(activatesAt.getTime() - Date.now()).toBeGreaterThan(2 * defaultIdentitySettings.keyRefreshMs);
      expect(rotation.retiring[0]!.retiredAt.getTime() - activatesAt.getTime()).toBeGreaterThan(3600_000);

      // Published by both after their next refresh, not signing yet.
      await Promise.all([a.identity!.refreshKeys(), b.identity!.refreshKeys()]);
      for (const app of [a, b]) expect(await publishedKids(app)).toEqual([...oldKids, ...newKids].sort());
      const pending = await signIn(b, email);
      expect([kidOf(pending.IdToken), kidOf(pending.AccessToken)]).toEqual(oldKids);
      for (const app of [a, b]) expect(await accepted(app, before)).toEqual(yes);

      // Activated: new tokens carry the new kids, and both replicas accept them and the old ones.
      const db = first.database.db;
      await db
        .update(identityKeys)
        .set({ activatesAt: new Date(Date.now() - 1000) })
        .where(inArray(identityKeys.kid, newKids));
      await Promise.all([a.identity!.refreshKeys(), b.identity!.refreshKeys()]);
      const afterA = await signIn(a, email);
      const afterB = await signIn(b, email);
      for (const tokens of [afterA, afterB]) {
        expect([kidOf(tokens.IdToken), kidOf(tokens.AccessToken)].sort()).toEqual([...newKids].sort());
      }
      for (const app of [a, b]) {
        expect(await accepted(app, afterA)).toEqual(yes);
        expect(await accepted(app, afterB)).toEqual(yes);
        expect(await accepted(app, before)).toEqual(yes);
      }

      // Retired: the old kids are gone from both JWKS, and a token they signed is refused by both.
      await db
        .update(identityKeys)
        .set({ retiredAt: new Date(Date.now() - 1000) })
        .where(inArray(identityKeys.kid, oldKids));
      await Promise.all([a.identity!.refreshKeys(), b.identity!.refreshKeys()]);
      for (const app of [a, b]) {
        expect(await publishedKids(app)).toEqual([...newKids].sort());
        expect(await accepted(app, before)).toEqual(no);
        expect(await accepted(app, afterB)).toEqual(yes);
      }
    } finally {
      await b.close();
    }
  });

  it('npm run rotate-keys -- --now cuts a leaked key off: both replicas refuse its tokens at their next key read', async () => {
    const { kek, first, a, b } = await twoReplicas();
    try {
      const email = 'leaked@staffportal.example';
      await createUser(a, email);
      const before = await signIn(a, email);
      const rotation = await rotateKeys(first.database.db, { ...rotationOptions(kek), cutOff: true });
      const newKids = kidsOf(rotation, 'added').sort();
      expect(rotation.added.every((key) => key.activatesAt.getTime() <= Date.now())).toBe(true);
      expect(rotation.retiring.every((key) => key.retiredAt.getTime() <= Date.now())).toBe(true);

      await Promise.all([a.identity!.refreshKeys(), b.identity!.refreshKeys()]);
      for (const app of [a, b]) {
        expect(await publishedKids(app)).toEqual(newKids);
        expect(await accepted(app, before)).toEqual(no);
      }
      // New sign-ins are signed with the new keys; the refresh token issued before still works.
      const after = await signIn(b, email);
      expect([kidOf(after.IdToken), kidOf(after.AccessToken)].sort()).toEqual(newKids);
      const refreshed = await initiateAuth(a, 'REFRESH_TOKEN_AUTH', { REFRESH_TOKEN: before.RefreshToken! });
      for (const app of [a, b]) {
        expect(await accepted(app, after)).toEqual(yes);
        expect(await accepted(app, refreshed)).toEqual(yes);
      }
    } finally {
      await b.close();
    }
  });

  it('is read again when the keys are due, and a key activates on time without a refresh', async () => {
    const { kek, first } = await oneServer();
    const db = first.database.db;
    // The keyring's clock, moved by hand: the test does not depend on how long key generation takes.
    let clock = Date.now();
    const now = vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      const often = await openKeyring(db, kek, 200);
      const seldom = await openKeyring(db, kek, 3600_000);
      const oldId = seldom.keys.id.kid;
      // Backdated so that the new keys activate two seconds from now.
      const options = rotationOptions(kek);
      const lead = 2 * options.keyRefreshMs + 300_000;
      const rotation = await rotateKeys(db, { ...options, now: new Date(clock - lead + 2000) });
      const newId = rotation.added.find((key) => key.use === 'id')!.kid;

      // Within refreshMs of the last read, the keys as read; after it, the rotation's.
      expect((await often.current()).jwks.keys).toHaveLength(2);
      clock += 250;
      const published = await often.current();
      expect(published.jwks.keys).toHaveLength(4);
      // The same JWKS object while the published keys stay the same (the verifier's key set is built once).
      expect((await often.refresh()).jwks).toBe(published.jwks);

      // Read before the activation, then due at it, though refreshMs (an hour) has not passed.
      expect((await seldom.refresh()).id.kid).toBe(oldId);
      clock = rotation.added[0]!.activatesAt.getTime();
      expect((await seldom.current()).id.kid).toBe(newId);
    } finally {
      now.mockRestore();
    }
  });

  it('a second rotation before the first completes retires both earlier generations in time', async () => {
    const { kek, first } = await oneServer();
    const db = first.database.db;
    const one = await rotateKeys(db, rotationOptions(kek));
    const two = await rotateKeys(db, rotationOptions(kek));
    expect(kidsOf(two, 'retiring').sort()).toEqual(kidsOf(one, 'added').sort());
    const rows = await db.select().from(identityKeys);
    const live = rows.filter((row) => row.use !== 'secret' && row.retiredAt === null);
    expect(live.map((row) => row.kid).sort()).toEqual(kidsOf(two, 'added').sort());
  });

  it('npm run rotate-keys refuses the embedded database while a server holds DATA_DIR', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(dataDir, 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'pglite', 'PG_VERSION'), '17\n');
    const server = await claimAdminSocket(dataDir, 'a server');
    try {
      const config = loadConfig({ DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'silent' });
      await expect(runRotateKeys(config, () => undefined)).rejects.toThrow(/stop the server/);
    } finally {
      await server.close();
    }
  });
});
