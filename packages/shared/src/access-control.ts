import { z } from 'zod';

/**
 * The access-control API under `/api/access-control` (docs/product/screens.md §14,
 * docs/product/access.md §3, §5): the organisation's identity accounts, ADMIN only. Every operation
 * goes to the identity provider's admin API; the rules of who may change what are in
 * `./access-control-rules`.
 */

/** An account's id: its `sub`, a UUID with Cognito and with the embedded service alike. */
export const accountIdSchema = z.guid({ message: 'must be an identity account id (a UUID)' });
export const accountParamsSchema = z.object({ username: accountIdSchema });

/** Cognito's user statuses, as ListUsers reports them. */
export const ACCOUNT_STATUSES = [
  'CONFIRMED',
  'FORCE_CHANGE_PASSWORD',
  'RESET_REQUIRED',
  'UNCONFIRMED',
  'ARCHIVED',
  'COMPROMISED',
  'UNKNOWN',
  'EXTERNAL_PROVIDER',
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** What the list can be filtered by: a user status, or "disabled" (an account of any status that is disabled). */
export const ACCOUNT_STATUS_FILTERS = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD', 'RESET_REQUIRED', 'DISABLED'] as const;
export type AccountStatusFilter = (typeof ACCOUNT_STATUS_FILTERS)[number];

export const ACCOUNT_SORTS = ['email', 'name', 'created', 'modified'] as const;
export type AccountSort = (typeof ACCOUNT_SORTS)[number];

const departmentName = z.string().trim().min(1, 'a department is required').max(128, 'must be at most 128 characters');

export const accountSchema = z.object({
  username: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  departments: z.array(z.string()),
  status: z.string(),
  enabled: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

/** `GET /access-control/accounts`: a page of accounts, filtered and sorted on the server. */
export const accountListQuerySchema = z.object({
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  department: departmentName.optional(),
  status: z.enum(ACCOUNT_STATUS_FILTERS).optional(),
  sort: z.enum(ACCOUNT_SORTS).default('email'),
  order: z.enum(['asc', 'desc']).default('asc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type AccountListQuery = z.input<typeof accountListQuerySchema>;

export const accountPageSchema = z.object({
  items: z.array(accountSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AccountPage = z.infer<typeof accountPageSchema>;

/** One entry of the server's audit trail, as the account page and the IT admin page show it. */
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string().nullable(),
  area: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  targetLabel: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A staff leave record as the account page shows it. */
export const accountStaffRecordSchema = z.object({
  staffId: z.string(),
  displayName: z.string(),
  email: z.string(),
  departmentCode: z.string(),
  approverStaffId: z.string().nullable(),
  approverName: z.string().nullable(),
  active: z.boolean(),
});
export type AccountStaffRecord = z.infer<typeof accountStaffRecordSchema>;

/** `GET /access-control/accounts/{username}`: the account, what the caller may do to it, and its recent audit. */
export const accountDetailSchema = z.object({
  account: accountSchema,
  /** Whether this account has ever signed in (one that has can be disabled, not deleted). */
  signedInOnce: z.boolean(),
  /** The departments this caller may grant or revoke on this account. */
  grantable: z.array(z.string()),
  audit: z.array(auditEntrySchema),
  /** The staff leave record linked to this account (by its `sub`), or null (decision record 0039). */
  staffRecord: accountStaffRecordSchema.nullable(),
  /**
   * When none is linked: the unlinked record with the account's e-mail, offered as the link to
   * make (the account's first sign-in with a verified e-mail would link it too). Else null.
   */
  suggestedStaffRecord: accountStaffRecordSchema.nullable(),
});
export type AccountDetail = z.infer<typeof accountDetailSchema>;

const recordEmail = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .pipe(z.email({ message: 'must be an e-mail address' }))
  .transform((email) => email.toLowerCase());

/**
 * `PUT /access-control/accounts/{username}/staff-record`: link this existing staff record to the
 * account. It must have no account yet and the account's e-mail; the account must have none.
 */
export const linkStaffRecordInputSchema = z.strictObject({
  staffId: z.string().regex(/^LVUSR\d{10}$/, 'must be a staff id (LVUSR + 10 digits)'),
});
export type LinkStaffRecordInput = z.input<typeof linkStaffRecordInputSchema>;

/**
 * `DELETE /access-control/accounts/{username}/staff-record`: unlink the account's staff record;
 * the record keeps its data. While the record has the account's e-mail, the first sign-in would
 * link it again, so the record's new e-mail (`email`) is then required (decision record 0039).
 */
export const unlinkStaffRecordInputSchema = z.strictObject({
  email: recordEmail.optional(),
});
export type UnlinkStaffRecordInput = z.input<typeof unlinkStaffRecordInputSchema>;

/** What a link or unlink answers: the account's staff record now, and the suggested one. */
export const accountStaffLinkSchema = accountDetailSchema.pick({ staffRecord: true, suggestedStaffRecord: true });
export type AccountStaffLink = z.infer<typeof accountStaffLinkSchema>;

/**
 * `GET /access-control/departments`: every department an account can be given, by its code (the
 * identity group) and the name the organisation gives it (null where it gives none).
 */
export const departmentOptionSchema = z.object({ code: z.string(), name: z.string().nullable() });
export type DepartmentOption = z.infer<typeof departmentOptionSchema>;
export const departmentListSchema = z.array(departmentOptionSchema);

const departmentList = z
  .array(departmentName)
  .max(20, 'must name at most 20 departments')
  .transform((names) => [...new Set(names)]);

/**
 * `POST /access-control/accounts`: invite a new colleague; the temporary password goes out by
 * e-mail. Unknown fields are refused, not ignored: an account is not created on a guess.
 */
export const createAccountInputSchema = z.strictObject({
  email: z
    .string()
    .trim()
    .max(254, 'must be at most 254 characters')
    .pipe(z.email({ message: 'must be an e-mail address' }))
    .transform((email) => email.toLowerCase()),
  name: z.string().trim().min(1, 'a name is required').max(100, 'must be at most 100 characters'),
  departments: departmentList,
});
export type CreateAccountInput = z.input<typeof createAccountInputSchema>;

/** `PUT /access-control/accounts/{username}/departments`: the account's departments, whole. */
export const setDepartmentsInputSchema = z.strictObject({ departments: departmentList });
export type SetDepartmentsInput = z.input<typeof setDepartmentsInputSchema>;

/** The actions on one account, each `POST /access-control/accounts/{username}/{action}`. */
export const ACCOUNT_ACTIONS = ['disable', 'enable', 'reset-password', 'sign-out', 'resend-invitation'] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];
export const accountActionParamsSchema = accountParamsSchema.extend({ action: z.enum(ACCOUNT_ACTIONS) });
