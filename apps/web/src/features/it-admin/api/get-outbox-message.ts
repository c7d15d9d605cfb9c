import { outboxMessageDetailSchema } from '@staff-portal/shared/it-admin';
import type { OutboxMessageDetail } from '@staff-portal/shared/it-admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { itAdminKeys, messagePath } from './it-admin-keys';

/**
 * `GET /it-admin/outbox/{id}`: one message with its text. The server records who opened it in the
 * audit trail (docs/product/screens.md §15: it may hold a code or a temporary password).
 */
export async function getOutboxMessage(
  client: ApiClient,
  id: number,
  signal?: AbortSignal,
): Promise<OutboxMessageDetail> {
  return outboxMessageDetailSchema.parse(await client.get(messagePath(id), { signal }));
}

export const outboxMessageQueryOptions = (client: ApiClient, id: number) =>
  queryOptions({
    queryKey: itAdminKeys.message(id),
    queryFn: ({ signal }) => getOutboxMessage(client, id, signal),
    // The text is asked for each time it is opened (so each opening is audited) and is not kept
    // in the cache once the dialog closes: it may hold a code.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The message with its text, asked for only once `enabled` (the admin confirmed opening it). */
export function useOutboxMessage(id: number, { enabled }: { enabled: boolean }) {
  const { leave } = useApiClient();
  return useQuery({ ...outboxMessageQueryOptions(leave, id), enabled });
}
