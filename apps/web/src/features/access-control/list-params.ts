import { ACCOUNT_SORTS, ACCOUNT_STATUS_FILTERS } from '@staff-portal/shared/access-control';
import type { AccountSort, AccountStatusFilter } from '@staff-portal/shared/access-control';
import type { SortOrder } from '../../components/list/sortable-header';

/** The page sizes the list offers; the first is the default. */
export const PAGE_SIZES = [25, 50, 100] as const;

/** The list as the URL says (`?search=&department=&status=&sort=&order=&page=&pageSize=`), so it can be linked. */
export interface ListState {
  search: string;
  department: string;
  status: AccountStatusFilter | '';
  sort: AccountSort;
  order: SortOrder;
  /** From 1, as the API counts. */
  page: number;
  pageSize: number;
}

/** The URL parameter that opens one account's details over the list. */
export const ACCOUNT_PARAM = 'account';

const isStatus = (value: string | null): value is AccountStatusFilter =>
  (ACCOUNT_STATUS_FILTERS as readonly (string | null)[]).includes(value);
const isSort = (value: string | null): value is AccountSort =>
  (ACCOUNT_SORTS as readonly (string | null)[]).includes(value);

/** Reads the list's state from the URL; anything unreadable is its default (a hand-edited link still opens). */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  const pageSize = Number(params.get('pageSize') ?? String(PAGE_SIZES[0]));
  return {
    search: params.get('search') ?? '',
    department: params.get('department') ?? '',
    status: isStatus(status) ? status : '',
    sort: isSort(sort) ? sort : 'email',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : PAGE_SIZES[0],
  };
}
