import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { dateFormatIn } from '@staff-portal/shared/leave-rules';
import type { Database } from '../db/client';
import { dataVersions } from '../db/schema/app';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keeps this GET route's answers, per caller and day, until any leave data changes (decision
     * record 0023). Only for routes whose answer depends on nothing but the caller's token, the
     * URL, today's date and the tables that raise the leave data version.
     */
    readCache?: boolean;
  }
  interface FastifyInstance {
    /** How often a cacheable request was answered from the cache, and how often not, since start. */
    readCacheStats(): { hits: number; misses: number };
    /**
     * A part of an answer kept like the marked routes' answers: `compute`'s value under `key`
     * (which must name the caller and everything the value depends on besides the leave data and
     * today's date), until any leave data changes. For a route that cannot be kept whole because
     * the rest of its answer depends on other data (Home, decision records 0049 and 0095).
     */
    leaveCached<T>(key: string, compute: () => Promise<T>): Promise<T>;
  }
  interface FastifyRequest {
    /** Set on a cacheable request that missed: where its answer is to be kept. */
    readCacheEntry: { key: string; version: number } | null | undefined;
  }
}

export interface ReadCacheOptions {
  database: Database;
  /** The organisation's time zone: answers are kept for one of its days at most. */
  timeZone: string;
  /** What the kept answers may take up, in bytes of UTF-16 (the cache forgets the least used first). */
  maxBytes?: number;
}

/** The data domain whose version the cached routes depend on (migration 0011's triggers raise it). */
const DOMAIN = 'leave';

/**
 * Serves the marked routes' answers again while the leave data has not changed. The version is
 * read before the answer is computed: an answer kept under a version is never older than it, and
 * a write that commits meanwhile raises the version, so the next caller misses. The version lives
 * in the database, so servers sharing one never serve each other's stale answers.
 */
export const readCachePlugin = fp<ReadCacheOptions>(
  async (app, { database, timeZone, maxBytes = 64 * 1024 * 1024 }) => {
    const answers = new LRUCache<string, string>({
      maxSize: maxBytes,
      sizeCalculation: (body, key) => (body.length + key.length) * 2,
    });
    const dateFormat = dateFormatIn(timeZone);
    let newest = -1;
    const stats = { hits: 0, misses: 0 };

    /** The leave data's version now, or null when there is none; kept answers older than it are dropped. */
    async function currentVersion(): Promise<number | null> {
      const [row] = await database.db
        .select({ version: dataVersions.version })
        .from(dataVersions)
        .where(eq(dataVersions.domain, DOMAIN));
      if (row === undefined) return null;
      const version = Number(row.version);
      if (version > newest) {
        // Everything kept is older than the data now; make room at once.
        newest = version;
        answers.clear();
      }
      return version;
    }
    const keyOf = (version: number, rest: string[]) => [version, dateFormat.format(new Date()), ...rest].join('\n');

    app.decorateRequest('readCacheEntry', null);
    app.decorate('readCacheStats', () => ({ ...stats }));
    app.decorate('leaveCached', async <T>(key: string, compute: () => Promise<T>): Promise<T> => {
      const version = await currentVersion();
      if (version === null) return compute();
      const full = keyOf(version, ['part', key]);
      const kept = answers.get(full);
      if (kept !== undefined) {
        stats.hits++;
        return JSON.parse(kept) as T;
      }
      stats.misses++;
      const value = await compute();
      // Only a value of the newest version seen: an older one could never be asked for again.
      if (version >= newest) answers.set(full, JSON.stringify(value));
      return value;
    });

    app.addHook('preHandler', async (request, reply) => {
      if (!request.routeOptions.config.readCache || request.method !== 'GET' || !request.user) return;
      const version = await currentVersion();
      if (version === null) return;
      const { sub, groups } = request.user;
      const key = keyOf(version, [sub, [...groups].sort().join(','), request.url]);
      const kept = answers.get(key);
      if (kept !== undefined) {
        stats.hits++;
        return reply.type('application/json; charset=utf-8').send(kept);
      }
      stats.misses++;
      request.readCacheEntry = { key, version };
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const entry = request.readCacheEntry;
      // Only whole answers of the newest version seen: an older one could never be asked for again.
      if (entry && reply.statusCode === 200 && typeof payload === 'string' && entry.version >= newest) {
        answers.set(entry.key, payload);
      }
      return payload;
    });
  },
  { name: 'read-cache' },
);
