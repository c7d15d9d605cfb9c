import { FIXED_DEPARTMENTS, baseDepartment, isAdminGroup } from './groups';

/**
 * The rules of posts (docs/product/screens.md §2 and §13, decision record 0048): announcements and
 * staff information are one model, told apart by their kind. A post's status is never stored: it
 * follows the clock from its publish and expiry times, so a scheduled post becomes published, and
 * a published one expired, without any job running.
 */

export const POST_KINDS = ['announcement', 'staffInfo'] as const;
export type PostKind = (typeof POST_KINDS)[number];

/** In the order a post passes through them as time goes on; a draft stays a draft until it is given a publish time. */
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'expired'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/** The audience of every signed-in user; otherwise an audience is a non-empty list of departments. */
export const EVERYONE = 'everyone';
export type Audience = typeof EVERYONE | readonly string[];

/** A post's times, as the API gives them (ISO 8601) or as the database reads them. */
export interface PostTimes {
  publishAt: string | Date | null;
  expireAt: string | Date | null;
}

const millis = (value: string | Date) => (typeof value === 'string' ? Date.parse(value) : value.getTime());

/**
 * The status at `now`:
 * - draft: no publish time;
 * - scheduled: the publish time is still to come;
 * - expired: the expiry time has come (a post expires at its expiry time exactly);
 * - published: otherwise (it is published from its publish time exactly).
 * The server's queries (modules/posts/posts.repository.ts, `statusIs`) say the same in SQL.
 */
export function postStatus(post: PostTimes, now: Date): PostStatus {
  if (post.publishAt === null) return 'draft';
  const at = now.getTime();
  if (millis(post.publishAt) > at) return 'scheduled';
  if (post.expireAt !== null && millis(post.expireAt) <= at) return 'expired';
  return 'published';
}

/** Whether readers of its audience see the post at `now` (docs/product/access.md §3). */
export const isPublished = (post: PostTimes, now: Date) => postStatus(post, now) === 'published';

/**
 * The audience departments a user with these groups belongs to: each group, and for an admin
 * group its base department too (`HRAdmin` is in `HR`), which is the group check's reading of a
 * plain name (docs/product/access.md §2, rules 3 and 4). Unlike a guard, no group passes every
 * audience: an audience says whom a post is for, and ITAdmin is in ITAdmin's audience only (the
 * admins see every post on the admin pages anyway).
 */
export function audienceKeys(groups: readonly string[]): string[] {
  const keys = new Set<string>();
  for (const group of groups) {
    keys.add(group);
    if (isAdminGroup(group)) keys.add(baseDepartment(group));
  }
  return [...keys];
}

/** Whether a user with these groups is in the audience. */
export function inAudience(audience: Audience, groups: readonly string[]): boolean {
  if (audience === EVERYONE) return true;
  const keys = audienceKeys(groups);
  return audience.some((department) => keys.includes(department));
}

/** The departments an audience may name: the fixed ones and the organisation's own (docs/product/access.md §1). */
export function postDepartments(orgDepartment: string): string[] {
  return [...new Set<string>([...FIXED_DEPARTMENTS, orgDepartment])];
}

/**
 * The start of a Markdown body as plain text, for lists (the full body is read by opening the
 * post, which records the read): the commonest marks taken off, whitespace folded, cut at a word
 * within `max` characters with an ellipsis.
 */
export function postExcerpt(body: string, max = 200): string {
  const plain = body
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: their alternative text
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: their text
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '') // headings, quotes, list marks
    .replace(/(\*\*|__|~~|`+|\*|_)/g, '') // emphasis and code marks
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  // Cut after the last whole word, unless that would lose more than half.
  const space = plain[max - 1] === ' ' ? cut.length : cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
