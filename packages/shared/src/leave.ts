import { z } from 'zod';
import { because } from './error-reasons';

/**
 * The E-Leave contract shared by the server and the web app: the seed's codes (§3, §4, §9) and
 * the API's request and response shapes. Paths are relative to the runtime config's
 * `api.leaveApiUrl` (default `/api`), so `/leave/me` is `GET /api/leave/me`.
 */

/** Leave status codes (docs/product/specification.md §4). 4 is asked by the applicant, 5 by an HR admin for them (docs/product/departures.md). */
export const LEAVE_STATUS = {
  PENDING: 0,
  APPROVED: 1,
  REJECTED: 2,
  CANCELLED: 3,
  PENDING_CANCELLATION: 4,
  PENDING_CANCELLATION_BY_ADMIN: 5,
} as const;
export type LeaveStatus = (typeof LEAVE_STATUS)[keyof typeof LEAVE_STATUS];
export const leaveStatusSchema = z.union([
  z.literal(0),
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
]);

/** Seed §4's names and §9's colours; any other value shows "-". */
export function leaveStatusLabel(status: number): string {
  switch (status) {
    case 0:
      return 'PENDING';
    case 1:
      return 'APPROVED';
    case 2:
      return 'REJECTED';
    case 3:
      return 'CANCELLED';
    case 4:
    case 5:
      return 'PENDING CANCELLATION';
    default:
      return '-';
  }
}

/** Seed §9 status colours: amber, green, red, grey, orange; `undefined` for an unknown code. */
export function leaveStatusColour(status: number): string | undefined {
  return ({ 0: '#f0ad4e', 1: '#5cb85c', 2: '#d9534f', 3: '#8a8a8a', 4: '#FF8C00', 5: '#FF8C00' } as const)[
    status as LeaveStatus
  ];
}

/** Day type (docs/product/specification.md §4): 0 whole day(s), 1 morning, 2 afternoon; a half day counts 0.5. */
export const DAY_TYPE = { WD: 0, AM: 1, PM: 2 } as const;
export type DayType = (typeof DAY_TYPE)[keyof typeof DAY_TYPE];
export const dayTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export const DAY_TYPE_LABELS: Record<DayType, string> = { 0: 'WD', 1: 'AM', 2: 'PM' };

export const LEAVE_TYPE_ID = /^LVE\d{4}$/;
export const STAFF_ID = /^LVUSR\d{10}$/;
/** `LV` + yyyymmddhhmm + 6 random digits (docs/product/specification.md §3). */
export const REFERENCE_ID = /^LV\d{12}\d{6}$/;

const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });

/** `:referenceId` of the request routes. */
export const referenceParamsSchema = z.object({
  referenceId: z.string().regex(REFERENCE_ID, 'must be a leave reference id (LV + 18 digits)'),
});

/** `:staffId` of the staff record routes. */
export const staffParamsSchema = z.object({
  staffId: z.string().regex(STAFF_ID, 'must be a staff id (LVUSR + 10 digits)'),
});

