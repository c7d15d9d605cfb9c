import type { AccountAction } from '@staff-portal/shared/access-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/**
 * `POST /access-control/accounts/{username}/{action}`: disable, enable, reset the password (a
 * code by e-mail), sign out everywhere, or resend the invitation. Answers 204.
 */
export async function accountAction(client: ApiClient, username: string, action: AccountAction): Promise<void> {
  await client.post(`${accountPath(username)}/${action}`);
}

export function useAccountAction(username: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction) => accountAction(leave, username, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
