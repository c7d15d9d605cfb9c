import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** For SMTP_URL. */
  url: string;
  /** Every message received, with its envelope recipients and raw data. */
  received: { to: string[]; data: string }[];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (`port`, or a free one). With `refuse`, it answers every recipient
 * with that permanent refusal (as a server does for an unknown mailbox), so nothing is received.
 * `test/smtp.ts` closes it after each test; the browser tests' cluster keeps one for its run.
 */
export async function listenSmtp(options: { refuse?: string; port?: number } = {}): Promise<TestSmtpServer> {
  const received: TestSmtpServer['received'] = [];
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
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
