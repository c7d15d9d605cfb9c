import { describe, expect, it } from 'vitest';
import { readListState } from './list-params';

describe('readListState', () => {
  it('reads the search, status, audience and page', () => {
    expect(readListState(new URLSearchParams('q=flood&status=published&audience=HR&page=3'))).toEqual({
      q: 'flood',
      status: 'published',
      audience: 'HR',
      page: 3,
    });
  });

  it('takes anything unreadable as its default', () => {
    expect(readListState(new URLSearchParams('status=gone&page=-2'))).toEqual({
      q: '',
      status: '',
      audience: '',
      page: 1,
    });
    expect(readListState(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});
