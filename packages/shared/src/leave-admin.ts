import { z } from 'zod';
import { because } from './error-reasons';
import {
  LEAVE_TYPE_ID,
  genderSchema,
  leaveBalanceSchema,
  leaveTypeSchema,
  pageQuerySchema,
  proRataSchema,
  serviceTierSchema,
  staffRecordSchema,
} from './leave';

/**
 * The E-Leave administration contract (docs/product/screens.md: LeaveAdminPage and UpdateLeaveUserPage, §5,
 * §5a): every endpoint here is ADMIN only (HRAdmin, ITAdmin). Paths are relative to the leave API
 * base, like those of `./leave`. The staff search and the record update live in `./leave`.
 */

const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const year = z.coerce.number().int().min(2000, 'must be 2000–2100').max(2100, 'must be 2000–2100');
/** Days in the half days the counting works in. */
const halfDays = (min: number, max: number) =>
  z
    .number()
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .refine((value) => Number.isInteger(value * 2), { message: 'must be whole or half days', ...because('halfDays') });

/** `GET /leave/admin/staff/:staffId`: the record with its identity link (the `sub`, or null when not linked yet). */
export const staffDetailSchema = staffRecordSchema.extend({ identitySub: z.string().nullable() });
export type StaffDetail = z.infer<typeof staffDetailSchema>;

export const adjustmentSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  leaveTypeId: z.string(),
  days: z.number(),
  reason: z.string(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;

/** One type's balance as the admin sees it: the parts, and whether the entitlement is overridden. */
export const adminBalanceSchema = leaveBalanceSchema.extend({
  /** The admin's override of the entitled days, or null when the type's service-year rule decides. */
  entitledOverride: z.number().nullable(),
  /** The days carried into the year, as recorded; `carried` is what of them still counts on the date. */
  carriedForward: z.number(),
  carriedExpiresOn: z.string().nullable(),
});
export type AdminBalance = z.infer<typeof adminBalanceSchema>;

/** `GET /leave/admin/staff/:staffId/balances?year=`. */
export const staffBalancesSchema = z.object({
  staffId: z.string(),
  year: z.number().int(),
  balances: z.array(adminBalanceSchema),
  adjustments: z.array(adjustmentSchema),
});
export type StaffBalances = z.infer<typeof staffBalancesSchema>;

export const yearQuerySchema = z.object({ year: year.optional() });

/** `PUT /leave/admin/staff/:staffId/entitlements/:year/:leaveTypeId`: override (or null: the rule) and carried days. */
export const entitlementInputSchema = z.object({
  entitled: halfDays(0, 366).nullable(),
  carried: halfDays(0, 366).optional(),
});
export type EntitlementInput = z.infer<typeof entitlementInputSchema>;

/** `POST /leave/admin/staff/:staffId/adjustments`: ± days (e.g. off-in-lieu credits) with a reason. */
export const adjustmentInputSchema = z.object({
  year: year,
  leaveTypeId: z.string().regex(LEAVE_TYPE_ID, 'must be a leave type id (LVE0001–LVE0022)'),
  days: halfDays(-366, 366).refine((value) => value !== 0, { message: 'must not be 0', ...because('notZero') }),
  reason: z.string().trim().min(1, 'a reason is required').max(500),
});
export type AdjustmentInput = z.infer<typeof adjustmentInputSchema>;

/** `GET /leave/admin/staff/:staffId/requests`: their requests, newest first; paged. */
export const staffRequestsQuerySchema = pageQuerySchema.extend({
  year: year.optional(),
  status: z.coerce.number().int().min(0).max(5).optional(),
});

/** Carry-forward rule of a type: at most `cap` days into the next year, lapsing after `expiry` (MM-DD). */
export const carryForwardRuleSchema = z.object({
  cap: halfDays(0, 366).nullable(),
  expiry: z
    .string()
    // abort: the day check below parses the value as a date, which throws for what is not one.
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { message: 'must be a month and day (MM-DD)', abort: true })
    // A day every year has (so not 29 February): it must survive a round trip through a date of 2001.
    .refine((value) => new Date(Date.parse(`2001-${value}T00:00:00Z`)).toISOString().slice(5, 10) === value, {
      message: 'no such day',
      ...because('noSuchDay'),
    })
    .nullable(),
});

export const adminLeaveTypeSchema = leaveTypeSchema.extend({
  carryForwardCap: z.number().nullable(),
  carryForwardExpiry: z.string().nullable(),
});
export type AdminLeaveType = z.infer<typeof adminLeaveTypeSchema>;

