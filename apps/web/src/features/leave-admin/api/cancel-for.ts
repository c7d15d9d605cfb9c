import { leaveRequestSchema } from '@staff-portal/shared/leave';
import type { LeaveRequest } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export interface CancelForVariables {
  referenceId: string;
  remarks: string;
}

/** `POST /leave/admin/requests/:referenceId/cancel`: pending → cancelled, approved → pending cancellation (5). */
export async function cancelFor(
  client: ApiClient,
  { referenceId, remarks }: CancelForVariables,
): Promise<LeaveRequest> {
  return leaveRequestSchema.parse(
    await client.post(`/leave/admin/requests/${encodeURIComponent(referenceId)}/cancel`, { remarks }),
  );
}

export function useCancelFor() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: CancelForVariables) => cancelFor(leave, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
