import { MAX_FILE_SIZE_MB } from '@staff-portal/shared/constants';
import { conflict, forbidden, notFound, validationError } from '@staff-portal/shared/errors';
import {
  DAY_TYPE,
  leaveStatusLabel,
  type ApplyLeaveInput,
  type LeavePreview,
  type LeaveRequest,
  type LeaveSummary,
  type LeaveType,
  type MyLeave,
} from '@staff-portal/shared/leave';
import {
  MAX_REQUEST_CALENDAR_DAYS,
  assertTransition,
  balanceDateOf,
  countLeaveDays,
  fitsBalance,
  newReferenceId,
  type LeaveActor,
} from '@staff-portal/shared/leave-rules';
import { calendarDaysBetween } from '@staff-portal/shared/iso-dates';
import type { TokenUser } from '../../auth/token-verifier';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { checkAttachment, type Attachment, type CheckedAttachment } from '../../files/attachments';
import type { Caller } from '../../plugins/auth';
import { lockStaff, staffRecord, type StaffRow } from '../staff-records/staff-records.repository';
import type { StaffRecordService } from '../staff-records/staff-records.service';
import { mayDecideForApprover } from './acting-approver';
import { approversOfQueue } from './leave-approvals.service';
import { balancesOf } from './leave-balances.service';
import { actorNameOf, type LeaveTransitions } from './leave-transitions';
import { approverMail, deliverAfterCommit, type LeaveMailer } from './leave.mail';
import {
  attachmentOf,
  findLeaveType,
  findRequestRow,
  findRequestView,
  holidaysBetween,
  insertEvent,
  insertLeaveRequest,
  listLeaveTypes,
  myRequests,
  overlappingRequests,
  requestEvents,
  waitingCount,
  waitingOf,
  type LeaveTypeRow,
  type MyRequestsFilter,
} from './leave.repository';

export interface LeaveRequestServiceOptions {
  database: Database;
  clock: Clock;
  staffRecords: StaffRecordService;
  transitions: LeaveTransitions;
  /** E-mail on submit and decisions (docs/product/leave.md); without it nothing is queued. */
  mailer?: LeaveMailer | undefined;
}

function toLeaveType(row: LeaveTypeRow): LeaveType {
  return {
    id: row.id,
    name: row.name,
    defaultDays: Number(row.defaultDays),
    serviceTiers: row.serviceTiers ?? null,
    cancellable: row.cancellable,
    attachmentRequired: row.attachmentRequired,
    halfDayAllowed: row.halfDayAllowed,
    balanceLimited: row.balanceLimited,
    accruesMonthly: row.accruesMonthly,
    active: row.active,
  };
}

/**
 * A staff member's own leave (docs/product/leave.md): the catalogue and holidays they apply
 * against, their balances, applying (checked against every rule), cancelling, and the history
 * and attachment of a request. ADMIN applies and cancels on someone's behalf through the same
 * functions, so the rules are the same.
 */
