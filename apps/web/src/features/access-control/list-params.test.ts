import { describe, expect, it } from 'vitest';
import { readListState } from './list-params';

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
});
