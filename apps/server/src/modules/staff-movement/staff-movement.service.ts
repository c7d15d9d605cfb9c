import { randomBytes } from 'node:crypto';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { AppError, forbidden, isAppError, notFound, validationError } from '@staff-portal/shared/errors';
import { leaveStatusLabel } from '@staff-portal/shared/leave';
import { addDays, datesBetween } from '@staff-portal/shared/iso-dates';
import { MAX_REQUEST_CALENDAR_DAYS, isWorkingDay } from '@staff-portal/shared/leave-rules';
import {
  dayBoundsIn,
  type AwayEntry,
  type Delegation,
  type DelegationInput,
  type IcalFeed,
  type IcalFeedInput,
  type Movement,
  type MovementCalendar,
  type MovementCalendarQuery,
  type MovementInput,
  type MyDelegations,
} from '@staff-portal/shared/staff-movement';
import type { TokenUser } from '../../auth/token-verifier';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { recordAuditBy, type AuditActor, type AuditRecord } from '../audit/audit.public';
import { awayLeave, holidaysBetween, type AwayLeaveRow } from '../leave/leave.public';
import {
  findStaff,
  findStaffBySub,
  lockStaff,
  type StaffRow,
  type StaffRecordService,
} from '../staff-records/staff-records.public';
import {
  activeFeedByToken,
  delegateCandidates,
  delegationsOf,
  deleteDelegation,
  deleteMovement,
  departmentMembers,
  departmentMovements,
  feedsOf,
  findDelegation,
  findMovement,
  insertDelegation,
  insertFeed,
  insertMovement,
  listDepartments,
  overlappingDelegations,
  revokeFeed,
  type IcalFeedRow,
  type MovementRow,
} from './staff-movement.repository';

export interface StaffMovementServiceOptions {
  database: Database;
  clock: Clock;
  staffRecords: StaffRecordService;
  /** The portal's public address, for feed URLs. */
  publicUrl: string;
}

/** The audit trail's area for movements, acting approvers and iCal feeds (decision record 0038). */
export const STAFF_MOVEMENT_AUDIT_AREA = 'staff-movement';

const audit = (
  tx: Queryable,
  actor: AuditActor,
  entry: Omit<AuditRecord, 'actorId' | 'actorEmail' | 'requestId' | 'area'>,
) => recordAuditBy(tx, actor, { area: STAFF_MOVEMENT_AUDIT_AREA, ...entry });

/** A feed as the audit trail keeps it: never its token, which is the feed's only secret. */
const feedState = (row: IcalFeedRow) => ({ kind: row.kind, departmentCode: row.departmentCode });

/** How far back and ahead a feed reaches: calendar programs poll it, so it stays small. */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 366;

/**
 * Whether a feed still answers (decision record 0020): only while its owner could still make it,
 * as far as the database can tell without their token. My leave needs my active staff record; a
 * feed of my own department, that I am still in it; one an ADMIN made of another department,
 * that the owner has no inactive staff record.
 */
function feedAnswers(feed: IcalFeedRow, owner: StaffRow | undefined): boolean {
  if (owner && !owner.active) return false;
  if (feed.kind === 'me') return owner !== undefined;
  return feed.madeByAdmin || owner?.departmentCode === feed.departmentCode;
}

