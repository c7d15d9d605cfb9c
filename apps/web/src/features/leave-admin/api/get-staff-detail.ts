import { staffDetailSchema } from '@staff-portal/shared/leave-admin';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';

/** `GET /leave/admin/staff/:staffId`: one staff member's record with its identity link. */
export async function getStaffDetail(client: ApiClient, staffId: string, signal?: AbortSignal): Promise<StaffDetail> {
  return staffDetailSchema.parse(await client.get(staffPath(staffId), { signal }));
}

export const staffDetailQueryOptions = (client: ApiClient, staffId: string) =>
  queryOptions({
    queryKey: adminKeys.detail(staffId),
    queryFn: ({ signal }) => getStaffDetail(client, staffId, signal),
  });

export function useStaffDetail(staffId: string) {
  const { leave } = useApiClient();
  return useQuery(staffDetailQueryOptions(leave, staffId));
}
