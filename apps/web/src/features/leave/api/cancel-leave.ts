import { leaveRequestSchema } from '@staff-portal/shared/leave';
import type { LeaveRequest } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

export interface CancelLeaveVariables {
  referenceId: string;
  remarks: string;
}

/** `POST /leave/requests/:referenceId/cancel`: pending → cancelled, approved → pending cancellation. */
export async function cancelLeave(
  client: ApiClient,
  { referenceId, remarks }: CancelLeaveVariables,
): Promise<LeaveRequest> {
  return leaveRequestSchema.parse(
    await client.post(`/leave/requests/${encodeURIComponent(referenceId)}/cancel`, { remarks }),
  );
}

export function useCancelLeave() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CancelLeaveVariables) => cancelLeave(leave, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}
