import { myLeaveSchema } from '@staff-portal/shared/leave';
import type { MyLeave } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

/** `GET /leave/me?year=`: my staff record and my balances for the year. */
export async function getMyLeave(client: ApiClient, year: number, signal?: AbortSignal): Promise<MyLeave> {
  return myLeaveSchema.parse(await client.get(`/leave/me?year=${year}`, { signal }));
}

export const myLeaveQueryOptions = (client: ApiClient, year: number) =>
  queryOptions({ queryKey: leaveKeys.me(year), queryFn: ({ signal }) => getMyLeave(client, year, signal) });

export function useMyLeave(year: number) {
  const { leave } = useApiClient();
  return useQuery(myLeaveQueryOptions(leave, year));
}
