import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost, PostInput } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postChanged } from './post-changed';

/** `POST /posts/admin`: a new post; published now with emailAudience, its audience is mailed (decision record 0048). */
export async function createPost(client: ApiClient, input: PostInput): Promise<AdminPost> {
  return adminPostSchema.parse(await client.post('/posts/admin', input));
}

export function useCreatePost() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PostInput) => createPost(leave, input),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
