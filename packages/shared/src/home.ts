import { z } from 'zod';
import { leaveSummarySchema } from './leave';
import { readerPostSummarySchema } from './posts';

/**
 * `GET /home`, relative to `api.leaveApiUrl`: everything Home shows (docs/product/screens.md §2)
 * in one answer, for any signed-in user. The posts are the reader's own list (decision record
 * 0048: published now and the user in its audience); the leave glance is the one of
 * `GET /leave/summary`, for the users E-Leave admits (the SHARED guard, docs/product/access.md §3).
 */

/** The most posts of each kind Home shows; the rest are a "show all" away. */
export const HOME_POSTS = 5;

/** The first posts of one kind, pinned first, then newest; with how many there are and how many I have not opened. */
export const homePostsSchema = z.object({
  items: z.array(readerPostSummarySchema).max(HOME_POSTS),
  /** Of all my published posts of the kind. */
  total: z.number().int(),
  /** Of all my published posts of the kind, those I have not opened. */
  unread: z.number().int(),
});
export type HomePosts = z.infer<typeof homePostsSchema>;

export const homeSchema = z.object({
  announcements: homePostsSchema,
  staffInfo: homePostsSchema,
  /** My balances, my requests waiting and the approvals waiting for me; null for a user with no part in E-Leave. */
  leave: leaveSummarySchema.nullable(),
});
export type Home = z.infer<typeof homeSchema>;