/** `PUT /leave/admin/types/:id`: everything but the id; tiers strictly ascending by years. */
export const leaveTypeInputSchema = z.object({
  name: z.string().trim().min(1, 'a name is required').max(100),
  defaultDays: halfDays(0, 366),
  serviceTiers: z
    .array(serviceTierSchema.extend({ days: halfDays(0, 366) }))
    .max(20)
    .nullable()
    .refine(
      (tiers) =>
        tiers === null || tiers.every((tier, index) => index === 0 || tier.minYears > tiers[index - 1]!.minYears),
      { message: 'tiers must be in ascending order of years of service, each year once', ...because('tiersAscending') },
    ),
  cancellable: z.boolean(),
  attachmentRequired: z.boolean(),
  halfDayAllowed: z.boolean(),
  balanceLimited: z.boolean(),
  accruesMonthly: z.boolean(),
  active: z.boolean(),
  eligibleGender: genderSchema.nullable(),
  minServiceMonths: z
    .number()
    .int('must be whole months')
    .min(0, 'must be between 0 and 600 months')
    .max(600, 'must be between 0 and 600 months'),
  proRata: proRataSchema,
  includesDaysOf: z.string().regex(LEAVE_TYPE_ID, 'must be a leave type id (LVE0001–LVE0022)').nullable(),
  carryForwardCap: carryForwardRuleSchema.shape.cap,
  carryForwardExpiry: carryForwardRuleSchema.shape.expiry,
});
export type LeaveTypeInput = z.infer<typeof leaveTypeInputSchema>;

/** Malaysian states and federal territories by their ISO 3166-2:MY number (date-holidays' codes). */
export const MALAYSIAN_STATES = {
  '01': 'Johor',
  '02': 'Kedah',
  '03': 'Kelantan',
  '04': 'Melaka',
  '05': 'Negeri Sembilan',
  '06': 'Pahang',
  '07': 'Pulau Pinang',
  '08': 'Perak',
  '09': 'Perlis',
  '10': 'Selangor',
  '11': 'Terengganu',
  '12': 'Sabah',
  '13': 'Sarawak',
  '14': 'W.P. Kuala Lumpur',
  '15': 'W.P. Labuan',
  '16': 'W.P. Putrajaya',
} as const;
export type MalaysianState = keyof typeof MALAYSIAN_STATES;
const stateCodes = Object.keys(MALAYSIAN_STATES) as [MalaysianState, ...MalaysianState[]];

export const holidayImportInputSchema = z.object({
  year,
  state: z.enum(stateCodes, { message: 'must be a Malaysian state code (01–16)' }),
});
export const holidayImportResultSchema = z.object({ imported: z.number().int(), region: z.string() });
export type HolidayImportResult = z.infer<typeof holidayImportResultSchema>;

/** A holiday's key: its date and region (e.g. MY-14). */
export const holidayKeySchema = z.object({
  date: isoDate,
  region: z.string().regex(/^MY(-(0[1-9]|1[0-6]))?$/, 'must be MY or MY-01 … MY-16'),
});
export const holidayInputSchema = holidayKeySchema.extend({
  name: z.string().trim().min(1, 'a name is required').max(200),
});
export type HolidayInput = z.infer<typeof holidayInputSchema>;

/** `POST /leave/admin/carry-forward/preview|apply` {fromYear}: from that year's end into the next. */
export const carryForwardInputSchema = z.object({ fromYear: year });

export const carryForwardRowSchema = z.object({
  staffId: z.string(),
  staffName: z.string(),
  departmentCode: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  /** Available at the end of `fromYear`. */
  available: z.number(),
  /** min(cap, available), never negative. */
  carried: z.number(),
  /** When the carried days lapse in the next year, or null if they do not. */
  expiresOn: z.string().nullable(),
});
export type CarryForwardRow = z.infer<typeof carryForwardRowSchema>;

export const carryForwardRunSchema = z.object({
  id: z.number().int(),
  fromYear: z.number().int(),
  rows: z.number().int(),
  days: z.number(),
  appliedBy: z.string(),
  appliedAt: z.string(),
  reversedBy: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type CarryForwardRun = z.infer<typeof carryForwardRunSchema>;

export const carryForwardPreviewSchema = z.object({ fromYear: z.number().int(), rows: z.array(carryForwardRowSchema) });
export type CarryForwardPreview = z.infer<typeof carryForwardPreviewSchema>;

/** `GET /leave/admin/reports/utilisation?year=`: days by department and type. */
export const utilisationRowSchema = z.object({
  departmentCode: z.string(),
  departmentName: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  /** Staff with at least one approved or pending request of the type that year. */
  staffCount: z.number().int(),
  daysTaken: z.number(),
  daysPending: z.number(),
});
export type UtilisationRow = z.infer<typeof utilisationRowSchema>;
export const utilisationReportSchema = z.object({ year: z.number().int(), rows: z.array(utilisationRowSchema) });
export type UtilisationReport = z.infer<typeof utilisationReportSchema>;
