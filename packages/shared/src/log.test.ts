import { describe, expect, it } from 'vitest';
import { logEntryInputSchema } from './log';

const valid = {
  userId: 'abc',
  action: 'Logout',
  request: '',
  url: 'http://localhost:3000/',
  stream: 'login/logout',
  logDate: '2026-11-22T18:00:00.000Z',
};

describe('log entry input', () => {
  it('accepts the seed’s body, with an empty request, and a local or offset date', () => {
    expect(logEntryInputSchema.parse(valid)).toEqual(valid);
    expect(logEntryInputSchema.safeParse({ ...valid, logDate: '2026-11-22T18:00:00.000' }).success).toBe(true);
    expect(logEntryInputSchema.safeParse({ ...valid, logDate: '2026-11-22T18:00:00+08:00' }).success).toBe(true);
  });

  it.each([
    ['userId', { userId: '' }],
    ['action', { action: ' ' }],
    ['stream', { stream: '' }],
    ['logDate', { logDate: '22/11/2026' }],
    ['request', { request: 'x'.repeat(10_001) }],
  ])('refuses a bad %s', (field, patch) => {
    const result = logEntryInputSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual([field]);
  });
});
