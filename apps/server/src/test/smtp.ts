import { listenSmtp, type TestSmtpServer } from './smtp-server';

const servers: TestSmtpServer[] = [];

/** Closes the SMTP servers this test started. After each test (test/setup.ts). */
export async function closeSmtpServers(): Promise<void> {
  await Promise.all(servers.splice(0).map((server) => server.close()));
}

/**
 * A real SMTP server on a free loopback port, closed after each test: its `url` for SMTP_URL,
 * and every message it `received`. With `refuse`, every recipient is refused (see listenSmtp).
 */
export async function startSmtpServer(options: { refuse?: string } = {}) {
  const server = await listenSmtp(options);
  servers.push(server);
  return { url: server.url, received: server.received };
}

/** An SMTP address nothing listens on (the discard port): every delivery fails at once. */
export const CLOSED_SMTP_URL = 'smtp://127.0.0.1:9';
