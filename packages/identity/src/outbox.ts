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
  await ctx.db.insert(identityOutbox).values({
    channel: message.medium,
    recipient: message.recipient,
    subject: message.subject,
    body: message.body,
    userId: message.userId ?? null,
  });
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
