import { accountPageSchema } from '@staff-portal/shared/access-control';
import type { AccountListQuery, AccountPage } from '@staff-portal/shared/access-control';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { accessControlKeys } from './access-control-keys';
import { useListQuery } from '../../../lib/list-query';

/** What the list asks for: the shared query, its page figures as numbers. */
export type AccountsQuery = Omit<AccountListQuery, 'page' | 'pageSize'> & { page: number; pageSize: number };

/** `GET /access-control/accounts?search=&department=&status=&sort=&order=&page=&pageSize=`: a page of accounts. */
export async function listAccounts(
  client: ApiClient,
  query: AccountsQuery,
  signal?: AbortSignal,
): Promise<AccountPage> {
  return accountPageSchema.parse(await client.get(withQuery('/access-control/accounts', { ...query }), { signal }));
}

export const accountsQueryOptions = (client: ApiClient, query: AccountsQuery) =>
  queryOptions({
    queryKey: accessControlKeys.accounts(query),
    queryFn: ({ signal }) => listAccounts(client, query, signal),
  });

export function useAccounts(query: AccountsQuery) {
  const { leave } = useApiClient();
  return useListQuery(accountsQueryOptions(leave, query));
}
