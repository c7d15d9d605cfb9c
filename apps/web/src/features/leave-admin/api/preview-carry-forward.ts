import { carryForwardPreviewSchema } from '@staff-portal/shared/leave-admin';
import type { CarryForwardPreview } from '@staff-portal/shared/leave-admin';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/** `POST /leave/admin/carry-forward/preview`: what the year-end run would carry, writing nothing. */
export async function previewCarryForward(client: ApiClient, fromYear: number): Promise<CarryForwardPreview> {
  return carryForwardPreviewSchema.parse(await client.post('/leave/admin/carry-forward/preview', { fromYear }));
}

export function usePreviewCarryForward() {
  const { leave } = useApiClient();
  return useMutation({ mutationFn: (fromYear: number) => previewCarryForward(leave, fromYear) });
}
