/** docs/product/files-mail-logs.md / docs/product/specification.md §9 "maximum file size 5": PDF, JPEG or PNG, at most 5 MB. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

export type AttachmentProblem = 'type' | 'size';

/**
 * The client-side check, for a quick answer before upload. The server checks the content
 * itself (a renamed file fails there); here the browser's type, or the extension when the
 * browser gives none, is all there is.
 */
export function attachmentProblem(file: File): AttachmentProblem | null {
  const byType = (ATTACHMENT_TYPES as readonly string[]).includes(file.type);
  const byName = file.type === '' && /\.(pdf|jpe?g|png)$/i.test(file.name);
  if (!byType && !byName) return 'type';
  if (file.size > MAX_ATTACHMENT_BYTES) return 'size';
  return null;
}
