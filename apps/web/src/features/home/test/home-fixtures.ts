import { homeSchema, HOME_POSTS } from '@staff-portal/shared/home';
import type { Home, HomePosts } from '@staff-portal/shared/home';
import { readerPostSummarySchema } from '@staff-portal/shared/posts';
import type { ReaderPostSummary } from '@staff-portal/shared/posts';

let sequence = 0;

/** A post as the readers' lists give it, checked against the shared schema; unread unless said. */
export function postSummary(overrides: Partial<ReaderPostSummary> = {}): ReaderPostSummary {
  sequence += 1;
  return readerPostSummarySchema.parse({
    id: `5b0c1b1e-8f0a-4c55-9d6e-${String(sequence).padStart(12, '0')}`,
    kind: 'announcement',
    title: `Notice ${sequence}`,
    excerpt: 'The office is closed on Friday for maintenance.',
    publishAt: '2026-03-02T01:00:00.000Z',
    expireAt: null,
    pinned: false,
    authorName: 'Tan Mei Ling',
    attachmentCount: 0,
    read: false,
    ...overrides,
  });
}

/** One kind's first posts, with the counts `GET /home` gives: all shown and all unread unless said. */
export function homePosts(items: ReaderPostSummary[], counts: Partial<Omit<HomePosts, 'items'>> = {}): HomePosts {
  return {
    items: items.slice(0, HOME_POSTS),
    total: items.length,
    unread: items.filter((item) => !item.read).length,
    ...counts,
  };
}

/** `GET /home`, checked against the shared schema: no posts and no leave unless said. */
export function homeAnswer(overrides: Partial<Home> = {}): Home {
  return homeSchema.parse({
    announcements: homePosts([]),
    staffInfo: homePosts([]),
    leave: null,
    ...overrides,
  });
}
