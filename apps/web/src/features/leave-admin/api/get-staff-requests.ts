import { leaveRequestSchema, pageOf } from '@staff-portal/shared/leave';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

export interface StaffRequestsQuery {
  page: number;
  pageSize: number;
  year?: number;
}

const requestPage = pageOf(leaveRequestSchema);

/** `GET /leave/admin/staff/:staffId/requests`: their requests, newest first; paged. */
export async function getStaffRequests(
  client: ApiClient,
  staffId: string,
  query: StaffRequestsQuery,
  signal?: AbortSignal,
) {
  return requestPage.parse(await client.get(withQuery(`${staffPath(staffId)}/requests`, { ...query }), { signal }));
}

export const staffRequestsQueryOptions = (client: ApiClient, staffId: string, query: StaffRequestsQuery) =>
  queryOptions({
    queryKey: adminKeys.requests(staffId, query),
    queryFn: ({ signal }) => getStaffRequests(client, staffId, query, signal),
  });

export function useStaffRequests(staffId: string, query: StaffRequestsQuery) {
  const { leave } = useApiClient();
  return useListQuery(staffRequestsQueryOptions(leave, staffId, query));
}
