import { movementCalendarSchema } from '@staff-portal/shared/staff-movement';
import type { MovementCalendar } from '@staff-portal/shared/staff-movement';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { staffMovementKeys } from './staff-movement-keys';
import { useListQuery } from '../../../lib/list-query';

export interface MovementCalendarQuery {
  from: string;
  to: string;
  /** Omitted: the caller's own department. */
  department?: string | undefined;
}

/** `GET /leave/movement`: who of a department is away on each day of the range. */
export async function getMovementCalendar(
  client: ApiClient,
  query: MovementCalendarQuery,
  signal?: AbortSignal,
): Promise<MovementCalendar> {
  const params = new URLSearchParams({ from: query.from, to: query.to });
  if (query.department !== undefined) params.set('department', query.department);
  return movementCalendarSchema.parse(await client.get(`/leave/movement?${params.toString()}`, { signal }));
}

export const movementCalendarQueryOptions = (client: ApiClient, query: MovementCalendarQuery) =>
  queryOptions({
    queryKey: staffMovementKeys.calendar(query),
    queryFn: ({ signal }) => getMovementCalendar(client, query, signal),
  });

export function useMovementCalendar(query: MovementCalendarQuery) {
  const { leave } = useApiClient();
  return useListQuery(movementCalendarQueryOptions(leave, query));
}
