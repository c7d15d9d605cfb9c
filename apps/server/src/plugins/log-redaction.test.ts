import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { logSerializers, redactUrl } from './log-redaction';

const token = 'q3Vx0bD1mYv8N7hL2kP9sT4wZ6cE5aR0uJ1iO3nB7fG';

describe('redactUrl', () => {
  it('replaces an iCal feed token in a path, keeping the rest', () => {
    expect(redactUrl(`/api/leave/ical/${token}.ics`)).toBe('/api/leave/ical/[redacted].ics');
    expect(redactUrl(`/api/leave/ical/${token}.ics?x=1`)).toBe('/api/leave/ical/[redacted].ics?x=1');
  });

  it('leaves ids, dates and UUIDs as they are', () => {
    for (const url of [
      '/api/leave/requests/LV202703011200123456/history',
      '/api/leave/admin/staff/LVUSR0000000003',
      '/api/leave/admin/holidays/2027-03-10/MY-14',
      '/api/x/0b7e1c52-3f4a-4d8e-9c11-2a6b5d4e3f21',
      '/api/leave/me?year=2027',
    ])
      expect(redactUrl(url)).toBe(url);
  });
});

describe('logSerializers', () => {
  it('logs a request without the secret in its URL', () => {
    const logged = logSerializers.req({
      method: 'GET',
      url: `/api/leave/ical/${token}.ics`,
      headers: { host: 'portal' },
    } as never);
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it("logs a failed statement without its parameters, wherever the error's text would carry them", () => {
    const error = new DrizzleQueryError(
      'insert into identity_outbox values ($1)',
      ['Your code is 123456'],
      new Error('boom'),
    );
    const logged = JSON.stringify(logSerializers.err(error));
    expect(logged).not.toContain('123456');
    expect(logged).toContain('insert into identity_outbox');
    expect(logged).toContain('boom');
  });
});
