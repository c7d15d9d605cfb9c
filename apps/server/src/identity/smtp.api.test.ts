import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { forgotPassword } from '@staff-portal/identity/account';
import { identityOutbox } from '@staff-portal/identity/schema';
import { createTestApp } from '../test/app';
import { createUser } from './identity-test-kit';

// A real SMTP server on loopback receives what the identity service sends when SMTP_URL is set.
const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

async function smtpServer() {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return { url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`, received };
}

describe('e-mail through SMTP', () => {
  it('sends the reset code by SMTP and records the delivery in the outbox', async () => {
    const smtp = await smtpServer();
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
    const { app } = await createTestApp({ realIdentity: true, env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
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
