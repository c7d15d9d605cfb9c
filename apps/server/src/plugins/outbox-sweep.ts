import fp from 'fastify-plugin';
import { sendDueEmail, type SendEmail } from '@staff-portal/identity/outbox';
import type { Db } from '../db/client';

export interface OutboxSweepOptions {
  db: Db;
  /** SMTP; without it nothing is sent and there is nothing to sweep (embedded mode). */
  sendEmail: SendEmail | undefined;
  /** How often the outbox is looked at for e-mail due to be sent again. */
  intervalMs?: number;
}

/**
 * Sends again, while the server runs, the e-mail whose delivery failed or whose sender stopped
 * before it was sent (decision record 0019): once when the server is ready, then every minute.
 * One sweep at a time; a sweep still sending when the server closes is waited for.
 */
export const outboxSweepPlugin = fp<OutboxSweepOptions>(
  async (app, { db, sendEmail, intervalMs = 60_000 }) => {
    if (!sendEmail) return;
    const send = sendEmail;
    let sweeping: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;

    async function sweepAll() {
      // A full batch may leave more behind it: go on until a batch comes back short.
      const batch = 50;
      while ((await sendDueEmail(db, send, app.log, batch)) === batch);
    }

    function sweep() {
      sweeping ??= sweepAll()
        .catch((error: unknown) => app.log.error({ err: error }, 'outbox sweep failed'))
        .finally(() => (sweeping = undefined));
    }

    app.addHook('onReady', async () => {
      sweep();
      timer = setInterval(sweep, intervalMs).unref();
    });
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await sweeping;
    });
  },
  { name: 'outbox-sweep' },
);
