import { homeSchema } from '@staff-portal/shared/home';
import type { Home } from '@staff-portal/shared/home';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useQuietApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { homeKeys } from './home-keys';

/**
 * `GET /home`: everything Home shows in one answer (docs/product/screens.md §2): the first
 * announcements and staff information posts of my departments, and my leave glance when I use
 * E-Leave.
 */
export async function getHome(client: ApiClient, signal?: AbortSignal): Promise<Home> {
  return homeSchema.parse(await client.get('/home', { signal }));
}

export const homeQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: homeKeys.all,
    queryFn: ({ signal }) => getHome(client, signal),
  });

export function useHome() {
  // Quiet: Home shows its own error in place, with a retry, under the greeting.
  const { leave } = useQuietApiClient();
  return useQuery(homeQueryOptions(leave));
}
