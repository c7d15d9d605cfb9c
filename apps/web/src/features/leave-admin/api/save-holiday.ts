import { publicHolidaySchema } from '@staff-portal/shared/leave';
import type { PublicHoliday } from '@staff-portal/shared/leave';
import type { HolidayInput } from '@staff-portal/shared/leave-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { holidayPath } from './admin-keys';

export interface SaveHolidayVariables {
  /** The holiday being edited (its date and region); none for a new one. */
  original?: { date: string; region: string };
  input: HolidayInput;
}

/** `POST /leave/admin/holidays` (a new one) or `PUT /leave/admin/holidays/:date/:region` (an edit). */
export async function saveHoliday(
  client: ApiClient,
  { original, input }: SaveHolidayVariables,
): Promise<PublicHoliday> {
  return publicHolidaySchema.parse(
    original === undefined
      ? await client.post('/leave/admin/holidays', input)
      : await client.put(holidayPath(original), input),
  );
}

export function useSaveHoliday() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: SaveHolidayVariables) => saveHoliday(leave, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['leave'] }),
  });
}
