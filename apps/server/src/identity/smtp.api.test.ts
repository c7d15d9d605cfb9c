import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { forgotPassword } from '@staff-portal/identity/account';
import { identityOutbox } from '@staff-portal/identity/schema';
import { createTestApp } from '../test/app';
import { CLOSED_SMTP_URL, startSmtpServer } from '../test/smtp';
import { createUser } from './identity-test-kit';

// A real SMTP server on loopback receives what the identity service sends when SMTP_URL is set.
describe('e-mail through SMTP', () => {
  it('sends the reset code by SMTP and records the delivery in the outbox', async () => {
    const smtp = await startSmtpServer();
    const { app } = await createTestApp({
      realIdentity: true,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.org>' },
    });
    await createUser(app, 'hr@example.org');
    await forgotPassword(app.identity!.context, { ClientId: 'staffportalweb', Username: 'hr@example.org' });

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['hr@example.org']);
    expect(smtp.received[0]!.data).toMatch(/From: Portal <portal@example\.org>/);
    const [row] = await app.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, 'hr@example.org'));
    expect(smtp.received[0]!.data).toContain(row!.body.match(/\d{6}/)![0]);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    expect(row!.deliveryError).toBeNull();
  });

  it('keeps the message with the error when the mail server is down, and the request still succeeds', async () => {
    const { app } = await createTestApp({ realIdentity: true, env: { SMTP_URL: CLOSED_SMTP_URL } });
    await createUser(app, 'hr@example.org');
    const result = await forgotPassword(app.identity!.context, {
      ClientId: 'staffportalweb',
      Username: 'hr@example.org',
    });
    expect(result.CodeDeliveryDetails.DeliveryMedium).toBe('EMAIL');
    const [row] = await app.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, 'hr@example.org'));
    expect(row!.deliveredAt).toBeNull();
    expect(row!.deliveryError).toMatch(/ECONNREFUSED|connect/i);
  });
});
