import { EVERYONE, POST_STATUSES } from '@staff-portal/shared/posts-rules';
import type { PostStatus } from '@staff-portal/shared/posts-rules';

/** The list as the URL says (`?q=&status=&audience=&page=`), so it can be linked and comes back after Back. */
export interface ListState {
  q: string;
  status: PostStatus | '';
  /** '' for every audience, `everyone`, or a department. */
  audience: string;
  /** From 1, as the API counts. */
  page: number;
}

export { EVERYONE };

const isStatus = (value: string | null): value is PostStatus =>
  (POST_STATUSES as readonly (string | null)[]).includes(value);

/**
 * Reads the list's state from the URL; anything unreadable is its default (a hand-edited link
 * still opens). Changes are written by `useListParams` (lib/use-list-params.ts).
 */
export function readListState(params: URLSearchParams): ListState {
  const status = params.get('status');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    status: isStatus(status) ? status : '',
    audience: params.get('audience') ?? '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}
