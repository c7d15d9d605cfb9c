import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/** `DELETE /access-control/accounts/{username}`: only an account that has never signed in. Answers 204. */
export async function deleteAccount(client: ApiClient, username: string): Promise<void> {
  await client.delete(accountPath(username));
}

export function useDeleteAccount(username: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  const deleted = accessControlKeys.detail(username);
  const isDeleted = (query: Query) =>
    query.queryKey.length === deleted.length && deleted.every((part, index) => query.queryKey[index] === part);
  return useMutation({
    mutationFn: () => deleteAccount(leave, username),
    // Everything but the deleted account itself, which is gone: asked again while its drawer is
    // still closing, it would answer 404 and show that as an error.
    onSettled: (_data, error) =>
      queryClient.invalidateQueries({
        queryKey: accessControlKeys.all,
        predicate: (query) => error !== null || !isDeleted(query),
      }),
  });
}
