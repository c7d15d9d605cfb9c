import { outboxMessageSchema } from '@staff-portal/shared/it-admin';
import type { OutboxMessage } from '@staff-portal/shared/it-admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { isListOrStatus, itAdminKeys, messagePath } from './it-admin-keys';

/**
 * `POST /it-admin/outbox/{id}/retry`: sends a failed or waiting e-mail now (SMTP only; otherwise
 * 409 with the reason). Answers the message as it now is, or nothing (204).
 */
export async function retryMessage(client: ApiClient, id: number): Promise<OutboxMessage | undefined> {
  return outboxMessageSchema.optional().parse(await client.post(`${messagePath(id)}/retry`));
}

export function useRetryMessage() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => retryMessage(leave, id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: itAdminKeys.all, predicate: isListOrStatus }),
  });
}
