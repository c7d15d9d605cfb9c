import { and, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { OutboxState } from '@staff-portal/shared/it-admin';
import { startingWith } from '@staff-portal/shared/like-pattern';
import type { Queryable } from '../../db/client';

/**
 * The outbox of e-mails and text messages (docs/product/files-mail-logs.md §3, decision record
 * 0019) as the IT admin page reads it (docs/product/screens.md §15). Leasing and sending a message
 * are the identity package's (`@staff-portal/identity/outbox`).
 */

export type OutboxRow = typeof identityOutbox.$inferSelect;

/** A message's state, as `stateCondition` says it in SQL. */
export function outboxState(row: OutboxRow): OutboxState {
  if (row.deliveredAt !== null) return 'delivered';
  if (row.deliveryError !== null) return 'failed';
  if (row.nextAttemptAt !== null) return 'waiting';
  return 'kept';
}

/** `outboxState(row) = state` in SQL. */
const stateCondition: Record<OutboxState, SQL> = {
  delivered: sql`${identityOutbox.deliveredAt} is not null`,
  failed: sql`${identityOutbox.deliveredAt} is null and ${identityOutbox.deliveryError} is not null`,
  waiting: sql`${identityOutbox.deliveredAt} is null and ${identityOutbox.deliveryError} is null and ${identityOutbox.nextAttemptAt} is not null`,
  kept: sql`${identityOutbox.deliveredAt} is null and ${identityOutbox.deliveryError} is null and ${identityOutbox.nextAttemptAt} is null`,
};

export interface OutboxFilter {
  /** The start of the recipient's address, in any case. */
  recipient?: string | undefined;
  state?: OutboxState | undefined;
  /** Messages older than this one (keyset paging). */
  before?: number | undefined;
}

/** Messages newest first, at most `limit`. */
export async function outboxMessages(db: Queryable, filter: OutboxFilter, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(identityOutbox)
    .where(
      and(
        filter.recipient
          ? sql`lower(${identityOutbox.recipient}) like ${startingWith(filter.recipient.toLowerCase())}`
          : undefined,
        filter.state ? stateCondition[filter.state] : undefined,
        filter.before ? lt(identityOutbox.id, filter.before) : undefined,
      ),
    )
    .orderBy(desc(identityOutbox.id))
    .limit(limit);
}

export async function findOutboxMessage(db: Queryable, id: number): Promise<OutboxRow | undefined> {
  const [row] = await db.select().from(identityOutbox).where(eq(identityOutbox.id, id));
  return row;
}

/** How many messages wait to be sent and how many failed. */
export async function outboxCounts(db: Queryable): Promise<{ waiting: number; failed: number }> {
  const [row] = await db
    .select({
      waiting: sql<number>`count(*) filter (where ${stateCondition.waiting})`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${stateCondition.failed})`.mapWith(Number),
    })
    .from(identityOutbox);
  return { waiting: row?.waiting ?? 0, failed: row?.failed ?? 0 };
}

/** The newest message's delivery error, if any message has one, with when that message was made. */
export async function lastDeliveryError(db: Queryable): Promise<{ error: string | null; at: Date } | undefined> {
  const [row] = await db
    .select({ error: identityOutbox.deliveryError, at: identityOutbox.createdAt })
    .from(identityOutbox)
    .where(isNotNull(identityOutbox.deliveryError))
    .orderBy(desc(identityOutbox.id))
    .limit(1);
  return row;
}
