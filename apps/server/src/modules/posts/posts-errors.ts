import { notFound } from '@staff-portal/shared/errors';

/**
 * A post that does not exist, one not published now and one outside the reader's audience get the
 * same answer, so nothing about it is revealed (docs/product/access.md §3, decision record 0048).
 */
export const noSuchPost = () => notFound('There is no such post.');

export const noSuchAttachment = () => notFound('The post has no such attachment.');
