import { leaveSummarySchema } from '@staff-portal/shared/leave';
import type { LeaveSummary } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';
import { useQuietApiClient } from '../../../lib/api-client';

/**
 * `GET /leave/summary`: the home page's leave glance (docs/product/screens.md): my balances today, my
 * requests waiting for a decision, the approvals waiting for me.
 */
export async function getHomeSummary(client: ApiClient, signal?: AbortSignal): Promise<LeaveSummary> {
  return leaveSummarySchema.parse(await client.get('/leave/summary', { signal }));
}

export const homeSummaryQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: [...leaveKeys.all, 'summary'] as const,
    queryFn: ({ signal }) => getHomeSummary(client, signal),
  });

export function useHomeSummary() {
  // Quiet: the home page must not greet anyone with an error about a module they do not use.
  const { leave: client } = useQuietApiClient();
  return useQuery(homeSummaryQueryOptions(client));
}
