import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { AppError, type ErrorBody } from '@staff-portal/shared/errors';

/** `body.userId` or `params.id` → the field name the web app puts the message under. */
function fieldOf(instancePath: string): string | undefined {
  const parts = instancePath.split('/').filter(Boolean);
  return parts.length > 0 ? parts.join('.') : undefined;
}

/** PostgreSQL's codes for text it cannot store: NUL in text (22021) or in JSON (22P05). */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/** The database refused text of the request: the driver's error, or drizzle's wrapping it. */
function isUnstorableText(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 3; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNSTORABLE_TEXT.has(code)) return true;
  }
  return false;
}

/**
 * The one error handler: AppError → its status and `{code, message, field?}`; validation
 * errors → 400 naming the field; anything unexpected → logged with the request id and answered
 * as a 500 without internals.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, error.message);
        return reply.status(error.status).send(error.toBody());
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const first = error.validation[0];
        const field = first ? fieldOf(first.instancePath) : undefined;
        const body: ErrorBody = {
          code: 'VALIDATION_ERROR',
          message: first
            ? `${field ?? error.validationContext ?? 'request'}: ${first.message}`
            : 'The request is not valid.',
        };
        if (field) body.field = field;
        if (first) {
          const { reason, params } = issueDetail({ code: first.keyword, ...first.params });
          body.reason = reason;
          body.params = params;
        }
        return reply.status(400).send(body);
      }
      const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
      if (status >= 400 && status < 500) {
        // Fastify's own client errors: malformed JSON, unsupported media type, body too large...
        const code =
          status === 413
            ? 'PAYLOAD_TOO_LARGE'
            : status === 429
              ? 'RATE_LIMITED'
              : status === 404
                ? 'NOT_FOUND'
                : 'VALIDATION_ERROR';
        return reply.status(status).send({ code, message: error.message } satisfies ErrorBody);
      }
      if (isUnstorableText(error)) {
        // Input the NUL text rule (plugins/nul-text.ts) cannot see before the handler, such as the
        // fields of a multipart body: still the client's mistake, and the statement wrote nothing.
        return reply.status(400).send({
          code: 'VALIDATION_ERROR',
          message: 'The request holds text with the NUL character (\\u0000), which cannot be stored.',
          reason: 'nulText',
          params: {},
        } satisfies ErrorBody);
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({
        code: 'INTERNAL_ERROR',
        message: `An unexpected error occurred. Quote request id ${request.id} to your administrator.`,
      } satisfies ErrorBody);
    });
  },
  { name: 'errors' },
);
