import { systemStatusSchema } from '@staff-portal/shared/it-admin';
import type { SystemStatus } from '@staff-portal/shared/it-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { itAdminKeys } from './it-admin-keys';

/** `GET /it-admin/status`: the system's version, database, identity, mail, outbox and read cache. */
export async function getStatus(client: ApiClient, signal?: AbortSignal): Promise<SystemStatus> {
  return systemStatusSchema.parse(await client.get('/it-admin/status', { signal }));
}

export const statusQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: itAdminKeys.status(), queryFn: ({ signal }) => getStatus(client, signal) });

export function useStatus() {
  const { leave } = useApiClient();
  return useQuery(statusQueryOptions(leave));
}
