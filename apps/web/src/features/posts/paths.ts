import type { PostKind } from '@staff-portal/shared/posts-rules';

/**
 * The posts screens' paths (docs/product/screens.md §13, app/route-table.ts): each kind has its
 * list, and the one create and edit screen under it.
 */
const BASE: Record<PostKind, string> = { announcement: '/announcements', staffInfo: '/staff-info' };

export const listPath = (kind: PostKind) => BASE[kind];
export const createPath = (kind: PostKind) => `${BASE[kind]}/create`;
export const editPath = (kind: PostKind, id: string) => `${BASE[kind]}/${encodeURIComponent(id)}`;

/** The kind a path is under: `/staff-info…` is staff information, anything else an announcement. */
export const kindOfPath = (pathname: string): PostKind =>
  pathname === BASE.staffInfo || pathname.startsWith(`${BASE.staffInfo}/`) ? 'staffInfo' : 'announcement';
