import type { AdminPost } from '@staff-portal/shared/posts';
import type { QueryClient } from '@tanstack/react-query';
import { postsKeys } from './posts-keys';

/**
 * What a write to a post may have changed: the post itself (its answer is the post as it now
 * is, so it is put in place), every admin list (status, title, counts) and the readers' lists and
 * posts (what Home shows, docs/product/screens.md §2).
 */
export function postChanged(queryClient: QueryClient, post?: AdminPost) {
  if (post !== undefined) queryClient.setQueryData(postsKeys.adminPost(post.id), post);
  return Promise.all([
    // Its audience may have changed, and with it who has not seen it.
    ...(post === undefined
      ? []
      : [queryClient.invalidateQueries({ queryKey: [...postsKeys.adminPost(post.id), 'unseen'] })]),
    queryClient.invalidateQueries({ queryKey: postsKeys.adminLists() }),
    queryClient.invalidateQueries({ queryKey: postsKeys.reader() }),
  ]);
}

/** A post that is gone: its own queries are dropped, the lists refreshed. */
export function postRemoved(queryClient: QueryClient, id: string) {
  queryClient.removeQueries({ queryKey: postsKeys.adminPost(id) });
  return postChanged(queryClient);
}
