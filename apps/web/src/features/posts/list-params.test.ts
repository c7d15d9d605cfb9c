import { describe, expect, it } from 'vitest';
import { readListState } from './list-params';

describe('readListState', () => {
  it('reads the search, status, audience, sort and page', () => {
    expect(
      readListState(new URLSearchParams('q=flood&status=published&audience=HR&sort=title&order=desc&page=3')),
    ).toEqual({
      q: 'flood',
      status: 'published',
      audience: 'HR',
      sort: 'title',
      order: 'desc',
      page: 3,
    });
  });

  it('sorts newest first unless told, and a chosen column A to Z unless told', () => {
    expect(readListState(new URLSearchParams(''))).toMatchObject({ sort: 'created', order: 'desc' });
    expect(readListState(new URLSearchParams('sort=author'))).toMatchObject({ sort: 'author', order: 'asc' });
  });

  it('takes anything unreadable as its default', () => {
    expect(readListState(new URLSearchParams('status=gone&sort=seen&order=up&page=-2'))).toEqual({
      q: '',
      status: '',
      audience: '',
      sort: 'created',
      order: 'desc',
      page: 1,
    });
    expect(readListState(new URLSearchParams('page=1.5')).page).toBe(1);
  });
});