export function createLeaveRequestService({
  database,
  clock,
  staffRecords,
  transitions,
  mailer,
}: LeaveRequestServiceOptions) {
  const { db } = database;
  const activeTypes = async () => (await listLeaveTypes(db)).filter((t) => t.active);

  /** Checks a request against every rule that can be known before it is written. */
  async function check(q: Queryable, person: StaffRow, input: ApplyLeaveInput) {
    const type = await findLeaveType(q, input.leaveTypeId);
    if (!type) throw validationError(`There is no leave type ${input.leaveTypeId}.`, 'leaveTypeId');
    if (!type.active) throw validationError(`${type.name} can no longer be applied for.`, 'leaveTypeId');
    if (input.dayType !== DAY_TYPE.WD && !type.halfDayAllowed) {
      throw validationError(`${type.name} cannot be taken as a half day.`, 'dayType');
    }
    if (calendarDaysBetween(input.startDate, input.endDate) > MAX_REQUEST_CALENDAR_DAYS) {
      throw validationError(`A request can cover at most ${MAX_REQUEST_CALENDAR_DAYS} days.`, 'endDate');
    }
    const holidays = new Set((await holidaysBetween(q, input.startDate, input.endDate)).map((h) => h.date));
    const days = countLeaveDays({ ...input, workingDaysMask: person.workingDaysMask, holidays });
    if (days === 0) {
      throw validationError(
        'These dates have no working days: weekends, rest days and public holidays are not counted.',
        'endDate',
      );
    }
    const clashes = (await overlappingRequests(q, person.staffId, input.startDate, input.endDate)).filter(
      // A morning and an afternoon of the same day do not overlap.
      (other) =>
        !(
          input.dayType !== DAY_TYPE.WD &&
          other.dayType !== DAY_TYPE.WD &&
          other.dayType !== input.dayType &&
          other.startDate === input.startDate &&
          other.endDate === input.endDate
        ),
    );
    const clash = clashes[0];
    if (clash) {
      throw validationError(
        `These dates overlap your ${leaveStatusLabel(clash.status).toLowerCase()} request ${clash.referenceId} (${clash.startDate} to ${clash.endDate}).`,
        'startDate',
      );
    }
    // Judged as at the first day of leave: what has accrued by then, carried days not yet lapsed.
    const year = Number(input.startDate.slice(0, 4));
    const [balance] = await balancesOf(q, person, [type], year, input.startDate);
    const available = balance!.available;
    if (!fitsBalance(available, days, type.balanceLimited)) {
      throw validationError(
        `This request needs ${days} day(s) of ${type.name} but only ${available} are available for ${year}.`,
        'leaveTypeId',
      );
    }
    const preview: LeavePreview = { days, available, balanceAfter: Math.round((available - days) * 10) / 10 };
    return { type, preview };
  }

  async function viewOf(q: Queryable, referenceId: string): Promise<LeaveRequest> {
    const view = await findRequestView(q, referenceId);
    if (!view) throw notFound(`There is no leave request ${referenceId}.`);
    return view;
  }

  async function requestOrNotFound(q: Queryable, referenceId: string) {
    const row = await findRequestRow(q, referenceId);
    if (!row) throw notFound(`There is no leave request ${referenceId}.`);
    return row;
  }

  /** Who may see a request's history and attachment: the applicant, their approver, ADMIN. */
  async function requireViewer(caller: Caller, referenceId: string) {
    const row = await requestOrNotFound(db, referenceId);
    if (caller.isAdmin) return row;
    const person = await staffRecords.ofCaller(caller.user);
    if (
      person &&
      (person.staffId === row.staffId ||
        (await mayDecideForApprover(db, person.staffId, row.approverStaffId, clock.today())))
    )
      return row;
    throw forbidden('Only the applicant, their approver or an HR administrator can see this request.');
  }

  /** A cancellation, by the applicant or an HR admin for them, in one transaction; mail after the commit. */
  async function cancelAs(
    row: { referenceId: string; status: number },
    to: number,
    actor: { kind: LeaveActor; user: TokenUser; person: StaffRow | undefined },
    remarks: string,
  ) {
    const { view, mails } = await db.transaction((tx) =>
      transitions.transition(
        tx,
        row,
        to,
        actor,
        remarks,
        'This request changed a moment ago, so it was not cancelled. Reload to see its status.',
      ),
    );
    void deliverAfterCommit(db, mails, mailer);
    return view;
  }

  return {
    async leaveTypes(): Promise<LeaveType[]> {
      return (await listLeaveTypes(db)).map(toLeaveType);
    },

    async holidays(year: number | undefined) {
      const y = year ?? clock.thisYear();
      return holidaysBetween(db, `${y}-01-01`, `${y}-12-31`);
    },

    async myLeave(user: TokenUser, { year, asAt }: { year?: number; asAt?: string }): Promise<MyLeave> {
      const person = await staffRecords.requireOfCaller(user);
      const y = asAt ? Number(asAt.slice(0, 4)) : (year ?? clock.thisYear());
      const date = asAt ?? balanceDateOf(y, clock.today());
      const [record, balances] = await Promise.all([
        staffRecord(db, person.staffId),
        activeTypes().then((types) => balancesOf(db, person, types, y, date)),
      ]);
      return { staff: record!, year: y, asAt: date, balances };
    },

    /** The home page's glance: my balances today, my requests and the approvals waiting. */
    async summary(caller: Caller): Promise<LeaveSummary> {
      const person = await staffRecords.ofCaller(caller.user);
      const date = clock.today();
      const year = Number(date.slice(0, 4));
      const approvers = await approversOfQueue(db, caller, person, date);
      const [balances, myRequestsWaiting, approvalsWaiting] = await Promise.all([
        person ? activeTypes().then((types) => balancesOf(db, person, types, year, date)) : null,
        person ? waitingOf(db, person.staffId) : null,
        approvers?.length === 0 ? 0 : waitingCount(db, approvers, person?.staffId),
      ]);
      return { year, asAt: date, balances, myRequestsWaiting, approvalsWaiting };
    },

    async myRequests(user: TokenUser, filter: Omit<MyRequestsFilter, 'staffId'>) {
      const person = await staffRecords.requireOfCaller(user);
      const { items, total } = await myRequests(db, { ...filter, staffId: person.staffId });
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    async preview(user: TokenUser, input: ApplyLeaveInput): Promise<LeavePreview> {
      const person = await staffRecords.requireOfCaller(user);
      return (await check(db, person, input)).preview;
    },

    /** Submits a request: checks, writes it and its first event in one transaction. */
    async apply(
      user: TokenUser,
      input: ApplyLeaveInput,
      attachment: Attachment | undefined,
      /** ADMIN applying for this staff member (same rules); the event then names the admin. */
      onBehalfOf?: StaffRow,
    ): Promise<LeaveRequest> {
      const person = onBehalfOf ?? (await staffRecords.requireOfCaller(user));
      if (!person.active) throw forbidden('Your staff leave record is inactive. Ask an HR administrator.');
      const actorPerson = onBehalfOf ? await staffRecords.ofCaller(user) : person;
      const file: CheckedAttachment | undefined = attachment ? checkAttachment(attachment) : undefined;
      const { referenceId, mails } = await db.transaction(async (tx) => {
        // One person's submissions are checked and written one at a time, so two at once cannot both pass the overlap and balance checks.
        await lockStaff(tx, person.staffId);
        const { type, preview } = await check(tx, person, input);
        if (type.attachmentRequired && !file) {
          throw validationError(
            `${type.name} needs an attachment (PDF, JPEG or PNG, at most ${MAX_FILE_SIZE_MB} MB).`,
            'attachment',
          );
        }
        let id = newReferenceId(clock.now());
        for (let attempt = 0; (await findRequestRow(tx, id)) !== undefined; attempt++) {
          if (attempt >= 5) throw conflict('Could not allocate a reference id; please try again.');
          id = newReferenceId(clock.now());
        }
        await insertLeaveRequest(tx, {
          referenceId: id,
          staffId: person.staffId,
          leaveTypeId: type.id,
          startDate: input.startDate,
          endDate: input.endDate,
          dayType: input.dayType,
          days: preview.days,
          reason: input.reason,
          status: 0,
          approverStaffId: person.approverStaffId,
          attachment: file?.data ?? null,
          attachmentName: file?.name ?? null,
          attachmentMime: file?.mime ?? null,
          attachmentSize: file?.size ?? null,
        });
        await insertEvent(tx, {
          referenceId: id,
          fromStatus: null,
          toStatus: 0,
          actorStaffId: actorPerson?.staffId ?? null,
          actorSub: user.sub,
          actorName: actorNameOf(user, actorPerson),
          remarks: input.reason === '' ? null : input.reason,
        });
        // An acting approver named for today gets the message instead (docs/product/leave.md).
        const approver = await transitions.decidingApprover(tx, person.approverStaffId);
        const mails = await transitions.queue(tx, [
          approver && mailer
            ? approverMail(
                {
                  ...input,
                  referenceId: id,
                  staffName: person.displayName,
                  leaveTypeName: type.name,
                  days: preview.days,
                },
                approver.email,
                mailer.publicUrl,
                'submitted',
                '',
              )
            : undefined,
        ]);
        return { referenceId: id, mails };
      });
      void deliverAfterCommit(db, mails, mailer);
      return viewOf(db, referenceId);
    },

    /**
     * The applicant cancels: pending → cancelled; approved → pending cancellation (cancellable
     * types only). An HR admin may put an approved request up for cancellation on their behalf.
     */
    async cancel(caller: Caller, referenceId: string, remarks: string): Promise<LeaveRequest> {
      const row = await requestOrNotFound(db, referenceId);
      const person = await staffRecords.ofCaller(caller.user);
      const isApplicant = person?.staffId === row.staffId;
      if (!isApplicant && !caller.isAdmin)
        throw forbidden('Only the applicant or an HR administrator can cancel this request.');
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      const kind: LeaveActor = isApplicant ? 'applicant' : 'admin';
      const to = isApplicant ? (row.status === 1 ? 4 : 3) : 5;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      return cancelAs(row, to, { kind, user: caller.user, person }, remarks);
    },

    /**
     * ADMIN, for the applicant: a pending request is cancelled (the applicant's own transition,
     * made for them); an approved one goes to pending cancellation (5) for the approver.
     */
    async cancelFor(admin: TokenUser, referenceId: string, remarks: string): Promise<LeaveRequest> {
      const row = await requestOrNotFound(db, referenceId);
      const person = await staffRecords.ofCaller(admin);
      if (person?.staffId === row.staffId) throw forbidden('Cancel your own requests from My Leaves.');
      const kind: LeaveActor = row.status === 0 ? 'applicant' : 'admin';
      const to = row.status === 0 ? 3 : 5;
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      return cancelAs(row, to, { kind, user: admin, person }, remarks);
    },

    async history(caller: Caller, referenceId: string) {
      await requireViewer(caller, referenceId);
      return requestEvents(db, referenceId);
    },

    async attachment(caller: Caller, referenceId: string) {
      await requireViewer(caller, referenceId);
      const file = await attachmentOf(db, referenceId);
      if (!file?.data) throw notFound(`Leave request ${referenceId} has no attachment.`);
      return { data: file.data, name: file.name, mime: file.mime };
    },
  };
}

export type LeaveRequestService = ReturnType<typeof createLeaveRequestService>;
