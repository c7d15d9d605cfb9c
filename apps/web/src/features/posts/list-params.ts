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

/** Reads the list's state from the URL; anything unreadable is its default (a hand-edited link still opens). */
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

/**
 * The URL parameters with some of the list's state changed. Anything but a page turn goes back to
 * the first page, where the new results start. Values at their default are left out of the URL.
 */
export function withListChange(params: URLSearchParams, change: Partial<ListState>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(change)) {
    const text = String(value);
    if (text === '' || (name === 'page' && text === '1')) next.delete(name);
    else next.set(name, text);
  }
  if (!('page' in change)) next.delete('page');
  return next;
}
