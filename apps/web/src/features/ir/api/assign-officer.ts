import type { AssignOfficerInput } from '@staff-portal/shared/ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { caseChanged } from './case-changed';

/** `PUT /ir/grievances/{caseNo}/officer` (IRAdmin): the officer in charge, who is told by e-mail. */
export async function assignOfficer(client: ApiClient, caseNo: string, input: AssignOfficerInput): Promise<void> {
  await client.put(`/ir/grievances/${encodeURIComponent(caseNo)}/officer`, input);
}

export function useAssignOfficer(caseNo: string) {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AssignOfficerInput) => assignOfficer(ir, caseNo, input),
    onSettled: () => caseChanged(queryClient, caseNo),
  });
}
