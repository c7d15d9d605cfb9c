import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postChanged } from './post-changed';

/** `POST /posts/admin/{id}/unpublish`: back to a draft (no publish time, decision record 0048). */
export async function unpublishPost(client: ApiClient, id: string): Promise<AdminPost> {
  return adminPostSchema.parse(await client.post(`${postPath(id)}/unpublish`));
}

export function useUnpublishPost() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => unpublishPost(leave, id),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
