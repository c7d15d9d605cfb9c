import { adminPostPageSchema } from '@staff-portal/shared/posts';
import type { AdminPostPage, PostSort } from '@staff-portal/shared/posts';
import type { PostKind, PostStatus } from '@staff-portal/shared/posts-rules';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postsKeys } from './posts-keys';
import { useListQuery } from '../../../lib/list-query';

/** What the list asks for: the shared query, its page figures as numbers. */
export interface PostsQuery {
  kind: PostKind;
  q?: string;
  status?: PostStatus;
  audience?: string;
  sort?: PostSort;
  order?: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

/** `GET /posts/admin?q=&kind=&status=&audience=&sort=&order=&page=&pageSize=`: a page of posts, newest first unless sorted. */
export async function listPosts(client: ApiClient, query: PostsQuery, signal?: AbortSignal): Promise<AdminPostPage> {
  return adminPostPageSchema.parse(await client.get(withQuery('/posts/admin', { ...query }), { signal }));
}

export const adminPostsQueryOptions = (client: ApiClient, query: PostsQuery) =>
  queryOptions({
    queryKey: postsKeys.adminList(query),
    queryFn: ({ signal }) => listPosts(client, query, signal),
  });

export function useAdminPosts(query: PostsQuery) {
  const { leave } = useApiClient();
  return useListQuery(adminPostsQueryOptions(leave, query));
}
