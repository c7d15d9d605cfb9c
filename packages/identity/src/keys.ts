import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
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

/** What a sealed private value starts with; anything else is a value stored in clear by an older version. */
const SEALED = 'sealed-v1:';

export class KeyEncryptionKeyMismatch extends Error {
  constructor() {
    super(
      'The identity keys in the database were sealed with another key-encryption key: give every server the same IDENTITY_KEY_ENCRYPTION_KEY (or the same DATA_DIR key file) as the server that sealed them.',
    );
    this.name = 'KeyEncryptionKeyMismatch';
  }
}

/**
 * Seals and opens the private values of `identity_keys` (signing keys, the root secret) with a
 * key-encryption key kept outside the database (decision record 0024): AES-256-GCM under a key
 * derived from it, the row's kid and use bound as associated data, so a value cannot be moved to
 * another row. Someone who reads the database (or its files, or its write-ahead log) without the
 * key-encryption key cannot mint tokens.
 */
export function keySealer(keyEncryptionKey: Buffer) {
  const key = Buffer.from(hkdfSync('sha256', keyEncryptionKey, Buffer.alloc(0), 'staff-portal identity_keys v1', 32));
  const aad = (kid: string, use: string) => Buffer.from(`identity_keys\n${kid}\n${use}`);
  return {
    seal(kid: string, use: string, value: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(kid, use));
      const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
      return SEALED + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(kid: string, use: string, sealed: string): string {
      const raw = Buffer.from(sealed.slice(SEALED.length), 'base64url');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAAD(aad(kid, use));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        throw new KeyEncryptionKeyMismatch();
      }
    },
  };
}

export const isSealed = (value: string) => value.startsWith(SEALED);

async function newSigningKey(use: 'id' | 'access') {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const kid = `${use}-${randomBytes(8).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, use, publicJwk, privateValue: JSON.stringify(await exportJWK(privateKey)) };
}

/**
 * Loads the pool's keys from the database, creating them on first start. Kept in the database
 * (not in memory or a local file) so every replica signs and verifies with the same keys; the
 * insert is idempotent per use, so replicas starting together agree on the first one. Private
 * values are sealed with the key-encryption key; values an older version stored in clear are
 * sealed now, each by an update that only succeeds while the row still holds the clear value,
 * so replicas starting together seal each row once.
 */
export async function loadOrCreateKeys(db: IdentityDb, keyEncryptionKey: Buffer): Promise<IdentityKeys> {
  const sealer = keySealer(keyEncryptionKey);
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
    ].map((row) => ({ ...row, privateValue: sealer.seal(row.kid, row.use, row.privateValue) }));
    await db.insert(identityKeys).values(fresh).onConflictDoNothing();
    rows = await db.select().from(identityKeys);
  }
  const clear = rows.filter((r) => !isSealed(r.privateValue));
  if (clear.length > 0) {
    for (const r of clear) {
      await db
        .update(identityKeys)
        .set({ privateValue: sealer.seal(r.kid, r.use, r.privateValue) })
        .where(and(eq(identityKeys.kid, r.kid), eq(identityKeys.privateValue, r.privateValue)));
    }
    rows = await db.select().from(identityKeys);
  }
  const row = (use: string) => rows.find((r) => r.use === use)!;
  const privateValue = (use: string) => {
    const r = row(use);
    return sealer.open(r.kid, r.use, r.privateValue);
  };
  const signing = async (use: 'id' | 'access'): Promise<SigningKey> => {
    const r = row(use);
    return {
      kid: r.kid,
      privateKey: (await importJWK(JSON.parse(privateValue(use)) as JWK, 'RS256')) as CryptoKey,
      publicJwk: r.publicJwk as JWK,
    };
  };
  const id = await signing('id');
  const access = await signing('access');
  return {
    id,
    access,
    secret: Buffer.from(privateValue('secret'), 'base64url'),
    jwks: { keys: [id.publicJwk, access.publicJwk] },
  };
}
