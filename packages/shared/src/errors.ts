import { z } from 'zod';
import { ERROR_REASONS, type ErrorDetail, type ErrorReason, type ReasonParams } from './error-reasons';

/**
 * Stable, machine-readable error codes. The web app switches on these, so a code once
 * published is never renamed.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'PASSWORD_EXPIRED',
  /** Signed in, with the right department, but no staff leave record to act on yet. */
  'NO_STAFF_RECORD',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'NOT_READY',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_EXPIRED: 403,
  NO_STAFF_RECORD: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  NOT_READY: 503,
  INTERNAL_ERROR: 500,
};

/** The body of every error answer of the API. */
export const errorBodySchema = z.object({
  code: z.string(),
  message: z.string(),
  field: z.string().optional(),
  /** Why the field was refused, for the web app to word in the user's language (./error-reasons). */
  reason: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The one error type of the project. The server's error handler turns it into
 * `{code, message, field?}` with `status`; the web api-client turns such a body back into an
 * AppError and shows its message.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field: string | undefined;
  /** A refused field's reason and figures (validation errors), when the thrower gave one. */
  readonly detail: ErrorDetail | undefined;

  constructor(
    code: ErrorCode | (string & {}),
    message: string,
    options: { status?: number; field?: string; detail?: ErrorDetail } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? statusByCode[code as ErrorCode] ?? 500;
    this.field = options.field;
    this.detail = options.detail;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.detail === undefined ? {} : { reason: this.detail.reason, params: this.detail.params }),
    };
  }

  static fromBody(body: unknown, status: number): AppError {
    const parsed = errorBodySchema.safeParse(body);
    if (!parsed.success) {
      return new AppError('INTERNAL_ERROR', 'An unknown error has occurred.', { status });
    }
    const { code, message, field, reason, params } = parsed.data;
    const known = (ERROR_REASONS as readonly string[]).includes(reason ?? '');
    return new AppError(code, message, {
      status,
      ...(field === undefined ? {} : { field }),
      ...(known ? { detail: { reason: reason as ErrorReason, params: params ?? {} } } : {}),
    });
  }
}

export const isAppError = (value: unknown): value is AppError => value instanceof AppError;

/** A 400 naming the field; `reason` and its figures let the web app word it in the user's language. */
export const validationError = (message: string, field?: string, reason?: ErrorReason, params: ReasonParams = {}) =>
  new AppError('VALIDATION_ERROR', message, {
    ...(field === undefined ? {} : { field }),
    ...(reason === undefined ? {} : { detail: { reason, params } }),
  });
export const unauthenticated = (message = 'User needs to be authenticated to call this API.') =>
  new AppError('UNAUTHENTICATED', message);
export const forbidden = (message = 'You do not have permission to do this.') => new AppError('FORBIDDEN', message);
export const passwordExpired = (
  message = 'Your password has expired. Change your password to continue using the portal.',
) => new AppError('PASSWORD_EXPIRED', message);
export const notFound = (message = 'Not found.') => new AppError('NOT_FOUND', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
