import { adminLeaveTypeSchema } from '@staff-portal/shared/leave-admin';
import type { AdminLeaveType, LeaveTypeInput } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

export type UpdateLeaveTypeVariables = LeaveTypeInput & { id: string };

/** `PUT /leave/admin/types/:id`: a leave type's rules and carry-forward. */
export async function updateLeaveType(
  client: ApiClient,
  { id, ...input }: UpdateLeaveTypeVariables,
): Promise<AdminLeaveType> {
  return adminLeaveTypeSchema.parse(await client.put(`/leave/admin/types/${encodeURIComponent(id)}`, input));
}

export function useUpdateLeaveType() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateLeaveTypeVariables) => updateLeaveType(leave, variables),
    // Everyone's balances and the apply form follow a type's rules: refresh the whole leave root.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
