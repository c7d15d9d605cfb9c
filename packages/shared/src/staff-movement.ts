import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { z } from 'zod';
import { because } from './error-reasons';
import { spansAtMost } from './iso-dates';
import { STAFF_ID } from './leave';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Staff movement, acting approvers and iCal feeds (docs/product/screens.md: StaffMovementPage, §5a): the
 * shapes shared by the server and the web app. Paths are relative to `api.leaveApiUrl`.
 *
 * - `POST /leave/movements`, `DELETE /leave/movements/:id`: my movements.
 * - `GET /leave/movement?from=&to=&department=`: who is away per day (leave and movements).
 * - `GET|POST /leave/delegations`, `DELETE /leave/delegations/:id`, `GET /leave/delegations/candidates`.
 * - `GET|POST /leave/ical-feeds`, `DELETE /leave/ical-feeds/:id`; public `GET /leave/ical/:token.ics`.
 */

/** The kinds of movement docs/product/screens.md names. */
export const MOVEMENT_KINDS = ['outstation', 'meeting', 'training', 'site_visit', 'work_from_home'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** One movement covers at most this many days (from its start to its end). */
export const MAX_MOVEMENT_DAYS = 31;
/** The calendar answers at most this many days at once (six weeks: a month view's grid). */
export const MAX_CALENDAR_DAYS = 42;
/** The longest acting-approver delegation, in calendar days. */
export const MAX_DELEGATION_DAYS = 366;

const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' });
const instant = z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601 with an offset)' });

/** The first and last instant of a calendar day in a time zone, as [start, next day's start). */
export function dayBoundsIn(date: string, timeZone: string): { start: Date; end: Date } {
  const start = dayjs.tz(date, timeZone);
  return { start: start.toDate(), end: start.add(1, 'day').toDate() };
}

/** The calendar day an instant falls on in a time zone, as YYYY-MM-DD. */
export function dateIn(at: Date | string, timeZone: string): string {
  return dayjs(at).tz(timeZone).format('YYYY-MM-DD');
}

/** `POST /leave/movements`: a movement of mine. */
export const movementInputSchema = z
  .object({
    kind: z.enum(MOVEMENT_KINDS, { message: `must be one of ${MOVEMENT_KINDS.join(', ')}` }),
    startsAt: instant,
    endsAt: instant,
    purpose: z.string().trim().min(1, 'purpose is required').max(500),
  })
  .refine((input) => Date.parse(input.endsAt) > Date.parse(input.startsAt), {
    message: 'The end must be after the start',
    path: ['endsAt'],
    ...because('endNotAfterStart'),
  })
  .refine((input) => Date.parse(input.endsAt) - Date.parse(input.startsAt) <= MAX_MOVEMENT_DAYS * 86_400_000, {
    message: `A movement can last at most ${MAX_MOVEMENT_DAYS} days`,
    path: ['endsAt'],
    ...because('movementTooLong', { maximum: MAX_MOVEMENT_DAYS }),
  });
export type MovementInput = z.infer<typeof movementInputSchema>;

export const movementSchema = z.object({
  id: z.number().int(),
  staffId: z.string(),
  staffName: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  purpose: z.string(),
  createdAt: z.string(),
});
export type Movement = z.infer<typeof movementSchema>;

/** `GET /leave/movement`: a range of days for one department (default: mine; ADMIN: any). */
export const movementCalendarQuerySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    department: z.string().trim().min(1).max(50).optional(),
  })
  .refine((q) => q.to >= q.from, { message: 'to cannot be before from', path: ['to'], ...because('endBeforeStart') })
  .refine((q) => spansAtMost(q.from, q.to, MAX_CALENDAR_DAYS), {
    message: `The range can cover at most ${MAX_CALENDAR_DAYS} days`,
    path: ['to'],
    ...because('rangeTooLong', { maximum: MAX_CALENDAR_DAYS }),
  });
export type MovementCalendarQuery = z.infer<typeof movementCalendarQuerySchema>;

