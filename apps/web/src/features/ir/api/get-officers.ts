import { officerListSchema } from '@staff-portal/shared/ir';
import type { Officer } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/officers`: the accounts of the IR and IRAdmin departments, by name. */
export async function getOfficers(client: ApiClient, signal?: AbortSignal): Promise<Officer[]> {
  return officerListSchema.parse(await client.get('/ir/officers', { signal }));
}

export const officersQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: irKeys.officers(), queryFn: ({ signal }) => getOfficers(client, signal) });

export function useOfficers() {
  const { ir } = useApiClient();
  return useQuery(officersQueryOptions(ir));
}
