import type { AddActionInput } from '@staff-portal/shared/ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { caseChanged } from './case-changed';

export interface AddActionVariables {
  caseNo: string;
  input: AddActionInput;
  /** At most MAX_ACTION_ATTACHMENTS files: PDF, JPEG or PNG. */
  attachments: readonly File[];
}

/**
 * `POST /ir/grievances/{caseNo}/actions`: JSON, or multipart with the same fields and the
 * `attachments` files. The screen reads the case again afterwards, so the answer is not needed.
 */
export async function addAction(client: ApiClient, { caseNo, input, attachments }: AddActionVariables): Promise<void> {
  const path = `/ir/grievances/${encodeURIComponent(caseNo)}/actions`;
  if (attachments.length === 0) {
    await client.post(path, input);
    return;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(input)) form.set(name, String(value));
  for (const file of attachments) form.append('attachments', file, file.name);
  await client.post(path, form);
}

export function useAddAction() {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: AddActionVariables) => addAction(ir, variables),
    onSuccess: (_answer, { caseNo }) => caseChanged(queryClient, caseNo),
  });
}
