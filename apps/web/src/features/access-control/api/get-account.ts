import { accountDetailSchema } from '@staff-portal/shared/access-control';
import type { AccountDetail } from '@staff-portal/shared/access-control';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys, accountPath } from './access-control-keys';

/** `GET /access-control/accounts/{username}`: the account, what the caller may grant on it, and its recent audit. */
export async function getAccount(client: ApiClient, username: string, signal?: AbortSignal): Promise<AccountDetail> {
  return accountDetailSchema.parse(await client.get(accountPath(username), { signal }));
}

export const accountQueryOptions = (client: ApiClient, username: string) =>
  queryOptions({
    queryKey: accessControlKeys.detail(username),
    queryFn: ({ signal }) => getAccount(client, username, signal),
  });

export function useAccount(username: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { leave } = useApiClient();
  return useQuery({ ...accountQueryOptions(leave, username), enabled });
}
