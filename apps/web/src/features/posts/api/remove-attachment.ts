import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { postChanged } from './post-changed';

/** `DELETE /posts/admin/{id}/attachments/{attachmentId}`: one file taken off the post. */
export async function removeAttachment(client: ApiClient, id: string, attachmentId: string): Promise<AdminPost> {
  return adminPostSchema.parse(await client.delete(`${postPath(id)}/attachments/${encodeURIComponent(attachmentId)}`));
}

export function useRemoveAttachment(id: string) {
  const { leave } = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => removeAttachment(leave, id, attachmentId),
    onSuccess: (post) => postChanged(queryClient, post),
  });
}
