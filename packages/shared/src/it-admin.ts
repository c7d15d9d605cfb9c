import { z } from 'zod';
import { because } from './error-reasons';

const isoDateSchema = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

/**
 * The IT admin API under `/api/it-admin` (docs/product/screens.md §15), ITAdmin only: the
 * activity explorer (the logging API's entries and the server's audit trail in one view), the
 * system's status, and the outbox of e-mails and text messages.
 */

/** Where an activity entry comes from: the logging API (sign-in and sign-out), or the server's audit of a change. */
export const ACTIVITY_SOURCES = ['log', 'audit'] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

/**
 * Every area of the activity explorer and the actions recorded in it (decision records 0038 and 0092;
 * docs/product/files-mail-logs.md §2): the filters offer them as choices, worded in the user's
 * language. `sign-in` holds the logging API's entries and the sign-ins the identity service
 * refused (`LoginFailed`); the others are the audit trail's. The server's audit entries are typed
 * by this list, so a new action fails the type check until it is here (and worded).
 */
export const ACTIVITY_ACTIONS = {
  'sign-in': ['Login', 'Logout', 'LoginFailed'],
  'access-control': [
    'account.create',
    'account.departments',
    'account.disable',
    'account.enable',
    'account.reset-password',
    'account.sign-out',
    'account.resend-invitation',
    'account.delete',
    'account.staff-link',
    'account.staff-unlink',
  ],
  leave: [
    'request.apply',
    'request.approve',
    'request.reject',
    'request.cancel',
    'cancellation.approve',
    'cancellation.reject',
  ],
  'leave-admin': [
    'entitlement.set',
    'adjustment.add',
    'leave-type.update',
    'holiday.add',
    'holiday.update',
    'holiday.delete',
    'holiday.import',
    'carry-forward.apply',
    'carry-forward.reverse',
    'report.export',
  ],
  'staff-records': ['staff.create', 'staff.update'],
  'staff-movement': [
    'movement.create',
    'movement.delete',
    'delegation.create',
    'delegation.delete',
    'feed.create',
    'feed.revoke',
  ],
  ir: [
    'case.open',
    'case.action',
    'case.close',
    'case.reopen',
    'case.assign',
    'category.create',
    'category.update',
    'member.reveal-nric',
    'member.import',
    'member.export',
    'case.export',
  ],
  posts: [
    'post.create',
    'post.update',
    'post.unpublish',
    'post.delete',
    'post.duplicate',
    'attachment.add',
    'attachment.delete',
  ],
  'it-admin': ['outbox.open', 'outbox.retry', 'activity.export'],
} as const;
export type ActivityArea = keyof typeof ACTIVITY_ACTIONS;
export const ACTIVITY_AREAS = Object.keys(ACTIVITY_ACTIONS) as ActivityArea[];
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[ActivityArea][number];
/** The audit trail's areas and actions: every one but the sign-in entries'. */
export type AuditArea = Exclude<ActivityArea, 'sign-in'>;
export type AuditAction = (typeof ACTIVITY_ACTIONS)[AuditArea][number];

/** The sign-in area, and the action under which the identity service records a refused sign-in. */
export const SIGN_IN_AREA = 'sign-in';
export const SIGN_IN_REFUSED_ACTION = 'LoginFailed';

/**
 * Why the embedded identity service refused a sign-in of an account (decision record 0078): a
 * wrong password or code, a lock after repeated failures, a disabled account, a password that an
 * administrator reset, a temporary password that has expired, an account not yet confirmed.
 */
export const SIGN_IN_REFUSALS = [
  'wrong-password',
  'wrong-code',
  'locked',
  'disabled',
  'reset-required',
  'temporary-password-expired',
  'unconfirmed',
] as const;
export type SignInRefusal = (typeof SIGN_IN_REFUSALS)[number];

const shortText = (max: number) => z.string().trim().min(1).max(max, `must be at most ${max} characters`);

/** `GET /it-admin/activity`: newest first, keyset-paged by the opaque `after` of the previous page. */
export const activityQuerySchema = z
  .object({
    /** The user who acted: their id, or the start of their e-mail. */
    user: shortText(254).optional(),
    source: z.enum(ACTIVITY_SOURCES).optional(),
    area: shortText(64).optional(),
    action: shortText(64).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    /** Free text, found in the target, the action and what changed. */
    q: shortText(100).optional(),
    after: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    message: 'must not be before the start',
    path: ['to'],
    ...because('endBeforeStart'),
  });
export type ActivityQuery = z.input<typeof activityQuerySchema>;

export const activityEntrySchema = z.object({
  /** `log:<n>` or `audit:<n>`. */
  id: z.string(),
  source: z.enum(ACTIVITY_SOURCES),
  at: z.string(),
  userId: z.string(),
  /** Who that was: their e-mail and name when the entry was made (null for older entries that did not keep them). */
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  area: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /**
   * A log entry's own fields (request, url, stream, the client's logDate); for a sign-in the
   * identity service refused, the reason (one of SIGN_IN_REFUSALS) and the stream `identity`.
   */
  details: z.record(z.string(), z.string()).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass as `after` for the next page; null on the last. */
  next: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** `GET /it-admin/status`. */
export const systemStatusSchema = z.object({
  version: z.string(),
  commit: z.string().nullable(),
  startedAt: z.string(),
  uptimeSeconds: z.number(),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    sizeBytes: z.number().nullable(),
    migrations: z.number().int(),
    latestMigration: z.string().nullable(),
  }),
  identity: z.object({ mode: z.enum(['embedded', 'cognito']), userPoolId: z.string() }),
  mail: z.object({
    mode: z.enum(['outbox', 'smtp']),
    lastDeliveryError: z.string().nullable(),
    lastDeliveryErrorAt: z.string().nullable(),
  }),
  outbox: z.object({ waiting: z.number().int(), failed: z.number().int() }),
  readCache: z.object({ hits: z.number().int(), misses: z.number().int(), hitRate: z.number().nullable() }),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const OUTBOX_STATES = ['waiting', 'delivered', 'failed', 'kept'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** `GET /it-admin/outbox`: newest first, keyset-paged. The body is left out (it may hold a code). */
export const outboxQuerySchema = z.object({
  recipient: shortText(254).optional(),
  state: z.enum(OUTBOX_STATES).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type OutboxQuery = z.input<typeof outboxQuerySchema>;

export const outboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  /** waiting: to be sent; delivered: handed to SMTP; failed: tried and given up or waiting to retry with an error; kept: embedded mode, never sent. */
  state: z.enum(OUTBOX_STATES),
  attempts: z.number().int(),
  deliveredAt: z.string().nullable(),
  deliveryError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({ items: z.array(outboxMessageSchema), next: z.number().int().nullable() });
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const outboxParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** `GET /it-admin/outbox/{id}`: one message with its body; opening it is audited. */
export const outboxMessageDetailSchema = outboxMessageSchema.extend({ body: z.string() });
export type OutboxMessageDetail = z.infer<typeof outboxMessageDetailSchema>;
