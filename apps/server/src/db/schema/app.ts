import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Facts about this installation, such as when it first started (decides the demo seed). */
export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A counter per data domain, raised by triggers on every write to the domain's tables (migration
 * 0011): what the API's read cache keys its answers on (decision record 0023).
 */
export const dataVersions = pgTable('data_versions', {
  domain: text('domain').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Request counters of the HTTP rate limits (plugins/rate-limit.ts), one row per key (e.g. a user's
 * writes, a client address at the identity endpoint) for the current fixed window. Kept in the
 * database so that every server sharing it counts the same requests.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_counters_window_ends_at_idx').on(t.windowEndsAt)],
);

/**
 * What a signed-in user chose for themselves, by identity `sub`: the language the portal writes
 * to them in (decision record 0032). Kept by the portal, so every replica and every mail sent on
 * someone else's action (a decision, a submission to an approver) finds it in the same database.
 */
export const userSettings = pgTable(
  'user_settings',
  {
    identitySub: text('identity_sub').primaryKey(),
    language: text('language', { enum: ['en', 'ms'] }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_settings_language', sql`${t.language} in ('en', 'ms')`)],
);
