import { expect } from 'vitest';
import type { RunningServer } from './harness';

interface DeliveredMessage {
  to: string;
  medium: 'EMAIL' | 'SMS';
  body: string;
}

/**
 * The e-mails and texts the embedded identity service has sent, read from the server's log: it
 * logs each at info level when started with LOG_IDENTITY_MESSAGES=true (the harness sets it) and
 * LOG_LEVEL=info.
 */
export function deliveredMessages(server: RunningServer, recipient: string): DeliveredMessage[] {
  return server
    .output()
    .split('\n')
    .filter((line) => line.includes('"identity message"'))
    .map((line) => JSON.parse(line) as DeliveredMessage)
    .filter((message) => message.to === recipient);
}

/** Waits for the message after the first `seen` to `recipient` and returns its six-digit code. */
export async function nextCode(server: RunningServer, recipient: string, seen: number): Promise<string> {
  await expect.poll(() => deliveredMessages(server, recipient).length).toBeGreaterThan(seen);
  const body = deliveredMessages(server, recipient).at(-1)!.body;
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (code === undefined) throw new Error(`No code in the message to ${recipient}: ${body}`);
  return code;
}
