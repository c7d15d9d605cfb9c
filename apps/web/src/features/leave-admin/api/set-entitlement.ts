import { staffBalancesSchema } from '@staff-portal/shared/leave-admin';
import type { EntitlementInput, StaffBalances } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';

export type SetEntitlementVariables = EntitlementInput & { year: number; leaveTypeId: string };

/** `PUT /leave/admin/staff/:staffId/entitlements/:year/:leaveTypeId`: override the entitled days (null: the rule) and the carried days. */
export async function setEntitlement(
  client: ApiClient,
  staffId: string,
  { year, leaveTypeId, ...input }: SetEntitlementVariables,
): Promise<StaffBalances> {
  return staffBalancesSchema.parse(
    await client.put(`${staffPath(staffId)}/entitlements/${year}/${encodeURIComponent(leaveTypeId)}`, input),
  );
}

export function useSetEntitlement(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SetEntitlementVariables) => setEntitlement(leave, staffId, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
