import { MAX_POST_ATTACHMENTS, POST_ATTACHMENT_MB } from '@staff-portal/shared/posts';

/** docs/product/files-mail-logs.md §1: PDF, JPEG or PNG, at most 5 MB each (the server checks the content itself). */
export const MAX_ATTACHMENT_BYTES = POST_ATTACHMENT_MB * 1024 * 1024;
const TYPES = ['application/pdf', 'image/jpeg', 'image/png'];
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export type AttachmentProblem =
  { problem: 'wrongType'; name: string } | { problem: 'tooBig'; name: string } | { problem: 'tooMany'; room: number };

/**
 * What is wrong with files chosen for a post that already holds `held`, or null. The browser's
 * type (or the extension when it gives none) is all there is here; the server reads the content.
 */
export function attachmentProblem(files: readonly File[], held: number): AttachmentProblem | null {
  const room = Math.max(MAX_POST_ATTACHMENTS - held, 0);
  if (files.length > room) return { problem: 'tooMany', room };
  for (const file of files) {
    const typed = TYPES.includes(file.type) || (file.type === '' && /\.(pdf|jpe?g|png)$/i.test(file.name));
    if (!typed) return { problem: 'wrongType', name: file.name };
    if (file.size > MAX_ATTACHMENT_BYTES) return { problem: 'tooBig', name: file.name };
  }
  return null;
}
