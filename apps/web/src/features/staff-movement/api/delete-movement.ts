import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { staffMovementKeys } from './staff-movement-keys';

/** `DELETE /leave/movements/:id`: one of my movements. */
export async function deleteMovement(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/leave/movements/${id}`);
}

export function useDeleteMovement() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteMovement(leave, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMovementKeys.calendars() }),
  });
}
