import { staffDetailSchema } from '@staff-portal/shared/leave-admin';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import type { CreateStaffInput } from '@staff-portal/shared/staff-records';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** `POST /leave/admin/staff`: a new staff member's leave record; the server gives the staff id. */
export async function createStaff(client: ApiClient, input: CreateStaffInput): Promise<StaffDetail> {
  return staffDetailSchema.parse(await client.post('/leave/admin/staff', input));
}

export function useCreateStaff() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateStaffInput) => createStaff(leave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
