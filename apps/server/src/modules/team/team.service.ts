import type { FastifyBaseLogger } from 'fastify';
import { forbidden, validationError } from '@staff-portal/shared/errors';
import { addDays, datesBetween, mondayOf } from '@staff-portal/shared/iso-dates';
import { audienceKeys, postDepartments } from '@staff-portal/shared/posts-rules';
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
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';
import { awayLeave, type AccountScope } from '../leave/leave.public';
import { keptDirectory } from '../posts/posts.public';
import { departmentsOf, staffRecordCount, teamMovements } from './team.repository';

export interface TeamServiceOptions {
  database: Database;
  clock: Clock;
  identityAdmin: IdentityAdmin;
  /** The organisation's own department (`ORG_DEPARTMENT`), one of the departments (docs/product/access.md §1). */
  orgDepartment: string;
  log: FastifyBaseLogger;
}

/** How long the lists of a department's accounts may be old: the posts admin pages' figure (decision record 0048). */
const MEMBERS_TTL_MS = 30_000;

/** Whose people a call may see, and which departments it covers. */
interface TeamScope {
  /** My departments, by code. */
  mine: string[];
  /** The departments I may pick (the answer's `departments`). */
  departments: TeamDepartment[];
  /** The departments the call covers: all of mine, or the one picked. */
  scope: string[];
  /** The one department picked, when one was. */
  departmentCode: string | null;
}

/** An enabled account of the departments, and which of them it is in. */
interface Member {
  account: IdentityUser;
  name: string;
  departmentCodes: string[];
}

const byName = (a: TeamAbsence, b: TeamAbsence) => a.staffName.localeCompare(b.staffName, 'en');

/**
 * The team space (docs/product/screens.md §16, decision record 0080): the people of my departments
 * and who of them is away. My departments are those of my identity groups, read as an audience's
 * are (`HRAdmin` is in HR: docs/product/access.md §2); their people are the enabled accounts of
 * those groups, from the identity provider; who is away comes from the staff records linked to
 * those accounts: leave on a day it counts, movements while they last.
 */
