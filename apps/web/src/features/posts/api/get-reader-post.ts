import { readerPostSchema } from '@staff-portal/shared/posts';
import type { ReaderPost } from '@staff-portal/shared/posts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { useQuietApiClient } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';

/** Whether a `?post=` value can name a post at all; anything else is not asked for. */
export const isPostId = (value: string): boolean => z.guid().safeParse(value).success;

/**
 * `GET /posts/{id}`: a published post of my departments in full (decision record 0048). Opening it
 * records my first view; any other post, or one outside my audience, is a 404.
 */
export async function getReaderPost(client: ApiClient, id: string, signal?: AbortSignal): Promise<ReaderPost> {
  return readerPostSchema.parse(await client.get(`/posts/${encodeURIComponent(id)}`, { signal }));
}

export const readerPostQueryOptions = (client: ApiClient, id: string) =>
  queryOptions({
    queryKey: postsKeys.readerPost(id),
    queryFn: ({ signal }) => getReaderPost(client, id, signal),
  });

/** The post of a shared link, or nothing while `id` is null or no post id. */
export function useReaderPost(id: string | null) {
  // Quiet: the dialog says in place when a post is not available, rather than in the notification.
  const { leave } = useQuietApiClient();
  return useQuery({ ...readerPostQueryOptions(leave, id ?? ''), enabled: id !== null && isPostId(id) });
}
