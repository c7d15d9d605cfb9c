import { isAppError } from '@staff-portal/shared/errors';
import { identityAccountSchema } from '@staff-portal/shared/staff-records';
import type { IdentityAccount } from '@staff-portal/shared/staff-records';
import { queryOptions } from '@tanstack/react-query';
import { useQuietApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';
import { useListQuery } from '../../../lib/list-query';

/** The accounts offered, or why none can be: the list is optional, so its failure is not an error. */
export type IdentityAccountsAnswer = { accounts: IdentityAccount[] } | { unavailable: string };

/** `GET /leave/admin/staff/accounts?search=`: identity accounts without a staff record, by e-mail or name. */
export async function getIdentityAccounts(
  client: ApiClient,
  search: string,
  signal?: AbortSignal,
): Promise<IdentityAccountsAnswer> {
  try {
    const body = await client.get(withQuery('/leave/admin/staff/accounts', { search }), { signal });
    return { accounts: identityAccountSchema.array().parse(body) };
  } catch (error) {
    // The identity service cannot be asked (Cognito without credentials for it): the form says
    // so beside the field, and the record is still added by name and e-mail.
    if (isAppError(error) && error.status === 503) return { unavailable: error.message };
    throw error;
  }
}

export const identityAccountsQueryOptions = (client: ApiClient, search: string) =>
  queryOptions({
    queryKey: adminKeys.accounts(search),
    queryFn: ({ signal }) => getIdentityAccounts(client, search, signal),
  });

export function useIdentityAccounts(search: string, { enabled }: { enabled: boolean }) {
  const { leave } = useQuietApiClient();
  return useListQuery({ ...identityAccountsQueryOptions(leave, search), enabled });
}
