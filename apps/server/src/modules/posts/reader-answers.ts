import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import { readerStamp, type Reader } from './posts.repository';

/** A reader's answer as computed, with what it was computed over. */
interface Kept {
  /** The posts' data version, the reader's receipt count, and the caller's other parts (say, the leave version). */
  stamp: string;
  /** The time it was computed at (ms): it holds from then. */
  from: number;
  /** When the next post is published or expires (ms); null: none ahead. */
  until: number | null;
  value: unknown;
}

/** What the kept answers may take up, in bytes of UTF-16 (the least used are forgotten first). */
const MAX_BYTES = 16 * 1024 * 1024;

/** One memory per database (so per app, and per test's app): Home and the readers' list share it. */
const byDatabase = new WeakMap<Database, LRUCache<string, Kept>>();

export interface ReaderAnswerOptions<T> {
  /** What the answer is, besides the reader (their id and audience keys): the route, its query, and so on. */
  key: string;
  /** Whether the answer depends on the leave data too (Home's leave glance, decision record 0023). */
  leave?: boolean;
  /** Anything else the answer depends on that the key does not name (Home: today's date). */
  extra?: string;
  now: Date;
  /** The answer, and until when it holds for certain: the next publish or expiry time of any post. */
  compute: () => Promise<{ value: T; until: number | null }>;
}

/**
 * A reader's answer kept until it can have changed (decision record 0059): the readers' lists and
 * Home depend on the posts (their data version, migration 0024), the clock only at the next
 * publish or expiry time of a post (decision record 0048), and the reader's own receipts, which
 * are only ever added (or deleted with their post, which raises the version): their number names
 * them. All three are read in one statement before the answer is computed, so an answer kept under
 * them is never older than they are, and a post written, a time passed or a post opened on any
 * server makes the next request compute afresh. The reader's audience keys are part of the key.
 */
export async function readerAnswer<T>(database: Database, reader: Reader, options: ReaderAnswerOptions<T>): Promise<T> {
  let kept = byDatabase.get(database);
  if (!kept) {
    kept = new LRUCache<string, Kept>({ maxSize: MAX_BYTES, sizeCalculation: (_entry, key) => key.length * 2 + 64 });
    byDatabase.set(database, kept);
  }
  const stamp = await readerStamp(database.db, reader.id);
  if (stamp.posts === null || (options.leave && stamp.leave === null)) {
    return (await options.compute()).value;
  }
  const stampText = [stamp.posts, stamp.receipts, options.leave ? stamp.leave : '', options.extra ?? ''].join(' ');
  const key = [reader.id, [...reader.keys].sort().join(','), options.key].join('\n');
  const at = options.now.getTime();
  const found = kept.get(key);
  if (found && found.stamp === stampText && at >= found.from && (found.until === null || at < found.until)) {
    return found.value as T;
  }
  const { value, until } = await options.compute();
  const size = JSON.stringify(value).length * 2;
  kept.set(key, { stamp: stampText, from: at, until, value }, { size: size + key.length * 2 + 64 });
  return value;
}
