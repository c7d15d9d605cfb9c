import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postChanged } from './post-changed';

/** `POST /posts/admin/{id}/duplicate`: a copy with its attachments, as a new draft. */
export async function duplicatePost(client: ApiClient, id: string): Promise<AdminPost> {
  return adminPostSchema.parse(await client.post(`${postPath(id)}/duplicate`));
}

export function useDuplicatePost() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => duplicatePost(leave, id),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
