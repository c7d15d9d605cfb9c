import {
  adminLeaveTypeSchema,
  carryForwardPreviewSchema,
  carryForwardRunSchema,
  holidayImportResultSchema,
  staffBalancesSchema,
  staffDetailSchema,
  utilisationReportSchema,
} from '@staff-portal/shared/leave-admin';
import type {
  AdjustmentInput,
  EntitlementInput,
  HolidayInput,
  LeaveTypeInput,
  MalaysianState,
} from '@staff-portal/shared/leave-admin';
import { leaveRequestSchema, pageOf, publicHolidaySchema, staffRecordSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, UpdateStaffInput } from '@staff-portal/shared/leave';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { AppError } from '@staff-portal/shared/errors';
import { useContext } from 'react';
import { joinUrl, TokenProviderContext, useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { useRuntimeConfig } from '../../../lib/runtime-config';

/** Under the leave root, so a leave write elsewhere refreshes these too (and the other way round). */
export const adminKeys = {
  all: ['leave', 'admin'] as const,
  staff: (query: object) => ['leave', 'admin', 'staff', query] as const,
  detail: (staffId: string) => ['leave', 'admin', 'detail', staffId] as const,
  balances: (staffId: string, year: number) => ['leave', 'admin', 'balances', staffId, year] as const,
  requests: (staffId: string, query: object) => ['leave', 'admin', 'requests', staffId, query] as const,
  types: () => ['leave', 'admin', 'types'] as const,
  holidays: (year: number) => ['leave', 'admin', 'holidays', year] as const,
  runs: () => ['leave', 'admin', 'runs'] as const,
  utilisation: (year: number) => ['leave', 'admin', 'utilisation', year] as const,
};

const staffPage = pageOf(staffRecordSchema);
const requestPage = pageOf(leaveRequestSchema);

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}

const staffPath = (staffId: string) => `/leave/admin/staff/${encodeURIComponent(staffId)}`;

export interface StaffQuery {
  search?: string | undefined;
  department?: string | undefined;
  page: number;
  pageSize: number;
}

export function useStaffSearch(query: StaffQuery) {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.staff(query),
    queryFn: async ({ signal }) =>
      staffPage.parse(await leave.get(withQuery('/leave/admin/staff', { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });
}

/** Every staff member (for the approver picker): the API's pages of 100 read one after another. */
export function useAllStaff() {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.staff({ all: true }),
    queryFn: async ({ signal }) => {
      const items = [];
      for (let page = 1; ; page += 1) {
        const result = staffPage.parse(
          await leave.get(withQuery('/leave/admin/staff', { page, pageSize: 100 }), { signal }),
        );
        items.push(...result.items);
        if (result.items.length === 0 || items.length >= result.total) return items;
      }
    },
    staleTime: 60_000,
  });
}

export const staffDetailQueryOptions = (client: ApiClient, staffId: string) =>
  queryOptions({
    queryKey: adminKeys.detail(staffId),
    queryFn: async ({ signal }) => staffDetailSchema.parse(await client.get(staffPath(staffId), { signal })),
  });

export function useStaffDetail(staffId: string) {
  const { leave } = useApiClient();
  return useQuery(staffDetailQueryOptions(leave, staffId));
}

/**
 * `onSaved` runs here rather than in `mutate()`'s callbacks: the refetch after a save gives the
 * record form a new key (a new approver or working days), and a form that has unmounted hears
 * nothing from `mutate()`'s callbacks, so the admin would never be told it was saved.
 */
export function useUpdateStaff(staffId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: UpdateStaffInput) => staffRecordSchema.parse(await leave.put(staffPath(staffId), input)),
    onSuccess: () => onSaved?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const staffBalancesQueryOptions = (client: ApiClient, staffId: string, year: number) =>
  queryOptions({
    queryKey: adminKeys.balances(staffId, year),
    queryFn: async ({ signal }) =>
      staffBalancesSchema.parse(await client.get(withQuery(`${staffPath(staffId)}/balances`, { year }), { signal })),
    placeholderData: keepPreviousData,
  });

export function useStaffBalances(staffId: string, year: number) {
  const { leave } = useApiClient();
  return useQuery(staffBalancesQueryOptions(leave, staffId, year));
}

