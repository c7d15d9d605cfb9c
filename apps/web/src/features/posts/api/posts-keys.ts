/**
 * Query keys of the posts API (decision record 0048), under one root. The admin's and the
 * readers' keys are apart, so an admin write refreshes every admin list and the post itself, and
 * the readers' lists too (what Home shows may have changed).
 */
export const postsKeys = {
  all: ['posts'] as const,
  admin: () => ['posts', 'admin'] as const,
  adminLists: () => ['posts', 'admin', 'list'] as const,
  adminList: (query: object) => ['posts', 'admin', 'list', query] as const,
  adminPost: (id: string) => ['posts', 'admin', 'post', id] as const,
  unseen: (id: string, page: number) => ['posts', 'admin', 'post', id, 'unseen', page] as const,
  reader: () => ['posts', 'reader'] as const,
  readerLists: () => ['posts', 'reader', 'list'] as const,
  readerList: (query: object) => ['posts', 'reader', 'list', query] as const,
  readerPost: (id: string) => ['posts', 'reader', 'post', id] as const,
};

/** Rows an admin list page shows. */
export const PAGE_SIZE = 20;
/** Names a page of the "not seen yet" list shows. */
export const UNSEEN_PAGE_SIZE = 50;
