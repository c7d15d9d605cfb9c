import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { holidayPath } from './admin-keys';

/** `DELETE /leave/admin/holidays/:date/:region`. */
export async function deleteHoliday(client: ApiClient, key: { date: string; region: string }): Promise<void> {
  await client.delete(holidayPath(key));
}

export function useDeleteHoliday() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: { date: string; region: string }) => deleteHoliday(leave, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
