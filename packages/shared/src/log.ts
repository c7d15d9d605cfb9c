import { z } from 'zod';
import { because } from './error-reasons';

/**
 * The stream of the entries the embedded identity service records itself (a refused sign-in,
 * decision record 0078): the logging API does not take it, so that nobody writes one.
 */
export const IDENTITY_STREAM = 'identity';

/**
 * Body of `POST {logApiUrl}/log/` (docs/product/specification.md §7): what the web app records on sign-in and sign-out.
 * `logDate` is the client's own stamp (the seed sends "now plus 8 hours" in ISO form); the server
 * keeps its own receive time beside it.
 */
export const logEntryInputSchema = z.object({
  userId: z.string().trim().min(1, 'userId is required').max(128),
  action: z.string().trim().min(1, 'action is required').max(100),
  request: z.string().max(10_000),
  url: z.string().max(2048),
  stream: z
    .string()
    .trim()
    .min(1, 'stream is required')
    .max(100)
    .refine((stream) => stream !== IDENTITY_STREAM, {
      message: `stream ${IDENTITY_STREAM} is kept for the identity service's own entries`,
      ...because('invalidChoice'),
    }),
  logDate: z.iso.datetime({ offset: true, local: true, message: 'logDate must be an ISO date-time' }),
});
export type LogEntryInput = z.infer<typeof logEntryInputSchema>;

export const logEntrySchema = logEntryInputSchema.extend({
  id: z.string(),
  receivedAt: z.string(),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

/** The seed's stream names for the sign-in and sign-out entries. */
export const LOGIN_LOGOUT_STREAM = 'login/logout';
