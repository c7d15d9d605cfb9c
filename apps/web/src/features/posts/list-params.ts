import { POST_SORTS } from '@staff-portal/shared/posts';
import type { PostSort } from '@staff-portal/shared/posts';
import { EVERYONE, POST_STATUSES } from '@staff-portal/shared/posts-rules';
import type { PostStatus } from '@staff-portal/shared/posts-rules';
import type { SortOrder } from '../../components/list/sortable-header';

/**
 * The list as the URL says (`?q=&status=&audience=&sort=&order=&page=`), so it can be linked and
 * comes back after Back.
 */
export interface ListState {
  q: string;
  status: PostStatus | '';
  /** '' for every audience, `everyone`, or a department. */
  audience: string;
  /** Newest first by when written unless a column is chosen. */
  sort: PostSort;
  order: SortOrder;
  /** From 1, as the API counts. */
  page: number;
}

export { EVERYONE };

const isStatus = (value: string | null): value is PostStatus =>
  (POST_STATUSES as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is PostSort => (POST_SORTS as readonly (string | null)[]).includes(value);

/**
 * Reads the list's state from the URL; anything unreadable is its default (a hand-edited link
 * still opens). Changes are written by `useListParams` (lib/use-list-params.ts).
 */
export function readListState(params: URLSearchParams): ListState {
  const status = params.get('status');
  const sortParam = params.get('sort');
  const sort = isSort(sortParam) ? sortParam : 'created';
  const orderParam = params.get('order');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    audience: params.get('audience') ?? '',
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : sort === 'created' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
