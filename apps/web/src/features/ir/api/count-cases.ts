import { searchCountSchema } from '@staff-portal/shared/ir';
import type { SearchCount } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';
import type { CaseQuery } from './search-cases';

/** The filters of a case search, without its order and page. */
export type CaseCountQuery = Omit<CaseQuery, 'sort' | 'order' | 'page' | 'pageSize'>;

/** `GET /ir/grievances/count`: how many cases the search finds, up to 1,000 (docs/product/screens.md §11). */
export async function countCases(client: ApiClient, query: CaseCountQuery, signal?: AbortSignal): Promise<SearchCount> {
  return searchCountSchema.parse(await client.get(withQuery('/ir/grievances/count', { ...query }), { signal }));
}

/** No placeholder: an earlier search's count would be a wrong figure under the new one (decision record 0083). */
export const caseCountQueryOptions = (client: ApiClient, query: CaseCountQuery) =>
  queryOptions({
    queryKey: irKeys.caseCount(query),
    queryFn: ({ signal }) => countCases(client, query, signal),
  });

/** The count of a search's filters: asked once for them, whatever page or order is shown. */
export function useCaseCount(query: CaseCountQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useQuery({ ...caseCountQueryOptions(ir, query), enabled });
}
