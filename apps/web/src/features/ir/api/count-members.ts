import { searchCountSchema } from '@staff-portal/shared/ir';
import type { MemberCountQuery, SearchCount } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/members/count`: how many members the search finds, up to 1,000 (docs/product/screens.md §10). */
export async function countMembers(
  client: ApiClient,
  query: MemberCountQuery,
  signal?: AbortSignal,
): Promise<SearchCount> {
  return searchCountSchema.parse(await client.get(withQuery('/ir/members/count', { ...query }), { signal }));
}

/** No placeholder: an earlier search's count would be a wrong figure under the new one (decision record 0083). */
export const memberCountQueryOptions = (client: ApiClient, query: MemberCountQuery) =>
  queryOptions({
    queryKey: irKeys.memberCount(query),
    queryFn: ({ signal }) => countMembers(client, query, signal),
  });

/** The count of a search's text and filters: asked once for them, whatever page or order is shown. */
export function useMemberCount(query: MemberCountQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useQuery({ ...memberCountQueryOptions(ir, query), enabled });
}
