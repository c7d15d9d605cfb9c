import { caseSearchPageSchema } from '@staff-portal/shared/ir';
import type { CaseSearchPage, CaseSearchQuery } from '@staff-portal/shared/ir';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';
import { useListQuery } from '../../../lib/list-query';

/** The search as the screen asks it (the contract's input, with its numbers as numbers). */
export type CaseQuery = Omit<CaseSearchQuery, 'page' | 'pageSize' | 'status' | 'contactMethod'> & {
  status?: number;
  contactMethod?: number;
  page?: number;
  pageSize?: number;
};

/** `GET /ir/grievances`: cases by any of the filters, paged (hasMore) and sorted. */
export async function searchCases(client: ApiClient, query: CaseQuery, signal?: AbortSignal): Promise<CaseSearchPage> {
  return caseSearchPageSchema.parse(await client.get(withQuery('/ir/grievances', { ...query }), { signal }));
}

export const caseSearchQueryOptions = (client: ApiClient, query: CaseQuery) =>
  queryOptions({
    queryKey: irKeys.caseSearch(query),
    queryFn: ({ signal }) => searchCases(client, query, signal),
  });

export function useCaseSearch(query: CaseQuery, { enabled = true }: { enabled?: boolean } = {}) {
  const { ir } = useApiClient();
  return useListQuery({ ...caseSearchQueryOptions(ir, query), enabled });
}
