import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { SendEmail } from './config';
import type { IdentityContext } from './context';
import type { IdentityDb } from './db';
import { identityOutbox } from './schema';

export type DeliveryMedium = 'EMAIL' | 'SMS';

// Defined with the configuration that takes it: config.ts would otherwise import this file, which
// imports the context, which imports the configuration (a circle of types).
export type { SendEmail };

type Log = IdentityContext['log'];

/** How long one attempt may take before another sender may take the message again. */
const LEASE_MINUTES = 15;
/** Minutes to wait after each failed attempt before the next; one attempt more than waits. */
const RETRY_AFTER_MINUTES = [1, 5, 30, 120];
export const MAX_DELIVERY_ATTEMPTS = RETRY_AFTER_MINUTES.length + 1;

/**
 * What an outbox row holds when it is written: a message that SMTP is to carry starts its first
 * attempt at once (the writer sends it), leased so that no other sender takes it meanwhile; the
 * others are never sent (embedded mode, SMS).
 */
export function firstAttempt(willSend: boolean) {
  return willSend
    ? { attempts: 1, nextAttemptAt: sql`now() + make_interval(mins => ${LEASE_MINUTES})` }
    : { attempts: 0, nextAttemptAt: null };
}

type OutboxRow = typeof identityOutbox.$inferSelect;

/**
 * Sends rows a sender holds the lease of, one after another, and records each outcome: delivered,
 * or the error and when to try again (none after the last attempt). Never throws.
 */
export async function sendLeased(db: IdentityDb, rows: OutboxRow[], send: SendEmail, log: Log) {
  for (const row of rows) {
    try {
      await send({ to: row.recipient, subject: row.subject, text: row.body });
      await db
        .update(identityOutbox)
        .set({ deliveredAt: new Date(), deliveryError: null, nextAttemptAt: null })
        .where(eq(identityOutbox.id, row.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const wait = RETRY_AFTER_MINUTES[row.attempts - 1];
      log.error(
        { err: error, to: row.recipient, attempt: row.attempts, retryInMinutes: wait ?? null },
        'e-mail delivery failed',
      );
      await db
        .update(identityOutbox)
        .set({
          deliveryError: reason.slice(0, 1000),
          nextAttemptAt: wait === undefined ? null : sql`now() + make_interval(mins => ${wait})`,
        })
        .where(eq(identityOutbox.id, row.id))
        .catch((recordError: unknown) => log.error({ err: recordError }, 'e-mail delivery outcome not recorded'));
    }
  }
}

/**
 * What taking a message to send it writes: one attempt more, the sender's lease, and no error
 * (the last failure is written back if this attempt fails too). So a row with no error and its
 * lease running is being sent, and the IT admin's "retry now" leaves it alone.
 */
function takenToSend() {
  return {
    attempts: sql`${identityOutbox.attempts} + 1`,
    nextAttemptAt: sql`now() + make_interval(mins => ${LEASE_MINUTES})`,
    deliveryError: null,
  };
}

/**
 * Takes one e-mail not yet delivered to be sent now (an admin's "retry now"), under a sender's
 * lease, if its attempts are still `seenAttempts`: of two takers who saw the same row (two admins,
 * or one on two replicas), only the first sends it. Answers nothing when another took it first.
 */
export async function leaseNow(db: IdentityDb, id: number, seenAttempts: number): Promise<OutboxRow[]> {
  return db
    .update(identityOutbox)
    .set(takenToSend())
    .where(
      and(
        eq(identityOutbox.id, id),
        isNull(identityOutbox.deliveredAt),
        eq(identityOutbox.channel, 'EMAIL'),
        eq(identityOutbox.attempts, seenAttempts),
      ),
    )
    .returning();
}

/** Rows just written with their first attempt leased (see firstAttempt), read to be sent. */
export async function leasedRows(db: IdentityDb, ids: number[]): Promise<OutboxRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(identityOutbox)
    .where(and(inArray(identityOutbox.id, ids), isNull(identityOutbox.deliveredAt)));
}

/**
 * Takes up to `limit` e-mails whose next attempt is due (a failed attempt's retry time, or the
 * lease of a sender that stopped before recording its outcome) and sends them. Safe with several
 * servers sharing the database: a row is taken by one statement that skips rows another is
 * taking, and holds its lease while it is sent. Answers how many were taken.
 */
export async function sendDueEmail(db: IdentityDb, send: SendEmail, log: Log, limit = 50): Promise<number> {
  const due = db
    .select({ id: identityOutbox.id })
    .from(identityOutbox)
    .where(
      and(
        isNotNull(identityOutbox.nextAttemptAt),
        lte(identityOutbox.nextAttemptAt, sql`now()`),
        isNull(identityOutbox.deliveredAt),
        eq(identityOutbox.channel, 'EMAIL'),
      ),
    )
    .orderBy(asc(identityOutbox.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const taken = await db.update(identityOutbox).set(takenToSend()).where(inArray(identityOutbox.id, due)).returning();
  await sendLeased(db, taken, send, log);
  return taken.length;
}

/**
 * Delivers a message by writing it to the outbox table (embedded mode), where the IT admin page
 * and the tests read it. Its text holds a secret (a code, a temporary password): it reaches the
 * log only when the host asks for it (`logMessages`, for development and browser tests).
 */
export async function deliver(
  ctx: IdentityContext,
  message: { medium: DeliveryMedium; recipient: string; subject: string; body: string; userId?: string },
) {
  const send = message.medium === 'EMAIL' ? ctx.config.sendEmail : undefined;
  const rows = await ctx.db
    .insert(identityOutbox)
    .values({
      channel: message.medium,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      userId: message.userId ?? null,
      ...firstAttempt(send !== undefined),
    })
    .returning();
  // A mail server that is down must not fail the sign-in step: the message stays in the outbox
  // with the error, to be sent again later, and the IT admin page shows it.
  if (send) await sendLeased(ctx.db, rows, send, ctx.log);
  if (ctx.config.logMessages) {
    ctx.log.info(
      { to: message.recipient, medium: message.medium, subject: message.subject, body: message.body },
      'identity message',
    );
  } else {
    ctx.log.info(
      { to: maskDestination(message.medium, message.recipient), medium: message.medium, subject: message.subject },
      'identity message queued',
    );
  }
}

/** Cognito's masked destination: `a***@e***` for e-mail, `+*******1234` for phones. */
export function maskDestination(medium: DeliveryMedium, value: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(0, value.length - 5))}${value.slice(-4)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
