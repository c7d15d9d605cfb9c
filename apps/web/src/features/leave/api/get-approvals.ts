import { approvalItemSchema } from '@staff-portal/shared/leave';
import type { ApprovalItem } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

/** `GET /leave/approvals`: requests waiting for me (new and cancellation requests). */
export async function getApprovals(client: ApiClient, signal?: AbortSignal): Promise<ApprovalItem[]> {
  return approvalItemSchema.array().parse(await client.get('/leave/approvals', { signal }));
}

export const approvalsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: leaveKeys.approvals(), queryFn: ({ signal }) => getApprovals(client, signal) });

export function useApprovals() {
  const { leave } = useApiClient();
  return useQuery(approvalsQueryOptions(leave));
}
