import { LRUCache } from 'lru-cache';
import type { TokenUse, TokenUser, TokenVerifier } from './token-verifier';

/**
 * How long a token verified once (signature, claims, and in embedded mode its session in the
 * identity tables) is taken on trust before it is verified again in full, while this replica is
 * not hearing the database's notices of changes: the bound on how late it then refuses a revoked
 * session or a changed account (decision records 0058 and 0074).
 */
export const TOKEN_RECHECK_MS = 30_000;
/** Tokens remembered per process; beyond it the least recently used are verified again. */
const MAX_TOKENS = 10_000;

interface Verified {
  user: TokenUser;
  /** When the token ends (its `exp`, in ms): never served past it. */
  endsAt: number;
  /** When it was last verified in full. */
  checkedAt: number;
  /** The keys it was verified with (`keysVersion`), so a rotation's retired key is noticed at once. */
  keys: unknown;
}

export interface CachedTokenVerifier extends TokenVerifier {
  /**
   * Forgets the remembered tokens of an account (or of every account) whose sessions this
   * replica just ended, so that its next request is verified in full here at once.
   */
  forget(userId?: string): void;
}

/**
 * Remembers verified tokens, so that a token seen before costs a map lookup rather than an RSA
 * signature check and a database read (decision record 0058). A remembered token is verified in
 * full again after `forget` (a change to its user, heard at once: decision record 0074), once
 * `recheckMs` has passed since its last check while such changes are not being heard, whenever
 * the verifying keys have changed (`keysVersion` answers another value), and never served past
 * its `exp`. Refusals are not remembered: a bad token is checked each time, as before.
 */
export function cachedTokenVerifier(
  inner: TokenVerifier,
  options: {
    recheckMs?: number | undefined;
    max?: number;
    /** A value that changes when the keys tokens are verified with change (the JWKS object). */
    keysVersion?: () => unknown;
    /**
     * Whether this replica hears every change a token depends on now (decision record 0074): a
     * remembered check then stands until a change forgets it or the token ends, and `recheckMs`
     * bounds it only while not.
     */
    listening?: () => boolean;
    now?: () => number;
  } = {},
): CachedTokenVerifier {
  const recheckMs = options.recheckMs ?? TOKEN_RECHECK_MS;
  const now = options.now ?? (() => Date.now());
  const version = options.keysVersion ?? (() => undefined);
  const listening = options.listening ?? (() => false);
  // Keys that cannot be read match nothing remembered: the full check then answers as it would.
  const unreadable = Symbol('keys not read');
  const keysVersion = async () => {
    try {
      return await version();
    } catch {
      return unreadable;
    }
  };
  const verified = new LRUCache<string, Verified>({ max: options.max ?? MAX_TOKENS });
  /** Full checks under way, so that many requests with one new token make one check, not many. */
  const checking = new Map<string, Promise<TokenUser>>();
  /** Counts `forget` calls: a check that began before one may have read a session since ended. */
  let forgotten = 0;

  async function check(token: string, allowed: readonly TokenUse[]): Promise<TokenUser> {
    const generation = forgotten;
    const keys = await keysVersion();
    const checkedAt = now();
    let user: TokenUser;
    try {
      user = await inner.verify(token, allowed);
    } catch (error) {
      verified.delete(token);
      throw error;
    }
    const exp = user.claims.exp;
    if (typeof exp === 'number' && generation === forgotten && keys !== unreadable) {
      verified.set(token, { user, endsAt: exp * 1000, checkedAt, keys });
    }
    return user;
  }

  return {
    async verify(token, allowed) {
      const entry = verified.get(token);
      if (entry !== undefined) {
        const at = now();
        if (
          at < entry.endsAt &&
          (at - entry.checkedAt < recheckMs || listening()) &&
          allowed.includes(entry.user.tokenUse) &&
          (await keysVersion()) === entry.keys
        ) {
          return entry.user;
        }
      }
      // One full check per token at a time; a caller asking for other uses checks on its own.
      // Keyed by the forget count too: a request after a `forget` never joins a check from before it.
      const key = `${forgotten} ${allowed.join(',')} ${token}`;
      let pending = checking.get(key);
      if (pending === undefined) {
        pending = check(token, allowed).finally(() => checking.delete(key));
        checking.set(key, pending);
      }
      return pending;
    },
    forget(userId) {
      forgotten++;
      if (userId === undefined) {
        verified.clear();
        return;
      }
      for (const [token, entry] of verified.entries()) if (entry.user.sub === userId) verified.delete(token);
    },
  };
}
