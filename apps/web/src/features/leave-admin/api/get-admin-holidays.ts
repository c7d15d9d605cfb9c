import { publicHolidaySchema } from '@staff-portal/shared/leave';
import type { PublicHoliday } from '@staff-portal/shared/leave';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

/** `GET /leave/admin/holidays?year=`: the public holidays of a year, every region. */
export async function getAdminHolidays(
  client: ApiClient,
  year: number,
  signal?: AbortSignal,
): Promise<PublicHoliday[]> {
  return z.array(publicHolidaySchema).parse(await client.get(withQuery('/leave/admin/holidays', { year }), { signal }));
}

export const adminHolidaysQueryOptions = (client: ApiClient, year: number) =>
  queryOptions({
    queryKey: adminKeys.holidays(year),
    queryFn: ({ signal }) => getAdminHolidays(client, year, signal),
  });

export function useAdminHolidays(year: number) {
  const { leave } = useApiClient();
  return useListQuery(adminHolidaysQueryOptions(leave, year));
}
