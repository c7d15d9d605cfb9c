import { leaveRequestEventSchema } from '@staff-portal/shared/leave';
import type { LeaveRequestEvent } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

/** `GET /leave/requests/:referenceId/history`: every transition, oldest first. */
export async function getRequestHistory(
  client: ApiClient,
  referenceId: string,
  signal?: AbortSignal,
): Promise<LeaveRequestEvent[]> {
  return leaveRequestEventSchema
    .array()
    .parse(await client.get(`/leave/requests/${encodeURIComponent(referenceId)}/history`, { signal }));
}

export const requestHistoryQueryOptions = (client: ApiClient, referenceId: string) =>
  queryOptions({
    queryKey: leaveKeys.requestHistory(referenceId),
    queryFn: ({ signal }) => getRequestHistory(client, referenceId, signal),
  });

export function useRequestHistory(referenceId: string | null) {
  const { leave } = useApiClient();
  return useQuery({ ...requestHistoryQueryOptions(leave, referenceId ?? ''), enabled: referenceId !== null });
}
