import type { IncomingMessage } from 'node:http';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { stdSerializers } from 'pino';

/**
 * A path segment that is a secret: 40 or more URL-safe characters (an iCal feed token is 43;
 * ids, dates and UUIDs are shorter), with an optional file extension.
 */
const SECRET_SEGMENT = /^[A-Za-z0-9_-]{40,}(\.[A-Za-z0-9]+)?$/;

/** A URL as it may be logged: secret path segments (e.g. `/api/leave/ical/<token>.ics`) replaced. */
export function redactUrl(url: string): string {
  const [path = '', query] = url.split(/\?(.*)/s, 2);
  const redacted = path
    .split('/')
    .map((segment) => segment.replace(SECRET_SEGMENT, (_match, extension?: string) => `[redacted]${extension ?? ''}`))
    .join('/');
  return query === undefined ? redacted : `${redacted}?${query}`;
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

/**
 * The logger's serializers: requests are logged (at debug and trace) with secrets in their URL
 * redacted, and a failed statement is logged without its parameters, which may hold anything the
 * request carried (a code, a password, a message body).
 */
export const logSerializers = {
  req(request: IncomingMessage & { ip?: string; socket?: { remotePort?: number } }) {
    return {
      method: request.method,
      url: redactUrl(request.url ?? ''),
      host: request.headers.host,
      remoteAddress: request.ip ?? request.socket?.remoteAddress,
      remotePort: request.socket?.remotePort,
    };
  },
  err(error: Error): SerializedError {
    const serialized = stdSerializers.err(error);
    if (!(error instanceof DrizzleQueryError)) return serialized;
    // drizzle writes the parameters into the message (and so the stack) and keeps them as a property.
    const written = `params: ${String(error.params)}`;
    const hidden = 'params: [not logged]';
    delete serialized['params'];
    serialized.message = serialized.message.split(written).join(hidden);
    serialized.stack = serialized.stack.split(written).join(hidden);
    return serialized;
  },
};

/** Fastify's logger options: the configured level and these serializers, with a test's own options over them. */
export function loggerOptions(level: string, given: boolean | object | undefined): false | object {
  if (given === false) return false;
  const own = typeof given === 'object' ? (given as { serializers?: object }) : {};
  return { level, ...own, serializers: { ...logSerializers, ...own.serializers } };
}
