import { revealedNricSchema, type RevealedNric } from '@staff-portal/shared/ir';
import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';

/**
 * `POST /ir/members/{memberNo}/nric`: the NRIC in full and the date of birth it starts with, for
 * one who sees them masked (docs/product/ir.md §1). Each call is written to the audit trail, so it
 * is never cached: the screen keeps the answer only while it shows that member.
 */
export async function revealNric(client: ApiClient, memberNo: string): Promise<RevealedNric> {
  return revealedNricSchema.parse(await client.post(`/ir/members/${encodeURIComponent(memberNo)}/nric`));
}

export function useRevealNric() {
  const { ir } = useApiClient();
  return useMutation({ mutationFn: (memberNo: string) => revealNric(ir, memberNo) });
}
