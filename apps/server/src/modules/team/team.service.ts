import { forbidden, validationError } from '@staff-portal/shared/errors';
import { addDays, datesBetween, mondayOf } from '@staff-portal/shared/iso-dates';
import { dateIn, dayBoundsIn } from '@staff-portal/shared/staff-movement';
import {
  MAX_AWAY_ENTRIES,
  type TeamAbsence,
  type TeamAway,
  type TeamAwayQuery,
  type TeamDepartment,
  type TeamPeople,
  type TeamPeopleQuery,
} from '@staff-portal/shared/team';
import type { Clock } from '../../clock';
import type { Database } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import type { StaffRow } from '../staff-records/staff-records.repository';
import type { StaffRecordService } from '../staff-records/staff-records.service';
import { departmentsOf, searchTeam, teamLeave, teamMovements, type DepartmentScope } from './team.repository';

export interface TeamServiceOptions {
  database: Database;
  clock: Clock;
  staffRecords: StaffRecordService;
}

/** Whose people a call may see, and which department it asked for. */
interface TeamScope {
  person: StaffRow | undefined;
  /** The departments the caller may look at (the answer's `departments`). */
  departments: TeamDepartment[];
  /** The departments the call covers; undefined: every one (ADMIN, no department picked). */
  scope: DepartmentScope;
  /** The one department the call is of, when it is of one. */
  departmentCode: string | null;
}

const byName = (a: TeamAbsence, b: TeamAbsence) =>
  a.staffName.localeCompare(b.staffName) || a.staffId.localeCompare(b.staffId);

/**
 * The team space (docs/product/screens.md §16): the people of my departments and who of them is
 * away. "My departments" and "away" are decision record 0047's: the department of my staff
 * record, every department for ADMIN; leave on a day it counts, movements while they last.
 */
export function createTeamService({ database, clock, staffRecords }: TeamServiceOptions) {
  const { db } = database;

  /**
   * A member of staff sees their own department and may name no other (403, as the staff movement
   * calendar answers); ADMIN sees every one and may pick one, which must exist (400). Someone with
   * no staff record and no ADMIN has no department: an empty scope, which the web app explains
   * (docs/product/access.md §3: the team space is every signed-in user's, "own data only").
   */
  async function scopeOf(caller: Caller, requested: string | undefined): Promise<TeamScope> {
    const person = await staffRecords.ofCaller(caller.user);
    if (caller.isAdmin) {
      const all = await departmentsOf(db);
      if (requested === undefined) return { person, departments: all, scope: undefined, departmentCode: null };
      if (!all.some((d) => d.code === requested)) {
        throw validationError(`There is no department ${requested}.`, 'department', 'noSuchDepartment', {
          code: requested,
        });
      }
      return { person, departments: all, scope: [requested], departmentCode: requested };
    }
    if (requested !== undefined && requested !== person?.departmentCode) {
      throw forbidden('You can only see the people of your own department.');
    }
    if (!person) return { person, departments: [], scope: [], departmentCode: null };
    return {
      person,
      departments: await departmentsOf(db, [person.departmentCode]),
      scope: [person.departmentCode],
      departmentCode: person.departmentCode,
    };
  }

  return {
    /** The people of my departments (or the one ADMIN picked), searched by name or e-mail, paged. */
    async people(caller: Caller, query: TeamPeopleQuery): Promise<TeamPeople> {
      const { person, departments, scope, departmentCode } = await scopeOf(caller, query.department);
      const { items, total } = await searchTeam(db, {
        scope,
        search: query.search === '' ? undefined : query.search,
        page: query.page,
        pageSize: query.pageSize,
      });
      return {
        items,
        total,
        page: query.page,
        pageSize: query.pageSize,
        departments,
        departmentCode,
        myStaffId: person?.staffId ?? null,
      };
    },

    /**
     * Who of them is away on the day (today unless asked) and on the other days of its week,
     * Monday to Sunday. Leave counts on the days it counted when it was asked for (its working
     * days); a movement on every day its times touch in the organisation's time zone.
     */
    async away(caller: Caller, query: TeamAwayQuery): Promise<TeamAway> {
      const { scope } = await scopeOf(caller, query.department);
      const date = query.date ?? clock.today();
      const weekStart = mondayOf(date);
      const weekEnd = addDays(weekStart, 6);
      const day = dayBoundsIn(date, clock.timeZone);
      const [leave, movements] = await Promise.all([
        teamLeave(db, scope, datesBetween(weekStart, weekEnd), MAX_AWAY_ENTRIES + 1),
        teamMovements(
          db,
          scope,
          dayBoundsIn(weekStart, clock.timeZone).start,
          dayBoundsIn(weekEnd, clock.timeZone).end,
          MAX_AWAY_ENTRIES + 1,
        ),
      ]);
      const today: TeamAbsence[] = [];
      // The week's other absences, each with its first day away in the week, to order them by.
      const thisWeek: { entry: TeamAbsence; from: string }[] = [];
      for (const row of leave.slice(0, MAX_AWAY_ENTRIES)) {
        const { leaveDates, referenceId: _id, ...rest } = row;
        const entry: TeamAbsence = { type: 'leave', ...rest };
        if (leaveDates.includes(date)) today.push(entry);
        else thisWeek.push({ entry, from: leaveDates.filter((d) => d >= weekStart).sort()[0] ?? weekStart });
      }
      for (const row of movements.slice(0, MAX_AWAY_ENTRIES)) {
        const startsAt = new Date(row.startsAt);
        const endsAt = new Date(row.endsAt);
        const entry: TeamAbsence = {
          type: 'movement',
          staffId: row.staffId,
          staffName: row.staffName,
          departmentCode: row.departmentCode,
          kind: row.kind,
          startsAt: startsAt.toISOString(),
          endsAt: endsAt.toISOString(),
        };
        if (startsAt < day.end && endsAt > day.start) today.push(entry);
        else {
          const from = dateIn(startsAt, clock.timeZone);
          thisWeek.push({ entry, from: from < weekStart ? weekStart : from });
        }
      }
      return {
        date,
        weekStart,
        weekEnd,
        today: today.sort(byName),
        thisWeek: thisWeek
          .sort((a, b) => a.from.localeCompare(b.from) || byName(a.entry, b.entry))
          .map(({ entry }) => entry),
        truncated: leave.length > MAX_AWAY_ENTRIES || movements.length > MAX_AWAY_ENTRIES,
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