export function createTeamService({ database, clock, identityAdmin, orgDepartment, log }: TeamServiceOptions) {
  const { db } = database;
  const organisation = postDepartments(orgDepartment);
  const directory = keptDirectory(identityAdmin, { ttlMs: MEMBERS_TTL_MS, log, what: 'team members' });

  /**
   * Anyone may pick one of their departments, and no other (403); ADMIN may pick any department,
   * which must exist (400). Someone whose groups name no department has none: an empty scope,
   * which the web app explains (docs/product/access.md §3: the team space is every signed-in
   * user's).
   */
  async function scopeOf(caller: Caller, requested: string | undefined): Promise<TeamScope> {
    const keys = audienceKeys(caller.user.groups);
    const mine = organisation.filter((code) => keys.includes(code));
    const pickable = caller.isAdmin ? organisation : mine;
    if (requested !== undefined && !pickable.includes(requested)) {
      if (!caller.isAdmin) throw forbidden('You can only see the people of your own departments.');
      throw validationError(`There is no department ${requested}.`, 'department', 'noSuchDepartment', {
        code: requested,
      });
    }
    const names = new Map((await departmentsOf(db, pickable)).map((d) => [d.code, d.name]));
    return {
      mine,
      departments: pickable.map((code) => ({ code, name: names.get(code) ?? code })),
      scope: requested === undefined ? mine : [requested],
      departmentCode: requested ?? null,
    };
  }

  /**
   * The enabled accounts of the departments, each once with the ones it is in, by name, then
   * e-mail. The lists are the identity provider's, kept a short while (keptDirectory): a change
   * of groups shows within that time.
   */
  async function membersOf(scope: readonly string[]): Promise<Member[]> {
    const current = directory.current();
    let lists: IdentityUser[][];
    try {
      lists = await Promise.all(scope.map((code) => current.accountsOf([code])));
    } catch (error) {
      directory.forget();
      throw error;
    }
    const byId = new Map<string, Member>();
    scope.forEach((code, index) => {
      for (const account of lists[index]!) {
        let member = byId.get(account.username);
        if (!member) {
          member = { account, name: account.name || account.email, departmentCodes: [] };
          byId.set(account.username, member);
        }
        member.departmentCodes.push(code);
      }
    });
    return [...byId.values()].sort(
      (a, b) => a.name.localeCompare(b.name, 'en') || a.account.email.localeCompare(b.account.email, 'en'),
    );
  }

  return {
    /** The people of my departments (or the one picked), searched by name or e-mail, paged. */
    async people(caller: Caller, query: TeamPeopleQuery): Promise<TeamPeople> {
      const { mine, departments, scope, departmentCode } = await scopeOf(caller, query.department);
      const text = query.search?.toLowerCase() ?? '';
      const found = (await membersOf(scope)).filter(
        (member) =>
          text === '' || member.name.toLowerCase().includes(text) || member.account.email.toLowerCase().includes(text),
      );
      const from = (query.page - 1) * query.pageSize;
      return {
        items: found.slice(from, from + query.pageSize).map((member) => ({
          name: member.name,
          email: member.account.email,
          departmentCodes: member.departmentCodes,
          isMe: member.account.username === caller.user.sub,
        })),
        total: found.length,
        page: query.page,
        pageSize: query.pageSize,
        departments,
        myDepartments: mine,
        departmentCode,
      };
    },

    /**
     * Who of them is away on the day (today unless asked) and on the other days of its week,
     * Monday to Sunday. Leave counts on the days it counted when it was asked for (its working
     * days); a movement on every day its times touch in the organisation's time zone.
     */
    async away(caller: Caller, query: TeamAwayQuery): Promise<TeamAway> {
      const { scope } = await scopeOf(caller, query.department);
      const people = await membersOf(scope);
      const bySub = new Map(people.map((member) => [member.account.username, member]));
      const byEmail = new Map(people.map((member) => [member.account.email.toLowerCase(), member]));
      const accounts: AccountScope = { subs: [...bySub.keys()], emails: [...byEmail.keys()] };
      /** The member a staff record belongs to: by its link, or by its e-mail while it has none. */
      const memberOf = (row: { identitySub: string | null; email: string }) =>
        row.identitySub === null ? byEmail.get(row.email.toLowerCase()) : bySub.get(row.identitySub);
      const date = query.date ?? clock.today();
      const weekStart = mondayOf(date);
      const weekEnd = addDays(weekStart, 6);
      const day = dayBoundsIn(date, clock.timeZone);
      const [leave, movements, withLeaveRecord] = await Promise.all([
        // The earliest first, then by name: the ones kept when the list is cut (docs/product/screens.md §16).
        awayLeave(
          db,
          { accounts },
          { countedOn: datesBetween(weekStart, weekEnd) },
          { thenBy: 'name', limit: MAX_AWAY_ENTRIES + 1 },
        ),
        teamMovements(
          db,
          accounts,
          dayBoundsIn(weekStart, clock.timeZone).start,
          dayBoundsIn(weekEnd, clock.timeZone).end,
          MAX_AWAY_ENTRIES + 1,
        ),
        staffRecordCount(db, accounts),
      ]);
      const today: TeamAbsence[] = [];
      // The week's other absences, each with its first day away in the week, to order them by.
      const thisWeek: { entry: TeamAbsence; from: string }[] = [];
      for (const row of leave.slice(0, MAX_AWAY_ENTRIES)) {
        const member = memberOf(row);
        if (!member) continue;
        const { leaveDates } = row;
        const entry: TeamAbsence = {
          type: 'leave',
          staffName: member.name,
          departmentCodes: member.departmentCodes,
          leaveTypeName: row.leaveTypeName,
          status: row.status,
          dayType: row.dayType,
          startDate: row.startDate,
          endDate: row.endDate,
        };
        if (leaveDates.includes(date)) today.push(entry);
        else thisWeek.push({ entry, from: leaveDates.filter((d) => d >= weekStart).sort()[0] ?? weekStart });
      }
      for (const row of movements.slice(0, MAX_AWAY_ENTRIES)) {
        const member = memberOf(row);
        if (!member) continue;
        const startsAt = new Date(row.startsAt);
        const endsAt = new Date(row.endsAt);
        const entry: TeamAbsence = {
          type: 'movement',
          staffName: member.name,
          departmentCodes: member.departmentCodes,
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
        members: people.length,
        withLeaveRecord,
      };
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
