import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach } from 'vitest';

const servers: SMTPServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/**
 * A real SMTP server on a free loopback port, closed after each test: its `url` for SMTP_URL,
 * and every message it `received`, with its envelope recipients and raw data. With `refuse`, it
 * answers every recipient with that permanent refusal (as a server does for an unknown mailbox),
 * so nothing is ever received.
 */
export async function startSmtpServer(options: { refuse?: string } = {}) {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, session, callback) {
      if (options.refuse === undefined) return callback();
      return callback(Object.assign(new Error(options.refuse), { responseCode: 550 }));
    },
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

/** An SMTP address nothing listens on (the discard port): every delivery fails at once. */
export const CLOSED_SMTP_URL = 'smtp://127.0.0.1:9';
