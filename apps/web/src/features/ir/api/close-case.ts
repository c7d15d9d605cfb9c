import type { CloseCaseInput } from '@staff-portal/shared/ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { caseChanged } from './case-changed';

/** `POST /ir/grievances/{caseNo}/close`: a pending case is closed with its outcome. */
export async function closeCase(client: ApiClient, caseNo: string, input: CloseCaseInput): Promise<void> {
  await client.post(`/ir/grievances/${encodeURIComponent(caseNo)}/close`, input);
}

export function useCloseCase(caseNo: string) {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CloseCaseInput) => closeCase(ir, caseNo, input),
    onSettled: () => caseChanged(queryClient, caseNo),
  });
}
