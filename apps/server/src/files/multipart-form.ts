import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MAX_FILE_SIZE_MB } from '@staff-portal/shared/constants';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { isAppError, validationError } from '@staff-portal/shared/errors';
import { fieldName, findBadText } from '@staff-portal/shared/text';
import { MAX_ATTACHMENT_BYTES, type Attachment } from './attachments';

/**
 * Lets a route scope take `multipart/form-data` with at most `files` attachments (one unless
 * said) and a few fields, each at most `fieldSize` bytes. One byte over the size limit is enough
 * to tell a file is too large.
 */
export async function acceptAttachmentForms(
  app: FastifyInstance,
  { fields = 10, files = 1, fieldSize = 4096 }: { fields?: number; files?: number; fieldSize?: number } = {},
) {
  await app.register(multipart, {
    limits: { fileSize: MAX_ATTACHMENT_BYTES + 1, files, fields, fieldSize, parts: fields + files },
    throwFileSizeLimit: true,
  });
}

/** A form body as the route reads it: the text fields, and the file if one was sent. */
export interface AttachmentForm {
  fields: Record<string, string>;
  attachment?: Attachment;
}

/**
 * Reads a multipart body with at most one file, named `fileField`. Whatever is wrong with the
 * body itself (no boundary, cut short, too many parts, a file too large) is the sender's: a 400
 * that says what, never a 500, and nothing is written.
 */
export async function readAttachmentForm(request: FastifyRequest, fileField = 'attachment'): Promise<AttachmentForm> {
  const fields: Record<string, string> = {};
  let attachment: Attachment | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          throw validationError(`${part.fieldname}: only one file, named ${fileField}, can be sent.`, part.fieldname);
        }
        attachment = { data: await part.toBuffer(), filename: part.filename };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationError(`${fileField}: the attachment must be at most ${MAX_FILE_SIZE_MB} MB.`, fileField);
    }
    if (code === 'FST_FILES_LIMIT') throw validationError(`${fileField}: send only one attachment.`, fileField);
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationError('body: the form has more fields than this request takes.');
    }
    if (isAppError(error)) throw error;
    // Busboy's own complaints (no boundary, a body cut short, a malformed part) come without a
    // code of ours: the body could not be read as a form, which is the sender's to mend.
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw validationError('body: the form could not be read (it is incomplete or malformed). Send it again.');
  }
  return attachment ? { fields, attachment } : { fields };
}

/**
 * Validates a body the route read itself (a form) with the route's schema, as the schema
 * validator does for JSON: a 400 naming the first field.
 */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // A form's fields never pass the text rule's request hook (they are read here), so it runs here.
  const problem = findBadText(value);
  if (problem) {
    const field = problem.path.length > 0 ? fieldName(problem.path) : 'body';
    throw validationError(`${field}: ${problem.message}`, field, problem.reason);
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length > 0 ? issue.path.join('.') : undefined;
  const { reason, params } = issueDetail(issue);
  throw validationError(`${field ?? 'body'}: ${issue.message}`, field, reason, params);
}

/** A form body with any number of files, all under one field name (checked by the scope's limits). */
export interface AttachmentsForm {
  fields: Record<string, string>;
  attachments: Attachment[];
}

/**
 * Reads a multipart body whose files are all named `fileField`, at most `maxFiles` of them
 * (grievance actions: docs/product/ir.md §2). Its faults are the sender's, as readAttachmentForm's.
 */
export async function readAttachmentsForm(
  request: FastifyRequest,
  fileField: string,
  maxFiles: number,
): Promise<AttachmentsForm> {
  const fields: Record<string, string> = {};
  const attachments: Attachment[] = [];
  const tooMany = () =>
    validationError(`${fileField}: send at most ${maxFiles} files.`, fileField, 'tooManyAttachments', {
      maximum: maxFiles,
    });
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== fileField) {
          throw validationError(`${part.fieldname}: files can be sent only as ${fileField}.`, part.fieldname);
        }
        if (attachments.length >= maxFiles) throw tooMany();
        attachments.push({ data: await part.toBuffer(), filename: part.filename });
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw validationError(`${fileField}: each file must be at most ${MAX_FILE_SIZE_MB} MB.`, fileField);
    }
    if (code === 'FST_FILES_LIMIT') throw tooMany();
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw validationError('body: the form has more fields than this request takes.');
    }
    if (isAppError(error)) throw error;
    request.log.debug({ err: error }, 'unreadable multipart body');
    throw validationError('body: the form could not be read (it is incomplete or malformed). Send it again.');
  }
  return { fields, attachments };
}
