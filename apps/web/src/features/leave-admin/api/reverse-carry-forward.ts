import { carryForwardRunSchema } from '@staff-portal/shared/leave-admin';
import type { CarryForwardRun } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/** `POST /leave/admin/carry-forward/:runId/reverse`: every entitlement the run wrote back to what it was. */
export async function reverseCarryForward(client: ApiClient, runId: number): Promise<CarryForwardRun> {
  return carryForwardRunSchema.parse(await client.post(`/leave/admin/carry-forward/${runId}/reverse`));
}

export function useReverseCarryForward() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => reverseCarryForward(leave, runId),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
