import { LRUCache } from 'lru-cache';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import type { Database } from '../../db/client';
import { postsVersion, readVisibleCounts, visiblePostCounts, type Reader } from './posts.repository';

/** What a reader's lists and Home say of each kind: how many posts they may see, and how many they have not opened. */
export type ReaderCounts = Record<PostKind, { total: number; unread: number }> & {
  /** Until when the posts counted stay the ones visible: the next publish or expiry time (ms); null: none ahead. */
  until: number | null;
};

interface Visible {
  version: number;
  /** The time they were counted at (ms): they hold from then. */
  from: number;
  /** When the next post is published or expires (ms); null: none ahead. */
  until: number | null;
  counts: Record<PostKind, number>;
}

/** How many sets of audience keys a server remembers the visible counts of: far more than exist. */
const KEY_SETS_KEPT = 1_000;

/** One memory per database (so per app, and per test's app): Home and the readers' list share it. */
const byDatabase = new WeakMap<Database, LRUCache<string, Visible>>();

/**
 * The readers' counts (decision record 0053). How many posts readers with the same audience keys
 * may see changes only when a post is written (the posts' data version, migration 0024) or a
 * post's publish or expiry time passes: each server remembers it per set of keys, under the
 * version it read first and until the next such time, so a request counts only the reader's own
 * receipts of the visible posts (a few hundred rows) besides reading the version.
 */
export async function readerCounts(database: Database, reader: Reader, now: Date): Promise<ReaderCounts> {
  let kept = byDatabase.get(database);
  if (!kept) {
    kept = new LRUCache({ max: KEY_SETS_KEPT });
    byDatabase.set(database, kept);
  }
  const { db } = database;
  const key = [...reader.keys].sort().join(',');
  // The version before the counts: counts kept under it are never older than it.
  const [version, read] = await Promise.all([postsVersion(db), readVisibleCounts(db, reader, now)]);
  let visible = kept.get(key);
  const at = now.getTime();
  if (!visible || visible.version !== version || at < visible.from || (visible.until !== null && at >= visible.until)) {
    const counted = await visiblePostCounts(db, reader.keys, now);
    visible = { version: version ?? -1, from: at, until: counted.until?.getTime() ?? null, counts: counted.counts };
    if (version !== null) kept.set(key, visible);
  }
  // Never below 0, should a post be written between reading the version and the receipts.
  const of = (kind: PostKind) => ({
    total: visible.counts[kind],
    unread: Math.max(0, visible.counts[kind] - read[kind]),
  });
  return { announcement: of('announcement'), staffInfo: of('staffInfo'), until: visible.until };
}
