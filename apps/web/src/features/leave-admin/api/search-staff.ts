import { pageOf, staffRecordSchema } from '@staff-portal/shared/leave';
import type { StaffRecord, StaffSort } from '@staff-portal/shared/leave';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

export interface StaffQuery {
  search?: string | undefined;
  department?: string | undefined;
  /** By name, A to Z, unless asked. */
  sort?: StaffSort | undefined;
  order?: 'asc' | 'desc' | undefined;
  page: number;
  pageSize: number;
}

const staffPage = pageOf(staffRecordSchema);

/** `GET /leave/admin/staff?search=&department=&sort=&order=`: staff records by name, e-mail or id; sorted, paged. */
export async function searchStaff(client: ApiClient, query: StaffQuery, signal?: AbortSignal) {
  return staffPage.parse(await client.get(withQuery('/leave/admin/staff', { ...query }), { signal }));
}

export const staffSearchQueryOptions = (client: ApiClient, query: StaffQuery) =>
  queryOptions({
    queryKey: adminKeys.staff(query),
    queryFn: ({ signal }) => searchStaff(client, query, signal),
  });

export function useStaffSearch(query: StaffQuery) {
  const { leave } = useApiClient();
  return useListQuery(staffSearchQueryOptions(leave, query));
}

/** Every staff member (for the approver picker): the API's pages of 100 read one after another. */
export async function getAllStaff(client: ApiClient, signal?: AbortSignal): Promise<StaffRecord[]> {
  const items: StaffRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await searchStaff(client, { page, pageSize: 100 }, signal);
    items.push(...result.items);
    if (result.items.length === 0 || items.length >= result.total) return items;
  }
}

export function useAllStaff() {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.staff({ all: true }),
    queryFn: ({ signal }) => getAllStaff(leave, signal),
    staleTime: 60_000,
  });
}
