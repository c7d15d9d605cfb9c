import { leaveRequestSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, LeaveRequest } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';

/** `POST /leave/admin/staff/:staffId/requests`: apply for leave on their behalf, under the same rules. */
export async function applyFor(client: ApiClient, staffId: string, input: ApplyLeaveInput): Promise<LeaveRequest> {
  return leaveRequestSchema.parse(await client.post(`${staffPath(staffId)}/requests`, input));
}

export function useApplyFor(staffId: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApplyLeaveInput) => applyFor(leave, staffId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
