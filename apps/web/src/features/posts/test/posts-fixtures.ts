import { adminPostSchema } from '@staff-portal/shared/posts';
import type { AdminPost } from '@staff-portal/shared/posts';

/** The double's clock: posts' statuses follow it (decision record 0048). */
export const NOW = new Date('2026-06-15T04:00:00.000Z');

let sequence = 0;
/** A post id (a GUID, as the API's params schema asks). */
export const postId = (n: number) => `6f1c2d3e-4b5a-4c6d-8e7f-${String(n).padStart(12, '0')}`;

/** A post as the admin API answers it, checked by the shared schema; override what a test is about. */
export function adminPost(overrides: Partial<AdminPost> = {}): AdminPost {
  sequence += 1;
  const body = overrides.body ?? 'The office is closed on **Monday**.';
  return adminPostSchema.parse({
    id: postId(sequence),
    kind: 'announcement',
    title: `Post ${sequence}`,
    excerpt: body.slice(0, 200),
    body,
    audience: 'everyone',
    publishAt: null,
    expireAt: null,
    status: 'draft',
    pinned: false,
    emailAudience: false,
    emailedAt: null,
    emailRecipients: null,
    authorId: 'admin-1',
    authorName: 'Hana Admin',
    lastEditorId: 'admin-1',
    lastEditorName: 'Hana Admin',
    createdAt: `2026-06-${String(Math.min(sequence, 28)).padStart(2, '0')}T01:00:00.000Z`,
    updatedAt: `2026-06-${String(Math.min(sequence, 28)).padStart(2, '0')}T01:00:00.000Z`,
    attachments: [],
    attachmentCount: 0,
    seen: null,
    ...overrides,
  });
}
