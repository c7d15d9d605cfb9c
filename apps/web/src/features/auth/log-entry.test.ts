import { describe, expect, it } from 'vitest';
import { sessionLogEntry } from './log-entry';

describe('sessionLogEntry', () => {
  it('logs the page without its query or fragment, so a search on it stays out of the log', () => {
    const entry = sessionLogEntry(
      'sub-1',
      'Login',
      'https://portal.example/shared/industrial-relations/member-lookup?q=850101145678#top',
      new Date('2026-11-29T01:00:00Z'),
    );
    expect(entry).toEqual({
      userId: 'sub-1',
      action: 'Login',
      request: '',
      url: 'https://portal.example/shared/industrial-relations/member-lookup',
      stream: 'login/logout',
      logDate: '2026-11-29T09:00:00.000Z',
    });
  });
});
