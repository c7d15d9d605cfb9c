import { leaveRequestSchema, pageOf } from '@staff-portal/shared/leave';
import type { LeaveRequest, RequestSort } from '@staff-portal/shared/leave';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';
import { useListQuery } from '../../../lib/list-query';

export interface MyRequestsQuery {
  year?: number | undefined;
  /** Only requests starting on or after this date (YYYY-MM-DD). */
  from?: string | undefined;
  leaveTypeId?: string | undefined;
  status?: number | undefined;
  /** Left out: the latest first by first day. */
  sort?: RequestSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
}

export interface RequestPage {
  items: LeaveRequest[];
  total: number;
  page: number;
  pageSize: number;
}

const myRequestsPageSchema = pageOf(leaveRequestSchema);

/** The API's largest page (myRequestsQuerySchema). */
export const MAX_PAGE_SIZE = 100;

export function myRequestsPath(query: MyRequestsQuery): string {
  return withQuery('/leave/requests/mine', { ...query });
}

/** `GET /leave/requests/mine`: my requests, newest first unless sorted, filtered and paged. */
export async function getMyRequests(
  client: ApiClient,
  query: MyRequestsQuery,
  signal?: AbortSignal,
): Promise<RequestPage> {
  return myRequestsPageSchema.parse(await client.get(myRequestsPath(query), { signal }));
}

/** Every page of a filtered list, for an export. */
export async function getAllMyRequests(
  client: ApiClient,
  query: Omit<MyRequestsQuery, 'page' | 'pageSize'>,
): Promise<LeaveRequest[]> {
  const items: LeaveRequest[] = [];
  for (let page = 1; ; page += 1) {
    const result = await getMyRequests(client, { ...query, page, pageSize: MAX_PAGE_SIZE });
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

export const myRequestsQueryOptions = (client: ApiClient, query: MyRequestsQuery) =>
  queryOptions({
    queryKey: leaveKeys.myRequests(query),
    queryFn: ({ signal }) => getMyRequests(client, query, signal),
  });

export function useMyRequests(query: MyRequestsQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const { leave } = useApiClient();
  return useListQuery({ ...myRequestsQueryOptions(leave, query), enabled });
}
