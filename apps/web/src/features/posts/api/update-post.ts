import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost, PostInput } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postChanged } from './post-changed';

/** `PUT /posts/admin/{id}`: the whole post replaced; its attachments and read receipts stay. */
export async function updatePost(client: ApiClient, id: string, input: PostInput): Promise<AdminPost> {
  return adminPostSchema.parse(await client.put(postPath(id), input));
}

export function useUpdatePost(id: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => updatePost(leave, id, input),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
