import { movementSchema } from '@staff-portal/shared/staff-movement';
import type { Movement, MovementInput } from '@staff-portal/shared/staff-movement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { staffMovementKeys } from './staff-movement-keys';

/** `POST /leave/movements`: a movement of mine. */
export async function recordMovement(client: ApiClient, input: MovementInput): Promise<Movement> {
  return movementSchema.parse(await client.post('/leave/movements', input));
}

export function useRecordMovement() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MovementInput) => recordMovement(leave, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffMovementKeys.calendars() }),
  });
}
