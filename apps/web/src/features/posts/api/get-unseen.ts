import { unseenPageSchema } from '@staff-portal/shared/posts';
import type { UnseenPage } from '@staff-portal/shared/posts';
import { queryOptions } from '@tanstack/react-query';
import { useApiClient, withQuery } from '../../../lib/api-client';
import type { ApiClient } from '../../../lib/api-client';
import { postPath } from './get-post';
import { UNSEEN_PAGE_SIZE, postsKeys } from './posts-keys';
import { useListQuery } from '../../../lib/list-query';

/** `GET /posts/admin/{id}/unseen?page=&pageSize=`: the audience's accounts that have not opened the post. */
export async function getUnseen(
  client: ApiClient,
  id: string,
  page: number,
  signal?: AbortSignal,
): Promise<UnseenPage> {
  return unseenPageSchema.parse(
    await client.get(withQuery(`${postPath(id)}/unseen`, { page, pageSize: UNSEEN_PAGE_SIZE }), { signal }),
  );
}

export const unseenQueryOptions = (client: ApiClient, id: string, page: number) =>
  queryOptions({
    queryKey: postsKeys.unseen(id, page),
    queryFn: ({ signal }) => getUnseen(client, id, page, signal),
  });

export function useUnseen(id: string, page: number) {
  const { leave } = useApiClient();
  return useListQuery(unseenQueryOptions(leave, id, page));
}
