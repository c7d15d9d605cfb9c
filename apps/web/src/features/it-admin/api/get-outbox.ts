import { outboxPageSchema } from '@staff-portal/shared/it-admin';
import type { OutboxPage, OutboxState } from '@staff-portal/shared/it-admin';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { itAdminKeys, PAGE_SIZE } from './it-admin-keys';
import { useListInfiniteQuery } from '../../../lib/list-query';

export interface OutboxFilters {
  /** The start of the recipient's address or number. */
  recipient?: string | undefined;
  state?: OutboxState | undefined;
}

/**
 * `GET /it-admin/outbox`: e-mails and text messages, newest first, without their text. `before`
 * is the previous page's `next` (the id the page ended at).
 */
export async function getOutbox(
  client: ApiClient,
  filters: OutboxFilters,
  before: number | undefined,
  signal?: AbortSignal,
): Promise<OutboxPage> {
  return outboxPageSchema.parse(
    await client.get(withQuery('/it-admin/outbox', { ...filters, before, limit: PAGE_SIZE }), { signal }),
  );
}

export const outboxQueryOptions = (client: ApiClient, filters: OutboxFilters) =>
  infiniteQueryOptions({
    queryKey: itAdminKeys.outbox(filters),
    queryFn: ({ pageParam, signal }) => getOutbox(client, filters, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The outbox, a page at a time ("Load more" asks for the next). */
export function useOutbox(filters: OutboxFilters, { enabled = true }: { enabled?: boolean } = {}) {
  const { leave } = useApiClient();
  return useListInfiniteQuery({ ...outboxQueryOptions(leave, filters), enabled });
}
