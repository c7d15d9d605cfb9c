import { accountSchema } from '@staff-portal/shared/access-control';
import type { Account, SetDepartmentsInput } from '@staff-portal/shared/access-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/** `PUT /access-control/accounts/{username}/departments`: the account's departments, the whole new set. */
export async function setDepartments(
  client: ApiClient,
  username: string,
  input: SetDepartmentsInput,
): Promise<Account> {
  return accountSchema.parse(await client.put(`${accountPath(username)}/departments`, input));
}

export function useSetDepartments(username: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetDepartmentsInput) => setDepartments(leave, username, input),
    // A refusal changes nothing, but someone else may have changed the account meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
