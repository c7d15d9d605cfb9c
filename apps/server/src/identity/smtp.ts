import type { SendEmail } from '@staff-portal/identity/outbox';
import type { Config } from '../config';

/** E-mail through an SMTP server (SMTP_URL): the identity service's codes and invitations, leave mail. */
export async function createSmtpSender(smtpUrl: string, from: string): Promise<SendEmail> {
  // Loaded only when SMTP is configured; the embedded default writes to the outbox only.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  return async (message: { to: string; subject: string; text: string }) => {
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}

/** The configured SMTP sender, or none (embedded mode: messages stay in the outbox). */
export async function mailSenderOf(config: Config): Promise<SendEmail | undefined> {
  return config.mail.smtpUrl ? createSmtpSender(config.mail.smtpUrl, config.mail.from) : undefined;
}
