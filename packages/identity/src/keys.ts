import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { IdentityDb } from './db';
import { identityKeys } from './schema';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export type Jwks = { keys: JWK[] };

/** How long a client may cache the published JWKS (its cache-control). */
export const JWKS_MAX_AGE_SECONDS = 300;

/** The pool's keys as read at one moment (decision record 0056). */
export interface IdentityKeys {
  /** Cognito signs id and access tokens with different keys (protocol doc §4.3): the ones signing now. */
  id: SigningKey;
  access: SigningKey;
  /** Root secret for sealing and code hashing; never rotated. */
  secret: Buffer;
  /** Every id and access key not retired, including ones not active yet: what tokens are verified with. */
  jwks: Jwks;
  /** When a key activates or retires next (ms since the epoch; Infinity when none will). */
  changesAt: number;
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

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
const newKeyPair = (): Promise<KeyPair> => generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });

/** Where a pool's first signing keys' RSA pairs come from: new ones, unless a test said otherwise. */
let firstKeyPair: (use: 'id' | 'access') => Promise<KeyPair> = newKeyPair;

/**
 * For the server's tests only (apps/server/src/test/setup.ts): the first keys of a test app's
 * pool are made from pairs the worker made once, since two new 2048-bit pairs for every test app
 * cost a tenth of a second of CPU each, about a sixth of the API tests' time (decision record
 * 0101). Keys made later, by a rotation, are always new. `undefined` puts new pairs back.
 */
export function setFirstKeyPairsForTests(source: ((use: 'id' | 'access') => Promise<KeyPair>) | undefined): void {
  firstKeyPair = source ?? newKeyPair;
}