function toMovement(row: MovementRow & { staffName: string }): Movement {
  return {
    id: row.id,
    staffId: row.staffId,
    staffName: row.staffName,
    kind: row.kind,
    startsAt: new Date(row.startsAt).toISOString(),
    endsAt: new Date(row.endsAt).toISOString(),
    purpose: row.purpose,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function createStaffMovementService({ database, clock, staffRecords, publicUrl }: StaffMovementServiceOptions) {
  const { db } = database;
  const { today, timeZone } = clock;
  const callerStaff = (user: TokenUser) => staffRecords.ofCaller(user);
  const requireStaff = (user: TokenUser) => staffRecords.requireOfCaller(user);

  /** The department a caller may look at: their own by default; another only for ADMIN. */
  async function departmentFor(caller: Caller, requested: string | undefined, person: StaffRow | undefined) {
    if (requested === undefined || requested === person?.departmentCode) {
      if (person) return person.departmentCode;
      if (requested === undefined) {
        throw validationError(
          'You have no staff leave record, so choose a department.',
          'department',
          'chooseDepartment',
        );
      }
    }
    if (!caller.isAdmin) throw forbidden('You can only see who is away in your own department.');
    const [known] = await listDepartments(db, [requested]);
    if (!known) {
      throw validationError(`There is no department ${requested}.`, 'department', 'noSuchDepartment', {
        code: requested,
      });
    }
    return known.code;
  }

  function delegationView(row: Awaited<ReturnType<typeof findDelegation>> & object): Delegation {
    const t = today();
    return {
      ...row,
      active: row.fromDate <= t && t <= row.toDate,
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }

  function feedView(row: IcalFeedRow): IcalFeed {
    return {
      id: row.id,
      kind: row.kind,
      departmentCode: row.departmentCode,
      url: `${publicUrl.replace(/\/$/, '')}/api/leave/ical/${row.token}.ics`,
      createdAt: new Date(row.createdAt).toISOString(),
    };
  }

  return {
    today,

    async createMovement(actor: AuditActor, input: MovementInput): Promise<Movement> {
      const person = await requireStaff(actor.user);
      const movement = await db.transaction(async (tx) => {
        const row = await insertMovement(tx, {
          staffId: person.staffId,
          kind: input.kind,
          startsAt: new Date(input.startsAt),
          endsAt: new Date(input.endsAt),
          purpose: input.purpose,
        });
        const created = toMovement({ ...row, staffName: person.displayName });
        await audit(tx, actor, {
          action: 'movement.create',
          target: `movement:${row.id}`,
          targetLabel: `${person.displayName} (${person.staffId})`,
          after: created,
        });
        return created;
      });
      return movement;
    },

    async deleteMovement(actor: AuditActor, id: number): Promise<void> {
      const person = await requireStaff(actor.user);
      const row = await findMovement(db, id);
      if (!row) throw notFound(`There is no movement ${id}.`);
      if (row.staffId !== person.staffId) throw forbidden('You can only delete your own movements.');
      await db.transaction(async (tx) => {
        if (!(await deleteMovement(tx, id, person.staffId))) throw notFound(`There is no movement ${id}.`);
        await audit(tx, actor, {
          action: 'movement.delete',
          target: `movement:${id}`,
          targetLabel: `${person.displayName} (${person.staffId})`,
          before: toMovement({ ...row, staffName: person.displayName }),
        });
      });
    },

    /** Who of a department is away on each day of the range: leave on their working days, and movements. */
    async calendar(caller: Caller, query: MovementCalendarQuery): Promise<MovementCalendar> {
      const person = await callerStaff(caller.user);
      if (!person && !caller.isAdmin) await requireStaff(caller.user);
      const departmentCode = await departmentFor(caller, query.department, person);
      const rangeStart = dayBoundsIn(query.from, timeZone).start;
      const rangeEnd = dayBoundsIn(query.to, timeZone).end;
      const [members, leave, movements, holidays, departments] = await Promise.all([
        departmentMembers(db, departmentCode),
        awayLeave(db, { departmentCode }, { sharing: { from: query.from, to: query.to } }),
        departmentMovements(db, departmentCode, rangeStart, rangeEnd),
        holidaysBetween(db, query.from, query.to),
        caller.isAdmin ? listDepartments(db) : listDepartments(db, [departmentCode]),
      ]);
      const masks = new Map(members.map((m) => [m.staffId, m.workingDaysMask]));
      const holidaySet = new Set(holidays.map((h) => h.date));
      const days = datesBetween(query.from, query.to).map((date) => {
        const { start, end } = dayBoundsIn(date, timeZone);
        const away: AwayEntry[] = [];
        for (const l of leave) {
          if (l.startDate > date || l.endDate < date) continue;
          // Leave covers only the person's working days: a week's leave is not shown on the weekend.
          if (!isWorkingDay(date, masks.get(l.staffId) ?? 31, holidaySet)) continue;
          away.push({
            type: 'leave',
            staffId: l.staffId,
            referenceId: l.referenceId,
            leaveTypeId: l.leaveTypeId,
            leaveTypeName: l.leaveTypeName,
            status: l.status,
            dayType: l.dayType,
            startDate: l.startDate,
            endDate: l.endDate,
          });
        }
        for (const m of movements) {
          if (m.startsAt >= end || m.endsAt <= start) continue;
          away.push({
            type: 'movement',
            id: m.id,
            staffId: m.staffId,
            kind: m.kind,
            startsAt: new Date(m.startsAt).toISOString(),
            endsAt: new Date(m.endsAt).toISOString(),
            purpose: m.purpose,
          });
        }
        return { date, away };
      });
      // Someone who left the department but is away in the range still gets a row.
      const people = members.map(({ staffId, staffName }) => ({ staffId, staffName }));
      const known = new Set(people.map((p) => p.staffId));
      for (const row of [...leave, ...movements]) {
        if (!known.has(row.staffId)) {
          known.add(row.staffId);
          people.push({ staffId: row.staffId, staffName: row.staffName });
        }
      }
      return {
        departmentCode,
        from: query.from,
        to: query.to,
        people,
        days,
        departments,
        myStaffId: person?.staffId ?? null,
      };
    },

    async delegations(user: TokenUser): Promise<MyDelegations> {
      const person = await requireStaff(user);
      const t = today();
      const [mine, actingFor] = await Promise.all([
        delegationsOf(db, 'approver', person.staffId, t),
        delegationsOf(db, 'delegate', person.staffId, t),
      ]);
      return { mine: mine.map(delegationView), actingFor: actingFor.map(delegationView) };
    },

    async delegateCandidates(user: TokenUser, search: string | undefined) {
      const person = await requireStaff(user);
      return delegateCandidates(db, person.staffId, search, 20);
    },

    /** Names an acting approver for a range of my absence (docs/product/leave.md). */
    async createDelegation(actor: AuditActor, input: DelegationInput): Promise<Delegation> {
      const person = await requireStaff(actor.user);
      if (input.delegateStaffId === person.staffId) {
        throw validationError('You cannot name yourself as your acting approver.', 'delegateStaffId', 'selfDelegate');
      }
      if (input.toDate < today()) {
        throw validationError('The delegation must not end in the past.', 'toDate', 'delegationInPast');
      }
      const id = await db.transaction(async (tx) => {
        const delegate = await findStaff(tx, input.delegateStaffId);
        if (!delegate || !delegate.active) {
          throw validationError(
            `There is no active staff member ${input.delegateStaffId}.`,
            'delegateStaffId',
            'noSuchActiveStaff',
            { staffId: input.delegateStaffId },
          );
        }
        // Serialises one approver's delegations, so two at once cannot both pass the overlap check.
        await lockStaff(tx, person.staffId);
        const [clash] = await overlappingDelegations(tx, person.staffId, input.fromDate, input.toDate);
        if (clash) {
          throw validationError(
            `These dates overlap your delegation from ${clash.fromDate} to ${clash.toDate}.`,
            'fromDate',
            'delegationOverlaps',
            { start: clash.fromDate, end: clash.toDate },
          );
        }
        const inserted = await insertDelegation(tx, {
          approverStaffId: person.staffId,
          delegateStaffId: delegate.staffId,
          fromDate: input.fromDate,
          toDate: input.toDate,
        });
        await audit(tx, actor, {
          action: 'delegation.create',
          target: `delegation:${inserted}`,
          targetLabel: `${person.displayName} (${person.staffId}) to ${delegate.displayName} (${delegate.staffId})`,
          after: { delegateStaffId: delegate.staffId, fromDate: input.fromDate, toDate: input.toDate },
        });
        return inserted;
      });
      return delegationView((await findDelegation(db, id))!);
    },

    async deleteDelegation(actor: AuditActor, id: number): Promise<void> {
      const person = await requireStaff(actor.user);
      const row = await findDelegation(db, id);
      if (!row) throw notFound(`There is no delegation ${id}.`);
      if (row.approverStaffId !== person.staffId) throw forbidden('You can only remove your own delegations.');
      await db.transaction(async (tx) => {
        if (!(await deleteDelegation(tx, id, person.staffId))) throw notFound(`There is no delegation ${id}.`);
        await audit(tx, actor, {
          action: 'delegation.delete',
          target: `delegation:${id}`,
          targetLabel: `${person.displayName} (${person.staffId}) to ${row.delegateStaffId}`,
          before: { delegateStaffId: row.delegateStaffId, fromDate: row.fromDate, toDate: row.toDate },
        });
      });
    },

    /** My feeds that still answer. */
    async feeds(user: TokenUser): Promise<IcalFeed[]> {
      const [rows, owner] = await Promise.all([feedsOf(db, user.sub), findStaffBySub(db, user.sub)]);
      return rows.filter((row) => feedAnswers(row, owner)).map(feedView);
    },

    /** A new private feed address: 32 random bytes, so it cannot be guessed. */
    async createFeed(caller: Caller, input: IcalFeedInput, requestId: string): Promise<IcalFeed> {
      const person = await callerStaff(caller.user);
      let departmentCode: string | null = null;
      if (input.kind === 'me') {
        if (!person) await requireStaff(caller.user);
      } else {
        if (!person && !caller.isAdmin) await requireStaff(caller.user);
        try {
          departmentCode = await departmentFor(caller, input.departmentCode, person);
        } catch (error) {
          // The body names the field `departmentCode`, not the query's `department`.
          if (isAppError(error) && error.field === 'department') {
            throw new AppError(error.code, error.message, {
              field: 'departmentCode',
              ...(error.detail ? { detail: error.detail } : {}),
            });
          }
          throw error;
        }
      }
      const row = await db.transaction(async (tx) => {
        const inserted = await insertFeed(tx, {
          token: randomBytes(32).toString('base64url'),
          ownerSub: caller.user.sub,
          kind: input.kind,
          departmentCode,
          madeByAdmin: departmentCode !== null && departmentCode !== person?.departmentCode,
        });
        await audit(
          tx,
          { user: caller.user, requestId },
          {
            action: 'feed.create',
            target: `feed:${inserted.id}`,
            targetLabel: caller.user.email ?? caller.user.sub,
            after: feedState(inserted),
          },
        );
        return inserted;
      });
      return feedView(row);
    },

    async revokeFeed(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        if (!(await revokeFeed(tx, id, actor.user.sub))) throw notFound(`You have no feed ${id}.`);
        await audit(tx, actor, {
          action: 'feed.revoke',
          target: `feed:${id}`,
          targetLabel: actor.user.email ?? actor.user.sub,
        });
      });
    },

    /** The feed's iCalendar text, or undefined for an unknown or revoked token or one that no longer answers. */
    async feedCalendar(token: string): Promise<string | undefined> {
      const feed = await activeFeedByToken(db, token);
      if (!feed) return undefined;
      const owner = await findStaffBySub(db, feed.ownerSub);
      if (!feedAnswers(feed, owner)) return undefined;
      const t = today();
      const from = addDays(t, -FEED_PAST_DAYS);
      const to = addDays(t, FEED_FUTURE_DAYS);
      const calendar = ical({
        prodId: { company: 'Staff Portal', product: 'E-Leave', language: 'EN' },
        method: ICalCalendarMethod.PUBLISH,
        timezone: timeZone,
        ttl: 60 * 60,
      });
      let events: { uid: string; summary: string; startDate: string; endDate: string; status: number }[];
      const event = (l: AwayLeaveRow, summary: string) => ({
        uid: l.referenceId,
        summary,
        startDate: l.startDate,
        endDate: l.endDate,
        status: l.status,
      });
      if (feed.kind === 'me') {
        calendar.name(`${owner!.displayName}: leave`);
        // Requests that start in the window or up to their longest span before it, through the
        // owner's requests by start date; those that ended before it are dropped here.
        const starting = { from: addDays(from, -MAX_REQUEST_CALENDAR_DAYS), to };
        events = (await awayLeave(db, { staffId: owner!.staffId }, { starting }))
          .filter((l) => l.endDate >= from)
          .map((l) => event(l, l.leaveTypeName));
      } else {
        const code = feed.departmentCode!;
        calendar.name(`${code}: who is away`);
        events = (await awayLeave(db, { departmentCode: code }, { sharing: { from, to } })).map((l) =>
          event(l, `${l.staffName}: ${l.leaveTypeName}`),
        );
      }
      for (const e of events) {
        const pending = e.status !== 1;
        calendar.createEvent({
          id: `${e.uid}@staff-portal`,
          start: e.startDate,
          // All-day events end on the day after the last one (RFC 5545).
          end: addDays(e.endDate, 1),
          allDay: true,
          summary: pending ? `${e.summary} (${leaveStatusLabel(e.status)})` : e.summary,
          status: pending ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
        });
      }
      return calendar.toString();
    },
  };
}

export type StaffMovementService = ReturnType<typeof createStaffMovementService>;
