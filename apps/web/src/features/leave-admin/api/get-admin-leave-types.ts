import { adminLeaveTypeSchema } from '@staff-portal/shared/leave-admin';
import type { AdminLeaveType } from '@staff-portal/shared/leave-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `GET /leave/admin/types`: every leave type with its rules and carry-forward. */
export async function getAdminLeaveTypes(client: ApiClient, signal?: AbortSignal): Promise<AdminLeaveType[]> {
  return z.array(adminLeaveTypeSchema).parse(await client.get('/leave/admin/types', { signal }));
}

export const adminLeaveTypesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: adminKeys.types(), queryFn: ({ signal }) => getAdminLeaveTypes(client, signal) });

export function useAdminLeaveTypes() {
  const { leave } = useApiClient();
  return useQuery(adminLeaveTypesQueryOptions(leave));
}
