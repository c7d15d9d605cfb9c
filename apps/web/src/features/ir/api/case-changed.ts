import type { QueryClient } from '@tanstack/react-query';
import { irKeys } from './ir-keys';

/**
 * What a change to one case may have changed: the case itself, the case lists (status, officer,
 * free text), its member's list of cases and the officers' open-case counts.
 */
export function caseChanged(queryClient: QueryClient, caseNo: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: irKeys.case(caseNo) }),
    queryClient.invalidateQueries({ queryKey: irKeys.cases() }),
    queryClient.invalidateQueries({ queryKey: irKeys.anyMember() }),
    queryClient.invalidateQueries({ queryKey: irKeys.officers() }),
  ]);
}
