import { describe, expect, it } from 'vitest';
import { readListState, withListChange } from './list-params';

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

describe('withListChange', () => {
  it('goes back to the first page on a filter change, and keeps the rest', () => {
    const next = withListChange(new URLSearchParams('q=flood&page=4'), { status: 'draft' });
    expect(next.toString()).toBe('q=flood&status=draft');
  });

  it('keeps a page turn and leaves defaults out', () => {
    expect(withListChange(new URLSearchParams('status=draft'), { page: 2 }).toString()).toBe('status=draft&page=2');
    expect(withListChange(new URLSearchParams('status=draft&page=2'), { page: 1 }).toString()).toBe('status=draft');
    expect(withListChange(new URLSearchParams('status=draft'), { status: '' }).toString()).toBe('');
  });
});
