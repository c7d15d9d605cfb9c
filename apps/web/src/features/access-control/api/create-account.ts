import { accountSchema } from '@staff-portal/shared/access-control';
import type { Account, CreateAccountInput } from '@staff-portal/shared/access-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys } from './access-control-keys';

/** `POST /access-control/accounts`: a new account; the server e-mails the invitation with a temporary password. */
export async function createAccount(client: ApiClient, input: CreateAccountInput): Promise<Account> {
  return accountSchema.parse(await client.post('/access-control/accounts', input));
}

export function useCreateAccount() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateAccountInput) => createAccount(leave, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
