import { myLeaveSchema } from '@staff-portal/shared/leave';
import type { MyLeave } from '@staff-portal/shared/leave';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';
import { useListQuery } from '../../../lib/list-query';

/** `GET /leave/me?asAt=`: my staff record and my balances for the year of a date, as at that date. */
export async function getMyLeave(client: ApiClient, asAt: string, signal?: AbortSignal): Promise<MyLeave> {
  return myLeaveSchema.parse(await client.get(`/leave/me?asAt=${encodeURIComponent(asAt)}`, { signal }));
}

export const myLeaveQueryOptions = (client: ApiClient, asAt: string) =>
  queryOptions({ queryKey: leaveKeys.me(asAt), queryFn: ({ signal }) => getMyLeave(client, asAt, signal) });

export function useMyLeave(asAt: string) {
  const { leave } = useApiClient();
  // Moving the date keeps the last balances on screen until the new ones arrive.
  return useListQuery(myLeaveQueryOptions(leave, asAt));
}
