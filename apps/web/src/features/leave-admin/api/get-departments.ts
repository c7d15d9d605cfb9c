import { departmentSchema } from '@staff-portal/shared/staff-records';
import type { Department } from '@staff-portal/shared/staff-records';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /leave/admin/departments`: the departments a staff record can belong to. */
export async function getDepartments(client: ApiClient, signal?: AbortSignal): Promise<Department[]> {
  return departmentSchema.array().parse(await client.get('/leave/admin/departments', { signal }));
}

export const departmentsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: adminKeys.departments(),
    queryFn: ({ signal }) => getDepartments(client, signal),
    staleTime: 5 * 60_000,
  });

export function useDepartments() {
  const { leave } = useApiClient();
  return useQuery(departmentsQueryOptions(leave));
}
