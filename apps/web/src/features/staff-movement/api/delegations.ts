import { delegateCandidateSchema, delegationSchema, myDelegationsSchema } from '@staff-portal/shared/staff-movement';
import type {
  DelegateCandidate,
  Delegation,
  DelegationInput,
  MyDelegations,
} from '@staff-portal/shared/staff-movement';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { staffMovementKeys } from './staff-movement-keys';

/** `GET /leave/delegations`: mine as approver, and those where I act for someone. */
export async function getDelegations(client: ApiClient, signal?: AbortSignal): Promise<MyDelegations> {
  return myDelegationsSchema.parse(await client.get('/leave/delegations', { signal }));
}

export const delegationsQueryOptions = (client: ApiClient) =>
  queryOptions({ queryKey: staffMovementKeys.delegations(), queryFn: ({ signal }) => getDelegations(client, signal) });

export function useDelegations() {
  const { leave } = useApiClient();
  return useQuery(delegationsQueryOptions(leave));
}

/** `GET /leave/delegations/candidates?search=`: active staff I may name. */
export async function getDelegateCandidates(
  client: ApiClient,
  search: string,
  signal?: AbortSignal,
): Promise<DelegateCandidate[]> {
  const query = search === '' ? '' : `?${new URLSearchParams({ search }).toString()}`;
  return delegateCandidateSchema.array().parse(await client.get(`/leave/delegations/candidates${query}`, { signal }));
}

export function useDelegateCandidates(search: string, enabled: boolean) {
  const { leave } = useApiClient();
  return useQuery({
    queryKey: staffMovementKeys.candidates(search),
    queryFn: ({ signal }) => getDelegateCandidates(leave, search, signal),
    enabled,
  });
}

/** `POST /leave/delegations`. */
export async function addDelegation(client: ApiClient, input: DelegationInput): Promise<Delegation> {
  return delegationSchema.parse(await client.post('/leave/delegations', input));
}

/** `DELETE /leave/delegations/:id`. */
export async function removeDelegation(client: ApiClient, id: number): Promise<void> {
  await client.delete(`/leave/delegations/${id}`);
}

/** Adding or removing a delegation changes whose requests are in the approval queue. */
function useRefreshAfterDelegation() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: staffMovementKeys.delegations() }),
      queryClient.invalidateQueries({ queryKey: ['leave', 'approvals'] }),
    ]);
}

export function useAddDelegation() {
  const { leave } = useApiClient();
  const refresh = useRefreshAfterDelegation();
  return useMutation({ mutationFn: (input: DelegationInput) => addDelegation(leave, input), onSettled: refresh });
}

export function useRemoveDelegation() {
  const { leave } = useApiClient();
  const refresh = useRefreshAfterDelegation();
  return useMutation({ mutationFn: (id: number) => removeDelegation(leave, id), onSettled: refresh });
}
