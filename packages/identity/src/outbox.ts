import { eq } from 'drizzle-orm';
import type { IdentityContext } from './context';
import { identityOutbox } from './schema';

export type DeliveryMedium = 'EMAIL' | 'SMS';

/**
 * Delivers a message by writing it to the outbox table (embedded mode), where the IT admin page
 * and the tests read it; it is also logged at info level so a developer sees codes in the console.
 */
export async function deliver(
  ctx: IdentityContext,
  message: { medium: DeliveryMedium; recipient: string; subject: string; body: string; userId?: string },
) {
  const [row] = await ctx.db
    .insert(identityOutbox)
    .values({
      channel: message.medium,
      recipient: message.recipient,
      subject: message.subject,
      body: message.body,
      userId: message.userId ?? null,
    })
    .returning({ id: identityOutbox.id });
  if (message.medium === 'EMAIL' && ctx.config.sendEmail) {
    // A mail server that is down must not fail the sign-in step: the message stays in the
    // outbox with the error, where the IT admin page shows it.
    try {
      await ctx.config.sendEmail({ to: message.recipient, subject: message.subject, text: message.body });
      await ctx.db.update(identityOutbox).set({ deliveredAt: new Date() }).where(eq(identityOutbox.id, row!.id));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await ctx.db
        .update(identityOutbox)
        .set({ deliveryError: reason.slice(0, 1000) })
        .where(eq(identityOutbox.id, row!.id));
      ctx.log.error({ err: error, to: message.recipient }, 'e-mail delivery failed');
    }
  }
  ctx.log.info(
    { to: message.recipient, medium: message.medium, subject: message.subject, body: message.body },
    'identity message',
  );
}

/** Cognito's masked destination: `a***@e***` for e-mail, `+*******1234` for phones. */
export function maskDestination(medium: DeliveryMedium, value: string): string {
  if (medium === 'SMS') return `+${'*'.repeat(Math.max(0, value.length - 5))}${value.slice(-4)}`;
  const [local = '', domain = ''] = value.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}
