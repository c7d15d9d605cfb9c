import { leaveRequestSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, LeaveRequest } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';

export interface ApplyLeaveVariables {
  input: ApplyLeaveInput;
  attachment?: File | null | undefined;
}

/**
 * `POST /leave/requests`: JSON, or multipart with the same fields and the `attachment` file.
 * Answers the new request (201).
 */
export async function applyLeave(client: ApiClient, { input, attachment }: ApplyLeaveVariables): Promise<LeaveRequest> {
  if (attachment === null || attachment === undefined) {
    return leaveRequestSchema.parse(await client.post('/leave/requests', input));
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) form.set(name, String(value));
  form.set('attachment', attachment, attachment.name);
  return leaveRequestSchema.parse(await client.post('/leave/requests', form));
}

export function useApplyLeave() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ApplyLeaveVariables) => applyLeave(leave, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}
