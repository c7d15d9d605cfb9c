import type { FastifyBaseLogger } from 'fastify';
import { postStatus, type Audience } from '@staff-portal/shared/posts-rules';
import type { Database, Transaction } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import { deliverAfterCommit, type Mailer, type SendEmail } from '../../mail/outbox-mail';
import { audienceDirectory, type AudienceDirectory } from './posts-audience';
import { addressesOf, queuePublishMail } from './posts-mail';
import { audienceOf, postsDueForMail, type PostRow } from './posts.repository';

/** How many posts whose e-mail fell due one round of the loop queues. */
const MAIL_BATCH = 20;

/** Whether the post, as it will be, is published at `at` and asks for the e-mail. */
export const publishMailDue = (
  post: { emailAudience: boolean; publishAt: Date | null; expireAt: Date | null },
  at: Date,
) => post.emailAudience && postStatus(post, at) === 'published';

export interface PublishMailServiceOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  publicUrl: string;
  /** SMTP when configured; without it the e-mail stays in the outbox (embedded mode). */
  sendEmail: SendEmail | undefined;
  log: FastifyBaseLogger;
}

/**
 * The e-mail to a post's audience when it is published (decision record 0048): queued once at
 * most, ever, by the write that publishes the post, or by the mail loop once a scheduled post's
 * publish time has come; delivered after the commit (decision record 0019). Its recipients are
 * asked of the identity provider afresh each time.
 */
export function createPublishMailService({
  database,
  identityAdmin,
  publicUrl,
  sendEmail,
  log,
}: PublishMailServiceOptions) {
  const { db } = database;
  const mailer: Mailer = { sendEmail, publicUrl, log };
  const willSend = Boolean(sendEmail);

  /**
   * The addresses of an audience, asked of the identity provider before a transaction opens (the
   * embedded provider shares the database, and PGlite has one connection).
   */
  async function addressesFor(audience: Audience, directory: AudienceDirectory = audienceDirectory(identityAdmin)) {
    return addressesOf(await directory.accountsOf(audience));
  }

  /** Inside the caller's transaction: the outbox rows of the post's e-mail, or null if it was queued already or is not due. */
  const queue = (tx: Transaction, post: PostRow, addresses: string[], at: Date) =>
    queuePublishMail(tx, post, addresses, { now: at, publicUrl, willSend });

  /** Starts delivering queued messages once their transaction has committed; the answer does not wait. */
  const deliver = (mails: number[]) => void deliverAfterCommit(db, mails, mailer);

  return {
    queue,
    deliver,

    /**
     * The addresses for a write that publishes a post asking for the e-mail. When the identity
     * provider cannot be asked, the write goes on without them: its e-mail is still due, and the
     * mail loop queues it at its next round.
     */
    async addressesForWrite(audience: Audience): Promise<string[] | undefined> {
      try {
        return await addressesFor(audience);
      } catch (error) {
        log.warn({ err: error }, 'post e-mail left to the mail loop: the identity provider could not be asked');
        return undefined;
      }
    },

    /**
     * One round of the mail loop: queues the publish e-mail of every post that fell due since
     * (its publish time came while it asks for one and none was queued). Answers how many posts
     * it queued for. A post whose audience cannot be listed now is tried again next round.
     */
    async queueDueMail(): Promise<number> {
      // The server's clock decides every status (packages/shared/src/posts-rules.ts); tests move it.
      const at = new Date();
      const due = await postsDueForMail(db, at, MAIL_BATCH);
      const directory = audienceDirectory(identityAdmin);
      let queued = 0;
      for (const post of due) {
        try {
          const addresses = await addressesFor(audienceOf(post), directory);
          const mails = await db.transaction((tx) => queue(tx, post, addresses, at));
          if (mails === null) continue;
          deliver(mails);
          queued++;
        } catch (error) {
          log.error({ err: error, postId: post.id }, 'post e-mail not queued; tried again at the next round');
        }
      }
      return queued;
    },
  };
}

export type PublishMailService = ReturnType<typeof createPublishMailService>;
