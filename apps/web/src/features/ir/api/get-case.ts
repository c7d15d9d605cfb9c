import { caseDetailSchema, caseNoSchema } from '@staff-portal/shared/ir';
import type { CaseDetail } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/grievances/{caseNo}`: the case, its actions oldest first, and what the caller may do. */
export async function getCase(client: ApiClient, caseNo: string, signal?: AbortSignal): Promise<CaseDetail> {
  return caseDetailSchema.parse(await client.get(`/ir/grievances/${encodeURIComponent(caseNo)}`, { signal }));
}

export const caseQueryOptions = (client: ApiClient, caseNo: string) =>
  queryOptions({ queryKey: irKeys.case(caseNo), queryFn: ({ signal }) => getCase(client, caseNo, signal) });

export function useCase(caseNo: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useQuery({ ...caseQueryOptions(ir, caseNo), enabled });
}

/** The route loader's start of the case page's data, with the key the page reads (decision record 0028). */
export function prefetchCase(queryClient: QueryClient, client: ApiClient, id: string) {
  const parsed = caseNoSchema.safeParse(id);
  if (parsed.success) void queryClient.prefetchQuery(caseQueryOptions(client, parsed.data));
}
