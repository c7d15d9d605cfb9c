import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost, PostInput } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postChanged } from './post-changed';

/**
 * `POST /posts/admin`: a new post, with the files chosen for it in the same request (multipart:
 * the post as JSON in `post`, the files as `attachments`); published now with emailAudience, its
 * audience is mailed once the files are stored (docs/product/files-mail-logs.md §3; decision records
 * 0048 and 0079).
 */
export async function createPost(client: ApiClient, input: PostInput, files: readonly File[] = []): Promise<AdminPost> {
  if (files.length === 0) return adminPostSchema.parse(await client.post('/posts/admin', input));
  const form = new FormData();
  form.append('post', JSON.stringify(input));
  for (const file of files) form.append('attachments', file, file.name);
  return adminPostSchema.parse(await client.post('/posts/admin', form));
}

export function useCreatePost() {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, files }: { input: PostInput; files: readonly File[] }) => createPost(leave, input, files),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
