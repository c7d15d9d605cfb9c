import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tokenCutoffs } from '../db/schema/audit';

/** How often each replica reads the cutoffs others wrote (decision record 0037: refused within a minute). */
export const CUTOFF_REFRESH_MS = 20_000;
/** Tokens live an hour at most; a cutoff older than a day can refuse nothing still valid. */
const KEEP_MS = 24 * 3600_000;

/**
 * Per account, the moment before which its tokens are refused: kept in the database (every
 * replica writes and reads it) and mirrored in memory, so the check on every request is a map
 * lookup. Each replica re-reads the table every CUTOFF_REFRESH_MS; its own cutoffs apply at once.
 */
export interface TokenCutoffs {
  /** Whether a token of this account issued at `issuedAtSeconds` (its `iat`) is cut off. */
  cutOff(userId: string, issuedAtSeconds: number): boolean;
  /** Refuses the account's tokens issued before now (and a second's grace after: `iat` is in whole seconds). */
  cut(userId: string): Promise<void>;
  refresh(): Promise<void>;
  close(): void;
}

export function createTokenCutoffs(
  db: Db,
  options: { refreshMs?: number | undefined; now?: () => Date; onError?: (error: unknown) => void } = {},
): TokenCutoffs {
  const now = options.now ?? (() => new Date());
  const cutoffs = new Map<string, number>();
  const refresh = async () => {
    const rows = await db
      .select()
      .from(tokenCutoffs)
      .where(gt(tokenCutoffs.notBefore, new Date(now().getTime() - KEEP_MS)));
    cutoffs.clear();
    for (const row of rows) cutoffs.set(row.userId, row.notBefore.getTime());
  };
  const timer = setInterval(() => {
    refresh().catch((error: unknown) => options.onError?.(error));
  }, options.refreshMs ?? CUTOFF_REFRESH_MS);
  timer.unref();
  return {
    cutOff(userId, issuedAtSeconds) {
      const notBefore = cutoffs.get(userId);
      return notBefore !== undefined && issuedAtSeconds * 1000 < notBefore;
    },
    async cut(userId) {
      // The next whole second: a token issued later in this second (a sign-in right after) counts
      // as issued before it only if it was, and a new one a second later passes.
      const notBefore = new Date(Math.ceil(now().getTime() / 1000) * 1000);
      await db
        .insert(tokenCutoffs)
        .values({ userId, notBefore })
        .onConflictDoUpdate({ target: tokenCutoffs.userId, set: { notBefore: sql`excluded.not_before` } });
      cutoffs.set(userId, notBefore.getTime());
    },
    refresh,
    close: () => clearInterval(timer),
  };
}
