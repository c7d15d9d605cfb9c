import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postRemoved } from './post-changed';

/** `DELETE /posts/admin/{id}`: the post, with its attachments and read receipts. */
export async function deletePost(client: ApiClient, id: string): Promise<void> {
  await client.delete(postPath(id));
}

export function useDeletePost() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deletePost(leave, id),
    onSuccess: (_, id) => postRemoved(queryClient, id),
  });
}
