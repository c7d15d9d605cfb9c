import { caseNoSchema } from '@staff-portal/shared/ir';
import type { OpenCaseInput } from '@staff-portal/shared/ir';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { irKeys } from './ir-keys';

/**
 * What the screen needs of the answer: the new case's number. The contract names the request but
 * not the answer's shape, so either the case detail (`{case: {caseNo}}`) or a case (`{caseNo}`)
 * is read.
 */
const openedSchema = z.union([
  z.object({ case: z.object({ caseNo: caseNoSchema }) }).transform((detail) => detail.case.caseNo),
  z.object({ caseNo: caseNoSchema }).transform((summary) => summary.caseNo),
]);

/** `POST /ir/grievances`: opens a case for a member (its first action, Initial Case Fact); answers its case no. */
export async function openCase(client: ApiClient, input: OpenCaseInput): Promise<string> {
  return openedSchema.parse(await client.post('/ir/grievances', input));
}

export function useOpenCase() {
  const { ir } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OpenCaseInput) => openCase(ir, input),
    onSuccess: (_caseNo, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: irKeys.member(input.memberNo.trim().toUpperCase()) }),
        queryClient.invalidateQueries({ queryKey: irKeys.cases() }),
        queryClient.invalidateQueries({ queryKey: irKeys.officers() }),
      ]),
  });
}
