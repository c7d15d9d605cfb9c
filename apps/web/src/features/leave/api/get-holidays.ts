import { publicHolidaySchema } from '@staff-portal/shared/leave';
import type { PublicHoliday } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

/** `GET /leave/holidays?year=`: the organisation's public holidays of a year. */
export async function getHolidays(client: ApiClient, year: number, signal?: AbortSignal): Promise<PublicHoliday[]> {
  return publicHolidaySchema.array().parse(await client.get(`/leave/holidays?year=${year}`, { signal }));
}

export const holidaysQueryOptions = (client: ApiClient, year: number) =>
  queryOptions({
    queryKey: leaveKeys.holidays(year),
    queryFn: ({ signal }) => getHolidays(client, year, signal),
    staleTime: 60 * 60_000,
  });

export function useHolidays(year: number) {
  const { leave } = useApiClient();
  return useQuery(holidaysQueryOptions(leave, year));
}
