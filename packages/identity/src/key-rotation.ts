import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { IdentityDb } from './db';
import { JWKS_MAX_AGE_SECONDS, loadOrCreateKeys, newSigningKeyRow } from './keys';
import { identityKeys } from './schema';

export interface KeyRotation {
  /** The new id and access keys, and when they start signing. */
  added: { kid: string; use: string; activatesAt: Date }[];
  /** The keys they supersede, and when those stop verifying. */
  retiring: { kid: string; use: string; retiredAt: Date }[];
}

/**
 * Rotates the token signing keys (decision record 0056): adds a new id key and a new access key,
 * and schedules the retirement of the keys they supersede.
 * - The new keys activate once every replica publishes them: after two key refreshes (a replica
 *   reads the keys at most `keyRefreshMs` apart) and the time a client may cache the JWKS.
 * - The old keys retire once no token they signed can be unexpired: the longest token validity
 *   after the new keys activate, plus one refresh for clocks that differ.
 * - With `cutOff` (a key that leaked, decision record 0057), both happen now: each replica signs
 *   with the new keys and refuses the old keys' tokens from its next key read, within
 *   `keyRefreshMs`.
 * The secret is not rotated: it seals refresh tokens and sign-in steps, and keys code hashes.
 * Rotations are serialised by a lock on the secret's row, so two at once both take effect.
 */
export async function rotateKeys(
  db: IdentityDb,
  options: { keyEncryptionKey: Buffer; keyRefreshMs: number; tokenSeconds: number; cutOff?: boolean; now?: Date },
): Promise<KeyRotation> {
  // Opens the current keys with this key-encryption key first: keys sealed with another one
  // would stop every replica at its next read.
  await loadOrCreateKeys(db, options.keyEncryptionKey);
  const now = options.now ?? new Date();
  const activatesAt = options.cutOff
    ? now
    : new Date(now.getTime() + 2 * options.keyRefreshMs + JWKS_MAX_AGE_SECONDS * 1000);
  const retiredAt = options.cutOff
    ? now
    : new Date(activatesAt.getTime() + options.tokenSeconds * 1000 + options.keyRefreshMs);
  const rows = [
    await newSigningKeyRow('id', options.keyEncryptionKey, activatesAt),
    await newSigningKeyRow('access', options.keyEncryptionKey, activatesAt),
  ];
  return db.transaction(async (tx) => {
    await tx.select({ kid: identityKeys.kid }).from(identityKeys).where(eq(identityKeys.use, 'secret')).for('update');
    const retiring = await tx
      .update(identityKeys)
      .set({ retiredAt })
      .where(and(inArray(identityKeys.use, ['id', 'access']), isNull(identityKeys.retiredAt)))
      .returning({ kid: identityKeys.kid, use: identityKeys.use, retiredAt: identityKeys.retiredAt });
    await tx.insert(identityKeys).values(rows);
    return {
      added: rows.map(({ kid, use }) => ({ kid, use, activatesAt })),
      retiring: retiring.map((r) => ({ kid: r.kid, use: r.use, retiredAt: r.retiredAt! })),
    };
  });
}
