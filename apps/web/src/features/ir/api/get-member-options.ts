import { memberOptionsSchema } from '@staff-portal/shared/ir';
import type { MemberOptions } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/members/options`: the employers and branches to filter by. */
export async function getMemberOptions(client: ApiClient, signal?: AbortSignal): Promise<MemberOptions> {
  return memberOptionsSchema.parse(await client.get('/ir/members/options', { signal }));
}

export const memberOptionsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: irKeys.memberOptions(),
    queryFn: ({ signal }) => getMemberOptions(client, signal),
    staleTime: 5 * 60_000,
  });

export function useMemberOptions() {
  const { ir } = useApiClient();
  return useQuery(memberOptionsQueryOptions(ir));
}