export const GENDERS = ['F', 'M'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/**
 * How a type's entitlement is pro-rated in a year of joining or leaving, by the completed months
 * of service in it (Employment Act 1955 s60E(1A)): not at all; to the nearest whole day, half a
 * day counting as a whole one (the Act's rounding); down to the whole day; down to the half day.
 */
export const PRO_RATA_ROUNDINGS = ['off', 'nearest-day', 'down-to-day', 'down-to-half-day'] as const;
export const proRataSchema = z.enum(PRO_RATA_ROUNDINGS);
export type ProRata = z.infer<typeof proRataSchema>;

export const serviceTierSchema = z.object({
  minYears: z.number().int().min(0).max(60),
  days: z.number().min(0).max(366),
});

export const leaveTypeSchema = z.object({
  id: z.string().regex(LEAVE_TYPE_ID),
  name: z.string().trim().min(1).max(100),
  defaultDays: z.number().min(0).max(366),
  serviceTiers: z.array(serviceTierSchema).nullable(),
  cancellable: z.boolean(),
  attachmentRequired: z.boolean(),
  halfDayAllowed: z.boolean(),
  balanceLimited: z.boolean(),
  /** The year's entitlement is earned a twelfth each month rather than all on 1 January. */
  accruesMonthly: z.boolean(),
  active: z.boolean(),
  /** Only for staff of this gender (maternity for women, paternity for men); null: everyone. */
  eligibleGender: genderSchema.nullable(),
  /** Completed months of service needed by the first day of leave (paternity: 12). */
  minServiceMonths: z.number().int().min(0).max(600),
  /** Pro-rating in a year of joining or leaving (annual leave: to the nearest day). */
  proRata: proRataSchema,
  /**
   * This type's allowance includes the days of that type (hospitalisation's 60 days a year are
   * inclusive of sick leave): those days count against it too, and that type can be taken only
   * while this one has days left. Null: none.
   */
  includesDaysOf: z.string().regex(LEAVE_TYPE_ID).nullable(),
});
export type LeaveType = z.infer<typeof leaveTypeSchema>;

/** Why a person cannot take a type (as at a date): the type is for the other gender, or needs more service. */
export const ineligibilitySchema = z.discriminatedUnion('reason', [
  z.object({ reason: z.literal('gender'), gender: genderSchema }),
  z.object({
    reason: z.literal('service'),
    minServiceMonths: z.number().int(),
    /** The first day the service is complete. */
    from: z.string(),
  }),
]);
export type Ineligibility = z.infer<typeof ineligibilitySchema>;

const typeRefSchema = z.object({ leaveTypeId: z.string(), leaveTypeName: z.string() });

/** One leave type's balance for a year, as at a date (docs/product/leave.md; decision record 0029). */
export const leaveBalanceSchema = z.object({
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  /** The entitlement earned by the date: the whole year's, or for a type that accrues monthly, its share so far. */
  entitled: z.number(),
  /** The whole year's entitlement (pro-rated in a year of joining or leaving). */
  entitledForYear: z.number(),
  accruesMonthly: z.boolean(),
  /** The completed months of service the year's entitlement was pro-rated to; null when it was not. */
  proRatedMonths: z.number().int().nullable(),
  /** Carried-forward days that still count on the date. */
  carried: z.number(),
  adjustments: z.number(),
  /** Approved days of the year on or before the date. */
  taken: z.number(),
  /** Approved days of the year after the date. */
  booked: z.number(),
  /** Pending and pending-cancellation days of the year. */
  pending: z.number(),
  /** The days of another type this allowance includes, and counts against itself. */
  includes: typeRefSchema.extend({ days: z.number() }).nullable(),
  /** The type whose allowance includes this one and leaves less than this type's own: its available is this one's. */
  limitedBy: typeRefSchema.nullable(),
  /** Why the person cannot take this type on the date; null when they can. */
  ineligible: ineligibilitySchema.nullable(),
  /**
   * entitled + carried + adjustments − taken − booked − pending − the included type's days; at
   * most what the including type has left.
   */
  available: z.number(),
});
export type LeaveBalance = z.infer<typeof leaveBalanceSchema>;

export const staffRecordSchema = z.object({
  staffId: z.string(),
  displayName: z.string(),
  email: z.string(),
  departmentCode: z.string(),
  approverStaffId: z.string().nullable(),
  approverName: z.string().nullable(),
  joinDate: z.string(),
  /** The last day of service, when known: the leaving year's annual leave is pro-rated to it. */
  leavingDate: z.string().nullable(),
  gender: genderSchema,
  workingDaysMask: z.number().int().min(0).max(127),
  active: z.boolean(),
});
export type StaffRecord = z.infer<typeof staffRecordSchema>;

/**
 * `GET /leave/me?year=` or `?asAt=`: my staff record and my balances for a year as at a date.
 * By default the date is today (for another year: its first day ahead, its last day gone); with
 * `asAt`, the year is that date's.
 */
export const myLeaveQuerySchema = z
  .object({
    year: z.coerce.number().int().min(2000).max(2100).optional(),
    asAt: isoDate
      .refine((date) => date >= '2000-01-01' && date <= '2100-12-31', {
        message: 'must be a date from 2000 to 2100',
        ...because('dateOutOfRange', { from: '2000-01-01', to: '2100-12-31' }),
      })
      .optional(),
  })
  .refine((query) => query.year === undefined || query.asAt === undefined || query.asAt.startsWith(`${query.year}-`), {
    message: 'must be a date in the year asked for',
    path: ['asAt'],
    ...because('dateInYear'),
  });
export const myLeaveSchema = z.object({
  staff: staffRecordSchema,
  year: z.number().int(),
  asAt: z.string(),
  balances: z.array(leaveBalanceSchema),
});
export type MyLeave = z.infer<typeof myLeaveSchema>;

/**
 * `GET /leave/summary`: the home page's glance (docs/product/screens.md). Balances and my waiting requests
 * are null for someone without a staff leave record; approvals waiting counts my queue.
 */
export const leaveSummarySchema = z.object({
  year: z.number().int(),
  asAt: z.string(),
  balances: z.array(leaveBalanceSchema).nullable(),
  myRequestsWaiting: z.number().int().nullable(),
  approvalsWaiting: z.number().int(),
});
export type LeaveSummary = z.infer<typeof leaveSummarySchema>;

export const leaveRequestSchema = z.object({
  referenceId: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  departmentCode: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  dayType: dayTypeSchema,
  days: z.number(),
  reason: z.string(),
  status: z.number().int(),
  approverStaffId: z.string().nullable(),
  approverName: z.string().nullable(),
  /** The last decision's remarks, if any. */
  remarks: z.string().nullable(),
  hasAttachment: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeaveRequest = z.infer<typeof leaveRequestSchema>;

export const leaveRequestEventSchema = z.object({
  fromStatus: z.number().int().nullable(),
  toStatus: z.number().int(),
  actorName: z.string(),
  remarks: z.string().nullable(),
  at: z.string(),
});
export type LeaveRequestEvent = z.infer<typeof leaveRequestEventSchema>;

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

/** The orders of a list of requests: by first day (the latest first unless asked), type, days or status. */
export const REQUEST_SORTS = ['start', 'type', 'days', 'status'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

/**
 * `GET /leave/requests/mine`: my requests, newest first unless sorted otherwise, filtered; paged.
 * `from`: those starting on or after a date (the my-leaves page shows this year's and every later
 * one).
 */
export const myRequestsQuerySchema = pageQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  from: isoDate.optional(),
  leaveTypeId: z.string().regex(LEAVE_TYPE_ID).optional(),
  status: z.coerce.number().int().min(0).max(5).optional(),
  sort: z.enum(REQUEST_SORTS).default('start'),
  /** Left out: the latest first by first day, A to Z (or fewest, or by status code) by anything else. */
  order: z.enum(['asc', 'desc']).optional(),
});

/**
 * `POST /leave/requests` (JSON, or multipart with the same fields and one `attachment` file),
 * and `POST /leave/requests/preview` with the same fields (no file): the day count and the
 * balance after, or the rule the request breaks, without writing anything.
 */
export const applyLeaveInputSchema = z
  .object({
    leaveTypeId: z.string().regex(LEAVE_TYPE_ID, 'leaveTypeId must be a leave type id (LVE0001–LVE0022)'),
    startDate: isoDate,
    endDate: isoDate,
    dayType: dayTypeSchema.default(0),
    reason: z.string().trim().max(1000).default(''),
  })
  .refine((input) => input.endDate >= input.startDate, {
    message: 'The end date cannot be before the start date',
    path: ['endDate'],
    ...because('endBeforeStart'),
  })
  .refine((input) => input.dayType === 0 || input.startDate === input.endDate, {
    message: 'A half day must start and end on the same day',
    path: ['dayType'],
    ...because('halfDaySameDay'),
  });
export type ApplyLeaveInput = z.infer<typeof applyLeaveInputSchema>;

/**
 * The preview: the request's days, and the balance of its first year before and after it; `years`
 * has the same for each year its days fall in (two for a request over New Year).
 */
export const leavePreviewSchema = z.object({
  days: z.number(),
  available: z.number(),
  balanceAfter: z.number(),
  years: z.array(
    z.object({ year: z.number().int(), days: z.number(), available: z.number(), balanceAfter: z.number() }),
  ),
});
export type LeavePreview = z.infer<typeof leavePreviewSchema>;

/** `POST /leave/requests/:referenceId/cancel`: pending → cancelled, approved → pending cancellation. */
export const cancelLeaveInputSchema = z.object({ remarks: z.string().trim().max(1000).default('') });

/** What a rejection without remarks is told (400, field `remarks`). */
const REJECTION_NEEDS_REMARKS = 'a reason is needed to reject: the applicant is told it';

/**
 * `POST /leave/requests/:referenceId/decision` by the approver (or acting approver, or ADMIN). A
 * rejection, of a request or of a cancellation, says why: the applicant would otherwise learn
 * only that the answer is no.
 */
export const leaveDecisionInputSchema = z
  .object({
    decision: z.enum(['approve', 'reject']),
    remarks: z.string().trim().max(1000).default(''),
  })
  .refine((input) => input.decision === 'approve' || input.remarks !== '', {
    message: REJECTION_NEEDS_REMARKS,
    path: ['remarks'],
    ...because('rejectionNeedsReason'),
  });
export type LeaveDecisionInput = z.infer<typeof leaveDecisionInputSchema>;

/** One entry of `GET /leave/approvals`: a request waiting for me, with what I need to decide. */
export const approvalItemSchema = leaveRequestSchema.extend({
  /**
   * The applicant's balance of that type after this request (before it, for a cancellation), in
   * the year it starts; `years` has it for each year its days fall in.
   */
  balanceAfter: z.number(),
  years: z.array(z.object({ year: z.number().int(), days: z.number(), balanceAfter: z.number() })),
  /** As on the balance: another type's days this allowance includes, or the type whose allowance limits it. */
  includes: leaveBalanceSchema.shape.includes,
  limitedBy: leaveBalanceSchema.shape.limitedBy,
  /** Others of the same department away (approved or pending) on any of those dates. */
  awayOnDates: z.array(
    z.object({ staffName: z.string(), startDate: z.string(), endDate: z.string(), status: z.number().int() }),
  ),
  /** True when those absences reach the department's threshold. */
  overThreshold: z.boolean(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const publicHolidaySchema = z.object({ date: z.string(), region: z.string(), name: z.string() });
export type PublicHoliday = z.infer<typeof publicHolidaySchema>;

/** The columns the staff records list sorts by (by name unless asked); ties go by staff id. */
export const STAFF_SORTS = ['name', 'staffId', 'email', 'department'] as const;
export type StaffSort = (typeof STAFF_SORTS)[number];

/**
 * `GET /leave/admin/staff?search=&department=&sort=&order=` (ADMIN): staff records by name,
 * e-mail or id; sorted, paged.
 */
export const staffSearchQuerySchema = pageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  department: z.string().trim().min(1).max(50).optional(),
  sort: z.enum(STAFF_SORTS).default('name'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** `PUT /leave/admin/staff/:staffId` (ADMIN): one staff member's leave record; answers the StaffRecord. */
/** The fields of a staff record an admin sets, before the rules that join them (for `.extend`). */
export const staffRecordFieldsSchema = z.object({
  approverStaffId: z.string().regex(STAFF_ID, 'approverStaffId must be a staff id (LVUSR + 10 digits)').nullable(),
  departmentCode: z.string().trim().min(1).max(50),
  joinDate: isoDate,
  /** The last day of service; null: none known. Left out: unchanged. */
  leavingDate: isoDate.nullable().optional(),
  gender: genderSchema,
  workingDaysMask: z.number().int().min(1, 'at least one working day is needed').max(127),
});

/** A staff record's leaving date, when it has one, is on or after its join date. */
export const leavingAfterJoining = {
  check: (input: { joinDate: string; leavingDate?: string | null | undefined }) =>
    !input.leavingDate || input.leavingDate >= input.joinDate,
  message: 'The leaving date cannot be before the join date',
  path: ['leavingDate'],
  ...because('leavingBeforeJoining'),
};

export const updateStaffInputSchema = staffRecordFieldsSchema.refine(leavingAfterJoining.check, leavingAfterJoining);
export type UpdateStaffInput = z.infer<typeof updateStaffInputSchema>;
