import { z } from 'zod';
import { because } from './error-reasons';
import { MOVEMENT_KINDS } from './staff-movement';

/**
 * The team space (docs/product/screens.md §16): the people of my departments, and which of them
 * are away today and this week. The shapes shared by the server and the web app; paths are
 * relative to `api.leaveApiUrl`, the backend that keeps staff records, leave and movements.
 *
 * - `GET /team/people?search=&department=&page=&pageSize=`: the people, searched and paged.
 * - `GET /team/away?department=&date=`: who of them is away on a day, and in its week.
 *
 * Every signed-in user may call them (docs/product/access.md §3). "My departments" are the
 * departments of my identity groups, and their people the accounts of those groups; who is away
 * comes from the leave data of those who have a staff record. I may pick one of my departments;
 * ADMIN (HRAdmin, ITAdmin) may pick any (decision record 0080).
 */

/** A page of people holds 25 unless asked otherwise, and never more than 100. */
export const TEAM_PAGE_SIZE = 25;
export const MAX_TEAM_PAGE_SIZE = 100;
/**
 * The away answer holds at most this many leave requests, and as many movements, the earliest
 * first: enough for most departments' week; a larger one (the organisation's own) is told the
 * lists are cut.
 */
export const MAX_AWAY_ENTRIES = 100;

const isoDate = z.iso.date({ message: 'must be a date (YYYY-MM-DD)' }).refine(
  // Checked after the format only (a refinement runs on a valid date): the calendar the server
  // and the seed know.
  (date) => date >= '2000-01-01' && date <= '2100-12-31',
  {
    message: 'must be a date from 2000 to 2100',
    ...because('dateOutOfRange', { from: '2000-01-01', to: '2100-12-31' }),
  },
);

/** Omitted: every one of my departments. */
const department = z.string().trim().min(1, 'must not be empty').max(50, 'must be at most 50 characters').optional();

/** `GET /team/people`. */
export const teamPeopleQuerySchema = z.object({
  /** Part of a name or an e-mail address, in any case. */
  search: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  department,
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_TEAM_PAGE_SIZE).default(TEAM_PAGE_SIZE),
});
export type TeamPeopleQuery = z.infer<typeof teamPeopleQuerySchema>;

export const teamDepartmentSchema = z.object({ code: z.string(), name: z.string() });
export type TeamDepartment = z.infer<typeof teamDepartmentSchema>;

/** One person: their identity account's name and e-mail, and which of the departments shown they are in. */
export const teamMemberSchema = z.object({
  name: z.string(),
  email: z.string(),
  /** Their departments among those the list is of, in the order of `departments`. */
  departmentCodes: z.array(z.string()),
  /** Whether this is the caller's own account. */
  isMe: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamPeopleSchema = z.object({
  items: z.array(teamMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The departments I may pick: mine, or every one for ADMIN. Empty when I am in no department
   * (my groups name none), and the web app says so.
   */
  departments: z.array(teamDepartmentSchema),
  /** My departments, by code, in the order of `departments`: the list's when none is picked. */
  myDepartments: z.array(z.string()),
  /** The department picked; null when the list is of all of mine. */
  departmentCode: z.string().nullable(),
});
export type TeamPeople = z.infer<typeof teamPeopleSchema>;

/** `GET /team/away`. */
export const teamAwayQuerySchema = z.object({
  department,
  /** The day counted as today; omitted, today in the organisation's time zone. */
  date: isoDate.optional(),
});
export type TeamAwayQuery = z.infer<typeof teamAwayQuerySchema>;

const who = {
  staffName: z.string(),
  /** Their departments among those the lists are of. */
  departmentCodes: z.array(z.string()),
};

/**
 * Leave that keeps someone away: approved, pending, or pending cancellation (the status code of
 * docs/product/specification.md §4.1 tells the web app which, and it marks pending leave so).
 */
export const teamLeaveAbsenceSchema = z.object({
  type: z.literal('leave'),
  ...who,
  leaveTypeName: z.string(),
  status: z.number().int(),
  /** 0 whole days, 1 AM, 2 PM (a half day is one day). */
  dayType: z.number().int(),
  startDate: z.string(),
  endDate: z.string(),
});

/**
 * A movement (outstation, meeting, ...): its kind and times only. Its purpose stays on the staff
 * movement page, which needs the SHARED guard; the team space is every signed-in user's.
 */
export const teamMovementAbsenceSchema = z.object({
  type: z.literal('movement'),
  ...who,
  kind: z.enum(MOVEMENT_KINDS),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const teamAbsenceSchema = z.discriminatedUnion('type', [teamLeaveAbsenceSchema, teamMovementAbsenceSchema]);
export type TeamAbsence = z.infer<typeof teamAbsenceSchema>;
export type TeamLeaveAbsence = z.infer<typeof teamLeaveAbsenceSchema>;
export type TeamMovementAbsence = z.infer<typeof teamMovementAbsenceSchema>;

export const teamAwaySchema = z.object({
  /** The day asked about (today unless a date was given). */
  date: z.string(),
  /** Its week, Monday to Sunday (the organisation's week starts on Monday). */
  weekStart: z.string(),
  weekEnd: z.string(),
  /** Away on the day: leave that counts the day, or a movement during it. By name. */
  today: z.array(teamAbsenceSchema),
  /** Away on another day of the week only, by first day and name. */
  thisWeek: z.array(teamAbsenceSchema),
  /** More than MAX_AWAY_ENTRIES leave requests or movements matched: the lists are cut. */
  truncated: z.boolean(),
  /** How many people the lists are of, and how many of them have a staff record, whose leave is known. */
  members: z.number().int(),
  withLeaveRecord: z.number().int(),
});
export type TeamAway = z.infer<typeof teamAwaySchema>;
