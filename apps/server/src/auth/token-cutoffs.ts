import { gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { tokenCutoffs } from '../db/schema/audit';

/**
 * How often each replica reads the cutoffs others wrote while it is not hearing their notices
 * (decision record 0074; 0037's bound of a minute).
 */
export const CUTOFF_REFRESH_MS = 20_000;
/** Tokens live an hour at most; a cutoff older than a day can refuse nothing still valid. */
const KEEP_MS = 24 * 3600_000;

/**
 * Per account, the moment before which its tokens are refused: kept in the database (every
 * replica writes and reads it) and mirrored in memory, so the check on every request is a map
 * lookup. A replica's own cutoffs apply at once; the others' as their notices arrive (`apply`,
 * decision record 0074), and by reading the table again every CUTOFF_REFRESH_MS while the
 * notices are not being heard.
 */
export interface TokenCutoffs {
  /** Whether a token of this account issued at `issuedAtSeconds` (its `iat`) is cut off. */
  cutOff(userId: string, issuedAtSeconds: number): boolean;
  /** Refuses the account's tokens issued before now (and a second's grace after: `iat` is in whole seconds). */
  cut(userId: string): Promise<void>;
  /** A cutoff another replica (or this one) wrote, as its notice says. */
  apply(userId: string, notBefore: number): void;
  refresh(): Promise<void>;
  close(): void;
}

export function createTokenCutoffs(
  db: Db,
  options: {
    refreshMs?: number | undefined;
    /** Whether the notices of cutoffs are heard now; the table is read again only while they are not. */
    listening?: () => boolean;
    now?: () => Date;
    onError?: (error: unknown) => void;
  } = {},
): TokenCutoffs {
  const now = options.now ?? (() => new Date());
  const cutoffs = new Map<string, number>();
  /** Cutoffs learnt while a read of the table is under way, which it may not have seen. */
  const reading = new Set<Map<string, number>>();
  const remember = (userId: string, notBefore: number) => {
    cutoffs.set(userId, notBefore);
    for (const learnt of reading) learnt.set(userId, notBefore);
  };
  const refresh = async () => {
    const learnt = new Map<string, number>();
    reading.add(learnt);
    try {
      const rows = await db
        .select()
        .from(tokenCutoffs)
        .where(gt(tokenCutoffs.notBefore, new Date(now().getTime() - KEEP_MS)));
      cutoffs.clear();
      for (const row of rows) cutoffs.set(row.userId, row.notBefore.getTime());
      for (const [userId, notBefore] of learnt) cutoffs.set(userId, notBefore);
    } finally {
      reading.delete(learnt);
    }
  };
  const timer = setInterval(() => {
    if (options.listening?.()) return;
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
      remember(userId, notBefore.getTime());
    },
    apply: remember,
    refresh,
    close: () => clearInterval(timer),
  };
}
