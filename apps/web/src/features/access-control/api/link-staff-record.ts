import { accountStaffLinkSchema } from '@staff-portal/shared/access-control';
import type { AccountStaffLink, LinkStaffRecordInput } from '@staff-portal/shared/access-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/**
 * `PUT /access-control/accounts/{username}/staff-record`: link an existing staff record (one with
 * the account's e-mail and no account yet). Answers the account's staff record now.
 */
export async function linkStaffRecord(
  client: ApiClient,
  username: string,
  input: LinkStaffRecordInput,
): Promise<AccountStaffLink> {
  return accountStaffLinkSchema.parse(await client.put(`${accountPath(username)}/staff-record`, input));
}

export function useLinkStaffRecord(username: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LinkStaffRecordInput) => linkStaffRecord(leave, username, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
