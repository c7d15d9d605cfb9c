import { activityPageSchema } from '@staff-portal/shared/it-admin';
import type { ActivityPage, ActivitySource } from '@staff-portal/shared/it-admin';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { itAdminKeys, PAGE_SIZE } from './it-admin-keys';
import { useListInfiniteQuery } from '../../../lib/list-query';

/** The activity explorer's filters as the API takes them; a missing one does not filter. */
export interface ActivityFilters {
  user?: string | undefined;
  source?: ActivitySource | undefined;
  area?: string | undefined;
  action?: string | undefined;
  /** YYYY-MM-DD, in the organisation's days. */
  from?: string | undefined;
  to?: string | undefined;
  q?: string | undefined;
}

/**
 * `GET /it-admin/activity`: sign-ins, sign-outs and audited changes, newest first. `after` is the
 * previous page's `next` (an opaque keyset cursor).
 */
export async function getActivity(
  client: ApiClient,
  filters: ActivityFilters,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ActivityPage> {
  return activityPageSchema.parse(
    await client.get(withQuery('/it-admin/activity', { ...filters, after, limit: PAGE_SIZE }), { signal }),
  );
}

/**
 * How often the first page asks again, so new sign-ins and changes appear while the page is open
 * (and visible). A list read further back with "Load more" stays as it is until the filters change.
 */
export const ACTIVITY_REFRESH_MS = 30_000;

export const activityQueryOptions = (client: ApiClient, filters: ActivityFilters) =>
  infiniteQueryOptions({
    queryKey: itAdminKeys.activity(filters),
    queryFn: ({ pageParam, signal }) => getActivity(client, filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    refetchInterval: (query) => ((query.state.data?.pages.length ?? 0) <= 1 ? ACTIVITY_REFRESH_MS : false),
  });

/** The activity, a page at a time ("Load more" asks for the next). Not asked while `enabled` is false. */
export function useActivity(filters: ActivityFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const { leave } = useApiClient();
  return useListInfiniteQuery({ ...activityQueryOptions(leave, filters), enabled });
}
