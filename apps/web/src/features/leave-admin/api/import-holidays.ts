import { holidayImportResultSchema } from '@staff-portal/shared/leave-admin';
import type { HolidayImportResult, MalaysianState } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

export interface ImportHolidaysVariables {
  year: number;
  state: MalaysianState;
}

/** `POST /leave/admin/holidays/import`: one Malaysian state's public holidays of a year. */
export async function importHolidays(
  client: ApiClient,
  variables: ImportHolidaysVariables,
): Promise<HolidayImportResult> {
  return holidayImportResultSchema.parse(await client.post('/leave/admin/holidays/import', variables));
}

export function useImportHolidays() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: ImportHolidaysVariables) => importHolidays(leave, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