async function newSigningKey(use: 'id' | 'access', pair: Promise<KeyPair> = newKeyPair()) {
  const { privateKey, publicKey } = await pair;
  const kid = `${use}-${randomBytes(8).toString('hex')}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  return { kid, use, publicJwk, privateValue: JSON.stringify(await exportJWK(privateKey)) };
}

/** A new signing key's row, its private value sealed, signing from `activatesAt` on. */
export async function newSigningKeyRow(use: 'id' | 'access', keyEncryptionKey: Buffer, activatesAt: Date) {
  const key = await newSigningKey(use);
  return { ...key, privateValue: keySealer(keyEncryptionKey).seal(key.kid, use, key.privateValue), activatesAt };
}

type KeyRow = typeof identityKeys.$inferSelect;

/** When the first keys activate: they sign from the start. */
const EPOCH = new Date(0);

/** Private keys already imported, by kid: a refresh imports only keys it has not seen. */
type ImportedKeys = Map<string, CryptoKey>;

/**
 * Loads the pool's keys from the database, creating them on first start. Kept in the database
 * (not in memory or a local file) so every replica signs and verifies with the same keys; the
 * first keys activate at the epoch and the insert is idempotent per use and activation time, so
 * replicas starting together agree on them. Private values are sealed with the key-encryption
 * key; values an older version stored in clear are sealed now, each by an update that only
 * succeeds while the row still holds the clear value, so replicas starting together seal each
 * row once.
 */
export async function loadOrCreateKeys(
  db: IdentityDb,
  keyEncryptionKey: Buffer,
  imported: ImportedKeys = new Map(),
): Promise<IdentityKeys> {
  const sealer = keySealer(keyEncryptionKey);
  let rows = await db.select().from(identityKeys);
  if (!['id', 'access', 'secret'].every((use) => rows.some((r) => r.use === use))) {
    const fresh = [
      await newSigningKey('id', firstKeyPair('id')),
      await newSigningKey('access', firstKeyPair('access')),
      {
        kid: `secret-${randomBytes(8).toString('hex')}`,
        use: 'secret',
        publicJwk: null,
        privateValue: randomBytes(32).toString('base64url'),
      },
    ].map((row) => ({ ...row, privateValue: sealer.seal(row.kid, row.use, row.privateValue), activatesAt: EPOCH }));
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
  return keysAt(rows, sealer, imported, Date.now());
}

/**
 * The keys as of `now` (decision record 0056): a use signs with its newest key that has
 * activated and not retired; the JWKS holds every key not retired, so a key is published before
 * any replica signs with it and a token verifies until its key retires.
 */
async function keysAt(
  rows: KeyRow[],
  sealer: ReturnType<typeof keySealer>,
  imported: ImportedKeys,
  now: number,
): Promise<IdentityKeys> {
  const byActivation = [...rows].sort((a, b) => a.activatesAt.getTime() - b.activatesAt.getTime());
  const live = byActivation.filter((r) => r.use !== 'secret' && (!r.retiredAt || r.retiredAt.getTime() > now));
  const signing = async (use: 'id' | 'access'): Promise<SigningKey> => {
    const r = live.filter((k) => k.use === use && k.activatesAt.getTime() <= now).at(-1);
    if (!r) throw new Error(`identity_keys has no active ${use} token signing key`);
    let privateKey = imported.get(r.kid);
    if (!privateKey) {
      const jwk = JSON.parse(sealer.open(r.kid, r.use, r.privateValue)) as JWK;
      privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
      imported.set(r.kid, privateKey);
    }
    return { kid: r.kid, privateKey, publicJwk: r.publicJwk as JWK };
  };
  const secret = byActivation.find((r) => r.use === 'secret')!;
  const changes = live
    .flatMap((r) => [r.activatesAt.getTime(), r.retiredAt?.getTime() ?? Infinity])
    .filter((t) => t > now);
  return {
    id: await signing('id'),
    access: await signing('access'),
    secret: Buffer.from(sealer.open(secret.kid, secret.use, secret.privateValue), 'base64url'),
    jwks: {
      keys: [...live.filter((r) => r.use === 'id'), ...live.filter((r) => r.use === 'access')].map(
        (r) => r.publicJwk as JWK,
      ),
    },
    changesAt: Math.min(Infinity, ...changes),
  };
}

/** The keys one identity service instance signs and verifies with, kept current with the database. */
export interface Keyring {
  /** The keys as last read. */
  readonly keys: IdentityKeys;
  /**
   * The keys, read again first when the last read is `refreshMs` old or a key has activated or
   * retired since: a rotation made by any replica or command reaches this one within `refreshMs`.
   */
  current(): Promise<IdentityKeys>;
  /** Reads the keys again now. */
  refresh(): Promise<IdentityKeys>;
}

/**
 * Opens the keys (creating the first ones) and keeps them current (decision record 0056). Read on
 * demand rather than by a timer: nothing runs in the background, and a replica idle for a while
 * reads the keys before it next signs or verifies. The JWKS object stays the same while the
 * published keys do, so what is built from it (`localKeySet`) is built once per change.
 */
export async function openKeyring(db: IdentityDb, keyEncryptionKey: Buffer, refreshMs: number): Promise<Keyring> {
  const sealer = keySealer(keyEncryptionKey);
  const imported: ImportedKeys = new Map();
  let keys = await loadOrCreateKeys(db, keyEncryptionKey, imported);
  let readAt = Date.now();
  let reading: Promise<IdentityKeys> | undefined;

  async function read(): Promise<IdentityKeys> {
    const started = Date.now();
    const next = await keysAt(await db.select().from(identityKeys), sealer, imported, started);
    const kids = (jwks: Jwks) => jwks.keys.map((k) => k.kid).join(' ');
    if (kids(next.jwks) === kids(keys.jwks)) next.jwks = keys.jwks;
    keys = next;
    readAt = started;
    return next;
  }
  const refresh = () =>
    (reading ??= read().finally(() => {
      reading = undefined;
    }));
  return {
    get keys() {
      return keys;
    },
    current: () => (Date.now() < Math.min(readAt + refreshMs, keys.changesAt) ? Promise.resolve(keys) : refresh()),
    refresh,
  };
}

const keySets = new WeakMap<Jwks, ReturnType<typeof createLocalJWKSet>>();

/** jose's key lookup over a JWKS, built once per JWKS object (not per token). */
export function localKeySet(jwks: Jwks): ReturnType<typeof createLocalJWKSet> {
  let keySet = keySets.get(jwks);
  if (!keySet) {
    keySet = createLocalJWKSet(jwks);
    keySets.set(jwks, keySet);
  }
  return keySet;
}
