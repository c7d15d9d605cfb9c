import { readerPostPageSchema } from '@staff-portal/shared/posts';
import type { ReaderPostPage } from '@staff-portal/shared/posts';
import type { PostKind } from '@staff-portal/shared/posts-rules';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';
import { useListQuery } from '../../../lib/list-query';

/** What a readers' list asks for: one kind, or both; a page of a size. */
export interface ReaderPostsQuery {
  kind?: PostKind | undefined;
  page: number;
  pageSize: number;
}

/** `GET /posts`: my published posts (of one kind if asked), pinned first, then newest, unread marked; paged. */
export async function getReaderPosts(
  client: ApiClient,
  query: ReaderPostsQuery,
  signal?: AbortSignal,
): Promise<ReaderPostPage> {
  return readerPostPageSchema.parse(await client.get(withQuery('/posts', { ...query }), { signal }));
}

export const readerPostsQueryOptions = (client: ApiClient, query: ReaderPostsQuery) =>
  queryOptions({
    queryKey: postsKeys.readerList(query),
    queryFn: ({ signal }) => getReaderPosts(client, query, signal),
  });

/** A page of my posts; nothing is asked while `enabled` is false. */
export function useReaderPosts(query: ReaderPostsQuery, enabled = true) {
  const { leave } = useApiClient();
  return useListQuery({ ...readerPostsQueryOptions(leave, query), enabled });
}
