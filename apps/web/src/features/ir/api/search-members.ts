import { memberSearchPageSchema } from '@staff-portal/shared/ir';
import type { MemberSearchPage, MemberSearchQuery } from '@staff-portal/shared/ir';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';
import { useListQuery } from '../../../lib/list-query';

/** The search as the screen asks it (the contract's input, with its numbers as numbers). */
export type MemberQuery = Omit<MemberSearchQuery, 'page' | 'pageSize'> & { page?: number; pageSize?: number };

/** `GET /ir/members`: one search box over name, member no and NRIC, filters, paged (hasMore). */
export async function searchMembers(
  client: ApiClient,
  query: MemberQuery,
  signal?: AbortSignal,
): Promise<MemberSearchPage> {
  return memberSearchPageSchema.parse(await client.get(withQuery('/ir/members', { ...query }), { signal }));
}

export const memberSearchQueryOptions = (client: ApiClient, query: MemberQuery) =>
  queryOptions({
    queryKey: irKeys.memberSearch(query),
    queryFn: ({ signal }) => searchMembers(client, query, signal),
  });

export function useMemberSearch(query: MemberQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useListQuery({ ...memberSearchQueryOptions(ir, query), enabled });
}
