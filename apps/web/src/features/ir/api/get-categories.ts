import { categoryListSchema } from '@staff-portal/shared/ir';
import type { Category } from '@staff-portal/shared/ir';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/** `GET /ir/categories`: every category, active ones first; a new case takes an active one. */
export async function getCategories(client: ApiClient, signal?: AbortSignal): Promise<Category[]> {
  return categoryListSchema.parse(await client.get('/ir/categories', { signal }));
}

export const categoriesQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: irKeys.categories(), queryFn: ({ signal }) => getCategories(client, signal) });

export function useCategories() {
  const { ir } = useApiClient();
  return useQuery(categoriesQueryOptions(ir));
}
