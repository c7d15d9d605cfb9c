import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { firstAttempt, leasedRows, sendLeased, type SendEmail } from '@staff-portal/identity/outbox';
import { identityOutbox } from '@staff-portal/identity/schema';
import { DEFAULT_LANGUAGE, type Language } from '@staff-portal/shared/languages';
import type { Db, Transaction } from '../db/client';
import { userSettings } from '../db/schema/app';
import { staff } from '../db/schema/organisation';

/**
 * E-mail to staff through the outbox (docs/product/files-mail-logs.md §3, decision record 0019),
 * for every module that writes it: leave, industrial relations, posts.
 */

export type { SendEmail };

export interface Mailer {
  /** SMTP when configured; without it the messages stay in the outbox (embedded mode). */
  sendEmail: SendEmail | undefined;
  /** The portal's address, for links in the messages. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** A message to one staff member, written in whichever language they read. */
export interface Mail {
  to: string;
  compose: (language: Language) => { subject: string; body: string };
}

/**
 * The language each of these staff members chose on their profile (decision record 0032), by
 * the e-mail of their staff record; English for anyone who has not chosen, or whose record is
 * not linked to an account yet.
 */
async function languagesOf(tx: Transaction, emails: string[]): Promise<Map<string, Language>> {
  const rows = await tx
    .select({ email: staff.email, language: userSettings.language })
    .from(staff)
    .innerJoin(userSettings, eq(userSettings.identitySub, staff.identitySub))
    .where(inArray(staff.email, emails));
  return new Map(rows.map((row) => [row.email, row.language]));
}

/**
 * Queues messages in the outbox inside the caller's transaction, so a message exists exactly
 * when the change it reports was committed, in its recipient's language. With SMTP, each is
 * leased for its first attempt (deliverAfterCommit); one whose sender stopped first is sent by
 * the outbox sweep.
 */
export async function queueMail(tx: Transaction, mails: Mail[], willSend: boolean): Promise<number[]> {
  if (mails.length === 0) return [];
  const languages = await languagesOf(tx, [...new Set(mails.map((m) => m.to))]);
  const rows = await tx
    .insert(identityOutbox)
    .values(
      mails.map((m) => {
        const { subject, body } = m.compose(languages.get(m.to) ?? DEFAULT_LANGUAGE);
        return { channel: 'EMAIL', recipient: m.to, subject, body, ...firstAttempt(willSend) };
      }),
    )
    .returning({ id: identityOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Hands queued messages to SMTP after the transaction committed, without the request waiting:
 * a slow or broken mail server never slows or fails the request. Each outcome is recorded on
 * the outbox row (delivered, or the error and when the sweep tries again) where the IT admin page
 * shows it.
 */
export function deliverAfterCommit(db: Db, ids: number[], mailer: Mailer | undefined): Promise<void> {
  if (ids.length === 0 || !mailer?.sendEmail) return Promise.resolve();
  const send = mailer.sendEmail;
  return leasedRows(db, ids)
    .then((rows) => sendLeased(db, rows, send, mailer.log))
    .catch((error: unknown) => mailer.log.error({ err: error }, 'e-mail delivery failed'));
}
