import { staffBalancesSchema } from '@staff-portal/shared/leave-admin';
import type { StaffBalances } from '@staff-portal/shared/leave-admin';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

/** `GET /leave/admin/staff/:staffId/balances?year=`: a staff member's balances with their parts, and the year's adjustments. */
export async function getStaffBalances(
  client: ApiClient,
  staffId: string,
  year: number,
  signal?: AbortSignal,
): Promise<StaffBalances> {
  return staffBalancesSchema.parse(await client.get(withQuery(`${staffPath(staffId)}/balances`, { year }), { signal }));
}

export const staffBalancesQueryOptions = (client: ApiClient, staffId: string, year: number) =>
  queryOptions({
    queryKey: adminKeys.balances(staffId, year),
    queryFn: ({ signal }) => getStaffBalances(client, staffId, year, signal),
  });

export function useStaffBalances(staffId: string, year: number) {
  const { leave } = useApiClient();
  return useListQuery(staffBalancesQueryOptions(leave, staffId, year));
}
