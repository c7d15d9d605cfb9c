import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { isSealed, loadOrCreateKeys } from '@staff-portal/identity/keys';
import { identityKeys } from '@staff-portal/identity/schema';
import { createTestApp } from '../test/app';
import { loadOrCreateKeyEncryptionKey } from './admin-credentials';
import { createUser, PASSWORD } from './identity-test-kit';

// The identity service's private keys (token signing keys, the root secret) are sealed at rest
// with a key-encryption key kept outside the database (decision record 0024): reading the
// database, its files or its write-ahead log is not enough to mint tokens.
const kek = () => randomBytes(32);

/** What an older version stored: the private JWKs and the root secret in clear. */
async function clearKeyRows() {
  const signing = async (use: string) => {
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const kid = `${use}-${randomBytes(8).toString('hex')}`;
    return {
      kid,
      use,
      publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
      privateValue: JSON.stringify(await exportJWK(privateKey)),
    };
  };
  return [
    await signing('id'),
    await signing('access'),
    { kid: 'secret-1', use: 'secret', publicJwk: null, privateValue: randomBytes(32).toString('base64url') },
  ];
}

function expectNoPrivateMaterial(rows: { privateValue: string }[], clear: string[] = []) {
  for (const row of rows) {
    expect(isSealed(row.privateValue)).toBe(true);
    expect(row.privateValue).not.toMatch(/"d"|"p"|"q"/);
    for (const value of clear) expect(row.privateValue).not.toContain(value);
  }
}

describe('identity keys at rest', () => {
  it('are sealed when made, and tokens are signed with them', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const rows = await ctx.database.db.select().from(identityKeys);
    expect(rows.map((row) => row.use).sort()).toEqual(['access', 'id', 'secret']);
    expectNoPrivateMaterial(rows);
    await createUser(ctx.app, 'sealed@staffportal.example');
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
      },
      payload: JSON.stringify({
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: 'sealed@staffportal.example', PASSWORD },
      }),
    });
    const { IdToken } = signedIn.json<{ AuthenticationResult: { IdToken: string } }>().AuthenticationResult;
    const me = await ctx.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${IdToken}` } });
    expect(me.statusCode).toBe(200);
  });

  it('stored in clear by an older version are sealed at start, keeping the same keys, once with two servers', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    const db = ctx.database.db;
    await db.delete(identityKeys);
    const clear = await clearKeyRows();
    await db.insert(identityKeys).values(clear);
    const key = kek();
    const [first, second] = await Promise.all([loadOrCreateKeys(db, key), loadOrCreateKeys(db, key)]);
    expect(first.jwks).toEqual(second.jwks);
    expect(first.jwks.keys.map((k) => k.kid)).toEqual([clear[0]!.kid, clear[1]!.kid]);
    expect(first.secret.toString('base64url')).toBe(clear[2]!.privateValue);
    const rows = await db.select().from(identityKeys);
    expect(rows).toHaveLength(3);
    expectNoPrivateMaterial(
      rows,
      clear.map((row) => row.privateValue),
    );
    // Sealed once: starting again reads the same sealed values and changes nothing.
    await loadOrCreateKeys(db, key);
    expect(await db.select().from(identityKeys)).toEqual(rows);
  });

  it('cannot be opened with another key-encryption key: the start stops, naming the setting', async () => {
    const ctx = await createTestApp({ realIdentity: true });
    await expect(loadOrCreateKeys(ctx.database.db, kek())).rejects.toThrow(/IDENTITY_KEY_ENCRYPTION_KEY/);
  });

  it('are sealed with IDENTITY_KEY_ENCRYPTION_KEY when set, or a key generated into DATA_DIR (0600)', async () => {
    const key = kek();
    const ctx = await createTestApp({
      realIdentity: true,
      env: { IDENTITY_KEY_ENCRYPTION_KEY: key.toString('base64') },
    });
    await expect(loadOrCreateKeys(ctx.database.db, key)).resolves.toBeDefined();

    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sp-kek-'));
    const generated = loadOrCreateKeyEncryptionKey(dataDir);
    expect(generated).toHaveLength(32);
    expect(loadOrCreateKeyEncryptionKey(dataDir)).toEqual(generated);
    expect(fs.statSync(path.join(dataDir, 'identity-key-encryption-key')).mode & 0o777).toBe(0o600);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
