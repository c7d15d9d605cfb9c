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
 * Every signed-in user may call them (docs/product/access.md §3). "My departments" is the
 * department of my staff record; ADMIN (HRAdmin, ITAdmin) sees every department and may pick one
 * (decision record 0047).
 */

/** A page of people holds 25 unless asked otherwise, and never more than 100. */
export const TEAM_PAGE_SIZE = 25;
export const MAX_TEAM_PAGE_SIZE = 100;
/**
 * The away answer holds at most this many leave requests, and as many movements: enough for any
 * one department's week; an ADMIN looking at every department at once is told the list is cut.
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

/** Omitted: every department I may look at (mine; every one for ADMIN). */
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

/** One person: what their staff record says (the record keeps no telephone number). */
export const teamMemberSchema = z.object({
  staffId: z.string(),
  name: z.string(),
  email: z.string(),
  departmentCode: z.string(),
  departmentName: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamPeopleSchema = z.object({
  items: z.array(teamMemberSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The departments I may look at: mine, or every one for ADMIN. Empty when I have no staff
   * record and am not ADMIN: there is no department of mine, and the web app says why.
   */
  departments: z.array(teamDepartmentSchema),
  /** The department the list is of; null when it is of every one in `departments`. */
  departmentCode: z.string().nullable(),
  /** My staff id, so the web app can mark me; null when I have no staff record. */
  myStaffId: z.string().nullable(),
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
  staffId: z.string(),
  staffName: z.string(),
  departmentCode: z.string(),
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
});
export type TeamAway = z.infer<typeof teamAwaySchema>;
