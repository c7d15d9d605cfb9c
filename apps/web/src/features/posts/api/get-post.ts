import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

export const postPath = (id: string) => `/posts/admin/${encodeURIComponent(id)}`;

/** `GET /posts/admin/{id}`: a post in any status, with its attachments and "seen by N of M". */
export async function getPost(client: ApiClient, id: string, signal?: AbortSignal): Promise<AdminPost> {
  return adminPostSchema.parse(await client.get(postPath(id), { signal }));
}

export const adminPostQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({ queryKey: postsKeys.adminPost(id), queryFn: ({ signal }) => getPost(client, id, signal) });

export function useAdminPost(id: string | undefined) {
  const { leave } = useApiClient();
  return useQuery({ ...adminPostQueryOptions(leave, id ?? ''), enabled: id !== undefined });
}
