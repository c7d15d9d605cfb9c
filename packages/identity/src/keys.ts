import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { IdentityDb } from './db';
import { identityKeys } from './schema';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface IdentityKeys {
  /** Cognito signs id and access tokens with different keys (protocol doc §4.3). */
  id: SigningKey;
  access: SigningKey;
  /** Root secret for sealing and code hashing. */
  secret: Buffer;
  jwks: { keys: JWK[] };
}

async function newSigningKey(use: 'id' | 'access') {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = `${use}-${randomBytes(8).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, use, publicJwk, privateValue: JSON.stringify(await exportJWK(privateKey)) };
}

/**
 * Loads the pool's keys from the database, creating them on first start. Kept in the database
 * (not in memory or a local file) so every replica signs and verifies with the same keys; the
 * insert is idempotent per use, so replicas starting together agree on the first one.
 */
export async function loadOrCreateKeys(db: IdentityDb): Promise<IdentityKeys> {
  let rows = await db.select().from(identityKeys);
  if (!['id', 'access', 'secret'].every((use) => rows.some((r) => r.use === use))) {
    const fresh = [
      await newSigningKey('id'),
      await newSigningKey('access'),
      {
        kid: `secret-${randomBytes(8).toString('hex')}`,
        use: 'secret',
        publicJwk: null,
        privateValue: randomBytes(32).toString('base64url'),
      },
    ];
    await db.insert(identityKeys).values(fresh).onConflictDoNothing();
    rows = await db.select().from(identityKeys);
  }
  const row = (use: string) => rows.find((r) => r.use === use)!;
  const signing = async (use: 'id' | 'access'): Promise<SigningKey> => {
    const r = row(use);
    return {
      kid: r.kid,
      privateKey: (await importJWK(JSON.parse(r.privateValue) as JWK, 'RS256')) as CryptoKey,
      publicJwk: r.publicJwk as JWK,
    };
  };
  const id = await signing('id');
  const access = await signing('access');
  return {
    id,
    access,
    secret: Buffer.from(row('secret').privateValue, 'base64url'),
    jwks: { keys: [id.publicJwk, access.publicJwk] },
  };
}
