import { staffBalancesSchema } from '@staff-portal/shared/leave-admin';
import type { AdjustmentInput, StaffBalances } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';

/** `POST /leave/admin/staff/:staffId/adjustments`: ± days (e.g. off-in-lieu credits) with a reason. */
export async function addAdjustment(
  client: ApiClient,
  staffId: string,
  input: AdjustmentInput,
): Promise<StaffBalances> {
  return staffBalancesSchema.parse(await client.post(`${staffPath(staffId)}/adjustments`, input));
}

export function useAddAdjustment(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AdjustmentInput) => addAdjustment(leave, staffId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
