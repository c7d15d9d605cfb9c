import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { SEARCH_GIN_STORAGE } from './gin';

/**
 * The server's audit trail (docs/product/files-mail-logs.md §2, decision record 0038): one entry
 * per change made through the API, with who made it, to what, and the state before and after.
 * Written in the transaction of a database change, or right after an identity-provider call
 * succeeded (that call is not in the database's transaction).
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The caller's identity id (`sub`) and, for reading the trail, their e-mail and name at the time. */
    actorId: text('actor_id').notNull(),
    actorEmail: text('actor_email'),
    actorName: text('actor_name'),
    /** The part of the portal: `access-control`, `leave-admin`, ... */
    area: text('area').notNull(),
    /** What was done, e.g. `account.disable`. */
    action: text('action').notNull(),
    /** What it was done to (an account's sub, a staff id, ...) and a readable label for it. */
    target: text('target'),
    targetLabel: text('target_label'),
    before: jsonb('before'),
    after: jsonb('after'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_entries_at_idx').on(t.at, t.id),
    index('audit_entries_target_idx').on(t.target, t.at),
    index('audit_entries_actor_idx').on(t.actorId, t.at),
    index('audit_entries_area_action_idx').on(t.area, t.action, t.at),
    // The IT admin explorer's free text (modules/it-admin/activity.repository.ts, the same expression).
    index('audit_entries_text_trgm_idx')
      .using(
        'gin',
        sql`(${t.action} || ' ' || coalesce(${t.targetLabel}, '') || ' ' || coalesce(${t.before}::text, '') || ' ' || coalesce(${t.after}::text, '')) gin_trgm_ops`,
      )
      .with(SEARCH_GIN_STORAGE),
  ],
);

/**
 * Per account, the moment before which its tokens are no longer accepted (decision record 0037):
 * set when an account is disabled, deleted, signed out everywhere, has its password reset or
 * loses a department. Tokens carry the groups they were issued with and Cognito's are checked
 * locally, so without it a token would keep its old rights until it expires.
 */
export const tokenCutoffs = pgTable('token_cutoffs', {
  userId: text('user_id').primaryKey(),
  notBefore: timestamp('not_before', { withTimezone: true }).notNull(),
});
