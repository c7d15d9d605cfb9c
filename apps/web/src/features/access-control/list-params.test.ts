import { describe, expect, it } from 'vitest';
import { readListState, withListChange } from './list-params';

describe('the list state in the URL', () => {
  it('reads each part, and takes the default for anything unreadable', () => {
    expect(
      readListState(
        new URLSearchParams('search=tan&department=HR&status=DISABLED&sort=created&order=desc&page=3&pageSize=50'),
      ),
    ).toEqual({
      search: 'tan',
      department: 'HR',
      status: 'DISABLED',
      sort: 'created',
      order: 'desc',
      page: 3,
      pageSize: 50,
    });
    expect(readListState(new URLSearchParams('status=ARCHIVED&sort=password&order=up&page=-1&pageSize=1000'))).toEqual({
      search: '',
      department: '',
      status: '',
      sort: 'email',
      order: 'asc',
      page: 1,
      pageSize: 25,
    });
  });

  it('goes back to the first page on any change but a page turn, and keeps the open account', () => {
    const params = new URLSearchParams('search=tan&page=3&account=abc');
    expect(withListChange(params, { status: 'CONFIRMED' }).toString()).toBe('search=tan&account=abc&status=CONFIRMED');
    expect(withListChange(params, { page: 4 }).toString()).toBe('search=tan&page=4&account=abc');
    // Defaults and empty filters leave the URL.
    expect(withListChange(params, { search: '', page: 1 }).toString()).toBe('account=abc');
    expect(withListChange(params, { pageSize: 25 }).toString()).toBe('search=tan&account=abc');
  });
});
