import { leaveTypeSchema } from '@staff-portal/shared/leave';
import type { LeaveType } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

/** `GET /leave/types`: the leave type catalogue. */
export async function getLeaveTypes(client: ApiClient, signal?: AbortSignal): Promise<LeaveType[]> {
  return leaveTypeSchema.array().parse(await client.get('/leave/types', { signal }));
}

export const leaveTypesQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: leaveKeys.types(),
    queryFn: ({ signal }) => getLeaveTypes(client, signal),
    // The catalogue changes when an admin edits it, not while someone fills a form.
    staleTime: 5 * 60_000,
  });

export function useLeaveTypes() {
  const { leave } = useApiClient();
  return useQuery(leaveTypesQueryOptions(leave));
}