/** Leave on a day: approved, pending or pending cancellation (the status tells the web which). */
export const awayLeaveSchema = z.object({
  type: z.literal('leave'),
  staffId: z.string(),
  referenceId: z.string(),
  leaveTypeId: z.string(),
  leaveTypeName: z.string(),
  status: z.number().int(),
  dayType: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
});
export const awayMovementSchema = z.object({
  type: z.literal('movement'),
  staffId: z.string(),
  id: z.number().int(),
  kind: z.enum(MOVEMENT_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
  purpose: z.string(),
});
export const awayEntrySchema = z.discriminatedUnion('type', [awayLeaveSchema, awayMovementSchema]);
export type AwayEntry = z.infer<typeof awayEntrySchema>;
export type AwayLeave = z.infer<typeof awayLeaveSchema>;
export type AwayMovement = z.infer<typeof awayMovementSchema>;

export const movementCalendarSchema = z.object({
  departmentCode: z.string(),
  from: z.string(),
  to: z.string(),
  /** The department's active staff, by name: the rows of the grid. */
  people: z.array(z.object({ staffId: z.string(), staffName: z.string() })),
  /** Every day of the range, each with who is away on it (leave on their working days only). */
  days: z.array(z.object({ date: z.string(), away: z.array(awayEntrySchema) })),
  /** Departments the caller may look at: their own, or every one for ADMIN. */
  departments: z.array(z.object({ code: z.string(), name: z.string() })),
  /** The caller's staff id, so the web can offer to delete their own movements. */
  myStaffId: z.string().nullable(),
});
export type MovementCalendar = z.infer<typeof movementCalendarSchema>;

/** `POST /leave/delegations`: while I am away, `delegateStaffId` decides my approvals. */
export const delegationInputSchema = z
  .object({
    delegateStaffId: z.string().regex(STAFF_ID, 'delegateStaffId must be a staff id (LVUSR + 10 digits)'),
    fromDate: isoDate,
    toDate: isoDate,
  })
  .refine((input) => input.toDate >= input.fromDate, {
    message: 'The end date cannot be before the start date',
    path: ['toDate'],
    ...because('endBeforeStart'),
  })
  .refine((input) => spansAtMost(input.fromDate, input.toDate, MAX_DELEGATION_DAYS), {
    message: `A delegation can last at most ${MAX_DELEGATION_DAYS} days`,
    path: ['toDate'],
    ...because('delegationTooLong', { maximum: MAX_DELEGATION_DAYS }),
  });
export type DelegationInput = z.infer<typeof delegationInputSchema>;

export const delegationSchema = z.object({
  id: z.number().int(),
  approverStaffId: z.string(),
  approverName: z.string(),
  delegateStaffId: z.string(),
  delegateName: z.string(),
  fromDate: z.string(),
  toDate: z.string(),
  /** Today (in the organisation's zone) is within its dates. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type Delegation = z.infer<typeof delegationSchema>;

/** `GET /leave/delegations`: mine as approver, and those where I act for someone. */
export const myDelegationsSchema = z.object({
  mine: z.array(delegationSchema),
  actingFor: z.array(delegationSchema),
});
export type MyDelegations = z.infer<typeof myDelegationsSchema>;

/** `GET /leave/delegations/candidates?search=`: active staff I may name as my delegate. */
export const delegateCandidateSchema = z.object({
  staffId: z.string(),
  staffName: z.string(),
  departmentCode: z.string(),
});
export type DelegateCandidate = z.infer<typeof delegateCandidateSchema>;

export const ICAL_FEED_KINDS = ['me', 'department'] as const;
export type IcalFeedKind = (typeof ICAL_FEED_KINDS)[number];

/** `POST /leave/ical-feeds`: a private feed of my leave, or of who is away in a department. */
export const icalFeedInputSchema = z.object({
  kind: z.enum(ICAL_FEED_KINDS, { message: 'kind must be me or department' }),
  /** For a department feed: default my department; only ADMIN may name another. */
  departmentCode: z.string().trim().min(1).max(50).optional(),
});
export type IcalFeedInput = z.infer<typeof icalFeedInputSchema>;

export const icalFeedSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ICAL_FEED_KINDS),
  departmentCode: z.string().nullable(),
  /** The secret subscription address; anyone who has it can read the feed until it is revoked. */
  url: z.string(),
  createdAt: z.string(),
});
export type IcalFeed = z.infer<typeof icalFeedSchema>;
