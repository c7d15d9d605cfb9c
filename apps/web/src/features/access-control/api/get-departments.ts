import { departmentListSchema, type DepartmentOption } from '@staff-portal/shared/access-control';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys } from './access-control-keys';

/** `GET /access-control/departments`: every department an account can be given, with its name. */
export async function getDepartments(client: ApiClient, signal?: AbortSignal): Promise<DepartmentOption[]> {
  return departmentListSchema.parse(await client.get('/access-control/departments', { signal }));
}

export const departmentsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: accessControlKeys.departments(),
    queryFn: ({ signal }) => getDepartments(client, signal),
    staleTime: 5 * 60_000,
  });

export function useDepartments() {
  const { leave } = useApiClient();
  return useQuery(departmentsQueryOptions(leave));
}
