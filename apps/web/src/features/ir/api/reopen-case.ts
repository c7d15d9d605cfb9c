import type { ReopenCaseInput } from '@staff-portal/shared/ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { caseChanged } from './case-changed';

/** `POST /ir/grievances/{caseNo}/reopen` (IRAdmin): a closed case is pending again, for a reason. */
export async function reopenCase(client: ApiClient, caseNo: string, input: ReopenCaseInput): Promise<void> {
  await client.post(`/ir/grievances/${encodeURIComponent(caseNo)}/reopen`, input);
}

export function useReopenCase(caseNo: string) {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReopenCaseInput) => reopenCase(ir, caseNo, input),
    onSettled: () => caseChanged(queryClient, caseNo),
  });
}