export function useSetEntitlement(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ year, leaveTypeId, ...input }: EntitlementInput & { year: number; leaveTypeId: string }) =>
      staffBalancesSchema.parse(
        await leave.put(`${staffPath(staffId)}/entitlements/${year}/${encodeURIComponent(leaveTypeId)}`, input),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAddAdjustment(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: AdjustmentInput) =>
      staffBalancesSchema.parse(await leave.post(`${staffPath(staffId)}/adjustments`, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export interface StaffRequestsQuery {
  page: number;
  pageSize: number;
  year?: number;
}

export const staffRequestsQueryOptions = (client: ApiClient, staffId: string, query: StaffRequestsQuery) =>
  queryOptions({
    queryKey: adminKeys.requests(staffId, query),
    queryFn: async ({ signal }) =>
      requestPage.parse(await client.get(withQuery(`${staffPath(staffId)}/requests`, { ...query }), { signal })),
    placeholderData: keepPreviousData,
  });

export function useStaffRequests(staffId: string, query: StaffRequestsQuery) {
  const { leave } = useApiClient();
  return useQuery(staffRequestsQueryOptions(leave, staffId, query));
}

export function useApplyFor(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplyLeaveInput) =>
      leaveRequestSchema.parse(await leave.post(`${staffPath(staffId)}/requests`, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelFor() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ referenceId, remarks }: { referenceId: string; remarks: string }) =>
      leaveRequestSchema.parse(
        await leave.post(`/leave/admin/requests/${encodeURIComponent(referenceId)}/cancel`, { remarks }),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAdminLeaveTypes() {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.types(),
    queryFn: async ({ signal }) =>
      z.array(adminLeaveTypeSchema).parse(await leave.get('/leave/admin/types', { signal })),
  });
}

export function useUpdateLeaveType() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, ...input }: LeaveTypeInput & { id: string }) =>
      adminLeaveTypeSchema.parse(await leave.put(`/leave/admin/types/${encodeURIComponent(id)}`, input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

export function useAdminHolidays(year: number) {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.holidays(year),
    queryFn: async ({ signal }) =>
      z.array(publicHolidaySchema).parse(await leave.get(withQuery('/leave/admin/holidays', { year }), { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useImportHolidays() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { year: number; state: MalaysianState }) =>
      holidayImportResultSchema.parse(await leave.post('/leave/admin/holidays/import', input)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

const holidayPath = (key: { date: string; region: string }) =>
  `/leave/admin/holidays/${encodeURIComponent(key.date)}/${encodeURIComponent(key.region)}`;

export function useSaveHoliday() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ original, input }: { original?: { date: string; region: string }; input: HolidayInput }) =>
      publicHolidaySchema.parse(
        original === undefined
          ? await leave.post('/leave/admin/holidays', input)
          : await leave.put(holidayPath(original), input),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

export function useDeleteHoliday() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: { date: string; region: string }) => {
      await leave.delete(holidayPath(key));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

export function usePreviewCarryForward() {
  const { leave } = useApiClient();
  return useMutation({
    mutationFn: async (fromYear: number) =>
      carryForwardPreviewSchema.parse(await leave.post('/leave/admin/carry-forward/preview', { fromYear })),
  });
}

export function useCarryForwardRuns() {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.runs(),
    queryFn: async ({ signal }) =>
      z.array(carryForwardRunSchema).parse(await leave.get('/leave/admin/carry-forward/runs', { signal })),
  });
}

export function useApplyCarryForward() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (fromYear: number) =>
      carryForwardRunSchema.parse(await leave.post('/leave/admin/carry-forward/apply', { fromYear })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

export function useReverseCarryForward() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (runId: number) =>
      carryForwardRunSchema.parse(await leave.post(`/leave/admin/carry-forward/${runId}/reverse`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}

export function useUtilisation(year: number) {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: adminKeys.utilisation(year),
    queryFn: async ({ signal }) =>
      utilisationReportSchema.parse(
        await leave.get(withQuery('/leave/admin/reports/utilisation', { year }), { signal }),
      ),
    placeholderData: keepPreviousData,
  });
}

/**
 * Downloads a file the API answers (the XLSX report) with the signed-in user's token, and hands
 * it to the browser; a refusal comes back as the API's AppError.
 */
export function useDownloadFile() {
  const { api } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  return async (path: string, fileName: string) => {
    const token = await getToken();
    const response = await fetch(joinUrl(api.leaveApiUrl, path), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      throw AppError.fromBody(body, response.status);
    }
    const blob = await response.blob();
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };
}
