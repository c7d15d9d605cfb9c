import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SEARCH_GIN_STORAGE } from './gin';

/**
 * Entries of the logging API (docs/product/specification.md §7): who signed in or out, and when,
 * as the client said; and the sign-ins the embedded identity service refused (stream `identity`,
 * decision record 0078).
 */
export const logEntries = pgTable(
  'log_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The token's subject; the API refuses a body userId that differs. */
    userId: text('user_id').notNull(),
    /** Who that was, for reading and searching: the e-mail and name their token had then. */
    userEmail: text('user_email'),
    userName: text('user_name'),
    action: text('action').notNull(),
    request: text('request').notNull(),
    url: text('url').notNull(),
    stream: text('stream').notNull(),
    /** The client's own stamp, exactly as sent (the seed's "now plus 8 hours"). */
    logDate: text('log_date').notNull(),
    /** The server's receive time: the instant to trust. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    requestId: text('request_id'),
  },
  (t) => [
    index('log_entries_user_received_idx').on(t.userId, t.receivedAt),
    index('log_entries_received_idx').on(t.receivedAt),
    index('log_entries_action_received_idx').on(t.action, t.receivedAt),
    // The IT admin explorer's free text (modules/it-admin/activity.repository.ts, the same expression).
    index('log_entries_text_trgm_idx')
      .using(
        'gin',
        sql`(${t.action} || ' ' || ${t.request} || ' ' || ${t.url} || ' ' || coalesce(${t.userEmail}, '') || ' ' || coalesce(${t.userName}, '')) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_STORAGE),
  ],
);
