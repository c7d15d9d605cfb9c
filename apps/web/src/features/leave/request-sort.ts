import { REQUEST_SORTS } from '@staff-portal/shared/leave';
import type { RequestSort } from '@staff-portal/shared/leave';
import { sortableHeaders } from '../../components/list/sortable-header';
import type { SortOrder } from '../../components/list/sortable-header';

/** A list of requests' sort and order from the URL (`?sort=type&order=desc`); left out when not one of the API's. */
export function readRequestSort(params: URLSearchParams): { sort?: RequestSort; order?: SortOrder } {
  const sort = REQUEST_SORTS.find((name) => name === params.get('sort'));
  const order = params.get('order');
  return {
    ...(sort === undefined ? {} : { sort }),
    ...(order === 'asc' || order === 'desc' ? { order } : {}),
  };
}

/**
 * The sortable headers of a list of requests the server sorts: the latest first by first day
 * unless another order is in the URL, which keeps only an order that is not the usual one.
 */
export function requestSortHeaders(
  { sort = 'start', order }: { sort?: RequestSort | undefined; order?: SortOrder | undefined },
  change: (changes: Record<string, string>) => void,
) {
  return sortableHeaders<RequestSort>(sort, order ?? (sort === 'start' ? 'desc' : 'asc'), (next) =>
    // The usual order is left out of the URL.
    change(next.sort === 'start' && next.order === 'desc' ? { sort: '', order: '' } : next),
  );
}
