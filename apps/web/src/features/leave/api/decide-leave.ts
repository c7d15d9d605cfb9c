import { leaveRequestSchema } from '@staff-portal/shared/leave';
import type { LeaveDecisionInput, LeaveRequest } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient, useQuietApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { leaveKeys } from './leave-keys';
import { isAppError } from '@staff-portal/shared/errors';
import { errorText } from '../../../lib/error-text';

export interface DecideLeaveVariables extends LeaveDecisionInput {
  referenceId: string;
}

/**
 * `POST /leave/requests/:referenceId/decision`. A 409 means someone decided it first; the
 * caller refreshes the queue either way.
 */
export async function decideLeave(
  client: ApiClient,
  { referenceId, decision, remarks }: DecideLeaveVariables,
): Promise<LeaveRequest> {
  return leaveRequestSchema.parse(
    await client.post(`/leave/requests/${encodeURIComponent(referenceId)}/decision`, { decision, remarks }),
  );
}

export function useDecideLeave() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: DecideLeaveVariables) => decideLeave(leave, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}

export interface BulkResult {
  approved: string[];
  failed: { referenceId: string; message: string }[];
}

/**
 * Approves each selected request in turn; one that fails (decided meanwhile, say) does not stop
 * the rest, and the page shows one summary instead of a notification per failure.
 */
export function useBulkApprove() {
  const { leave: client } = useQuietApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ referenceIds, remarks }: { referenceIds: string[]; remarks: string }): Promise<BulkResult> => {
      const result: BulkResult = { approved: [], failed: [] };
      for (const referenceId of referenceIds) {
        try {
          await decideLeave(client, { referenceId, decision: 'approve', remarks });
          result.approved.push(referenceId);
        } catch (error) {
          result.failed.push({
            referenceId,
            message: isAppError(error) ? errorText(error) : error instanceof Error ? error.message : String(error),
          });
        }
      }
      return result;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: leaveKeys.all }),
  });
}
