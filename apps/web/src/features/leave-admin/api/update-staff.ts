import { staffRecordSchema } from '@staff-portal/shared/leave';
import type { StaffRecord, UpdateStaffInput } from '@staff-portal/shared/leave';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys, staffPath } from './admin-keys';

/** `PUT /leave/admin/staff/:staffId`: a staff member's approver, department, join date, gender and working days. */
export async function updateStaff(client: ApiClient, staffId: string, input: UpdateStaffInput): Promise<StaffRecord> {
  return staffRecordSchema.parse(await client.put(staffPath(staffId), input));
}

/**
 * `onSaved` runs here rather than in `mutate()`'s callbacks: the refetch after a save gives the
 * record form a new key (a new approver or working days), and a form that has unmounted hears
 * nothing from `mutate()`'s callbacks, so the admin would never be told it was saved.
 */
export function useUpdateStaff(staffId: string, { onSaved }: { onSaved?: () => void } = {}) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateStaffInput) => updateStaff(leave, staffId, input),
    onSuccess: () => onSaved?.(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
