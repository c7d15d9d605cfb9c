import { carryForwardRunSchema } from '@staff-portal/shared/leave-admin';
import type { CarryForwardRun } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/** `POST /leave/admin/carry-forward/apply`: the year-end run from a year into the next. */
export async function applyCarryForward(client: ApiClient, fromYear: number): Promise<CarryForwardRun> {
  return carryForwardRunSchema.parse(await client.post('/leave/admin/carry-forward/apply', { fromYear }));
}

export function useApplyCarryForward() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fromYear: number) => applyCarryForward(leave, fromYear),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
