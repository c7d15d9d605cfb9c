import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postChanged } from './post-changed';

/** `POST /posts/admin/{id}/attachments`: files as multipart `attachments`; the server checks their content. */
export async function addAttachments(client: ApiClient, id: string, files: readonly File[]): Promise<AdminPost> {
  const form = new FormData();
  for (const file of files) form.append('attachments', file, file.name);
  return adminPostSchema.parse(await client.post(`${postPath(id)}/attachments`, form));
}

export function useAddAttachments(id: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => addAttachments(leave, id, files),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
