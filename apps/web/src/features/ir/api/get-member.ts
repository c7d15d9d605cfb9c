import { memberDetailSchema, memberNoSchema } from '@staff-portal/shared/ir';
import type { MemberDetail } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/members/{memberNo}`: the member and their grievance cases, newest first. */
export async function getMember(client: ApiClient, memberNo: string, signal?: AbortSignal): Promise<MemberDetail> {
  return memberDetailSchema.parse(await client.get(`/ir/members/${encodeURIComponent(memberNo)}`, { signal }));
}

export const memberQueryOptions = (client: ApiClient, memberNo: string) =>
  queryOptions({
    queryKey: irKeys.member(memberNo),
    queryFn: ({ signal }) => getMember(client, memberNo, signal),
  });

export function useMember(memberNo: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useQuery({ ...memberQueryOptions(ir, memberNo), enabled });
}

/**
 * The route loader's start of the member page's data (decision record 0028), with the key the
 * page reads. Nothing for an address that is no member no: the page says so and asks nothing.
 */
export function prefetchMember(queryClient: QueryClient, client: ApiClient, id: string) {
  const parsed = memberNoSchema.safeParse(id);
  if (parsed.success) void queryClient.prefetchQuery(memberQueryOptions(client, parsed.data));
}
