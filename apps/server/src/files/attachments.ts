import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { MAX_FILE_SIZE_MB } from '@staff-portal/shared/constants';
import { validationError } from '@staff-portal/shared/errors';

/**
 * Attachments (docs/product/files-mail-logs.md): PDF, JPEG or PNG, at most 5 MB, told by their
 * content rather than their name, kept in the database so every replica serves them. Every
 * module that takes files (leave requests, grievance actions, posts) uses these rules.
 */

export const MAX_ATTACHMENT_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

export type AttachmentMime = 'application/pdf' | 'image/jpeg' | 'image/png';

/** An uploaded file as the form carried it. */
export interface Attachment {
  data: Buffer;
  filename: string;
}

/** A file that passed the rules, ready to be stored. */
export interface CheckedAttachment {
  data: Buffer;
  name: string;
  mime: AttachmentMime;
  size: number;
}

/** The attachment types allowed, told by their first bytes rather than their name. */
export function detectAttachmentType(data: Buffer): AttachmentMime | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return undefined;
}

/** Checks size and type, and keeps only the file's own name (no path), as 200 characters at most. */
export function checkAttachment(attachment: Attachment, field = 'attachment'): CheckedAttachment {
  if (attachment.data.length > MAX_ATTACHMENT_BYTES) {
    throw validationError(`The attachment must be at most ${MAX_FILE_SIZE_MB} MB.`, field);
  }
  const mime = detectAttachmentType(attachment.data);
  if (!mime) {
    throw validationError(
      'The attachment must be a PDF, JPEG or PNG file (checked by its content, not its name).',
      field,
    );
  }
  const name = attachment.filename.replace(/^.*[\\/]/, '').slice(0, 200) || 'attachment';
  return { data: attachment.data, name, mime, size: attachment.data.length };
}

/**
 * Sends stored bytes as a download under their own name, non-ASCII included: `filename*` in
 * UTF-8 as RFC 6266 says, with an ASCII `filename` for clients that know no better.
 */
export function sendDownload(
  reply: FastifyReply,
  file: { data: Buffer | Uint8Array | Readable; name: string | null; mime: string | null },
) {
  return reply
    .header('content-type', file.mime ?? 'application/octet-stream')
    .header('content-disposition', contentDisposition(file.name ?? 'attachment'))
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
