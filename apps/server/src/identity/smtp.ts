/** E-mail through an SMTP server (SMTP_URL), for the identity service's codes and invitations. */
export async function createSmtpSender(smtpUrl: string, from: string) {
  // Loaded only when SMTP is configured; the embedded default writes to the outbox only.
  const { createTransport } = await import('nodemailer');
  const transport = createTransport(smtpUrl);
  return async (message: { to: string; subject: string; text: string }) => {
    await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
  };
}
