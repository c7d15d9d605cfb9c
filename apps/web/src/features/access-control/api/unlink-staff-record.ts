import { accountStaffLinkSchema } from '@staff-portal/shared/access-control';
import type { AccountStaffLink, UnlinkStaffRecordInput } from '@staff-portal/shared/access-control';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/**
 * `DELETE /access-control/accounts/{username}/staff-record`: unlink the account's staff record;
 * a record with the account's e-mail needs its new e-mail (decision record 0039).
 */
export async function unlinkStaffRecord(
  client: ApiClient,
  username: string,
  input: UnlinkStaffRecordInput,
): Promise<AccountStaffLink> {
  return accountStaffLinkSchema.parse(await client.delete(`${accountPath(username)}/staff-record`, input));
}

export function useUnlinkStaffRecord(username: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UnlinkStaffRecordInput) => unlinkStaffRecord(leave, username, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessControlKeys.all }),
  });
}
