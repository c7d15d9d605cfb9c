import { HOME_POSTS, type Home, type HomePosts } from '@staff-portal/shared/home';
import type { LeaveSummary } from '@staff-portal/shared/leave';
import { dateFormatIn } from '@staff-portal/shared/leave-rules';
import { audienceKeys, type PostKind } from '@staff-portal/shared/posts-rules';
import type { Database } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { readerPostPage, readerAnswer, readerCounts, readerSummaryOf } from '../posts/posts.public';

export interface HomeServiceOptions {
  database: Database;
  /** The organisation's time zone: the leave glance is the day's (decision record 0023). */
  timeZone: string;
  /** The leave module's home glance (`GET /leave/summary`), for a caller E-Leave admits. */
  leaveSummary: (caller: Caller) => Promise<LeaveSummary>;
}

/**
 * Home (docs/product/screens.md §2) in one answer: the first posts of each kind the caller may
 * read, as the readers' list gives them (decision record 0048), and the leave glance for those
 * who use E-Leave. The reads are started together: on PostgreSQL they run at once on the pool's
 * connections; PGlite, with its one connection, takes them in turn.
 */
export function createHomeService({ database, timeZone, leaveSummary }: HomeServiceOptions) {
  const { db } = database;
  const today = dateFormatIn(timeZone);

  return {
    /**
     * What Home shows the caller. `usesLeave`: whether E-Leave admits them (the SHARED guard,
     * docs/product/access.md §3); for anyone else the leave glance is null and nothing of it is read.
     */
    async home(caller: Caller, usesLeave: boolean): Promise<Home> {
      // One "now" for both lists, from the server's clock (decision record 0048).
      const now = new Date();
      const reader = { id: caller.user.sub, keys: audienceKeys(caller.user.groups) };
      const first = (kind: PostKind) => readerPostPage(db, reader, { kind, page: 1, pageSize: HOME_POSTS }, now);
      // Kept whole until a post or the leave data is written, a publish or expiry time passes, the
      // reader opens a post or the day ends (decision record 0059). The key names the caller's
      // groups, which decide the leave glance as well as the audience.
      return readerAnswer(database, reader, {
        key: JSON.stringify(['home', [...caller.user.groups].sort(), usesLeave]),
        leave: usesLeave,
        extra: usesLeave ? today.format(now) : '',
        now,
        compute: async () => {
          // Both kinds' counts (mostly remembered: decision record 0053); each kind's first posts
          // by the readers' order index.
          const [announcementRows, staffInfoRows, counts, leave] = await Promise.all([
            first('announcement'),
            first('staffInfo'),
            readerCounts(database, reader, now),
            usesLeave ? leaveSummary(caller) : null,
          ]);
          const announcements: HomePosts = { items: announcementRows.map(readerSummaryOf), ...counts.announcement };
          const staffInfo: HomePosts = { items: staffInfoRows.map(readerSummaryOf), ...counts.staffInfo };
          return { value: { announcements, staffInfo, leave } satisfies Home, until: counts.until };
        },
      });
    },
  };
}
