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
  dayUnit,
  daysByYear,
  fitsBalance,
  ineligibilityOn,
  leaveDates,
  newReferenceId,
  type LeaveActor,
} from '@staff-portal/shared/leave-rules';
import { calendarDaysBetween } from '@staff-portal/shared/iso-dates';
import type { TokenUser } from '../../auth/token-verifier';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import { checkAttachment, type Attachment, type CheckedAttachment } from '../../files/attachments';
import type { Caller } from '../../plugins/auth';
import { lockStaff, staffRecord, type StaffRow, type StaffRecordService } from '../staff-records/staff-records.public';
import { mayDecideForApprover } from './acting-approver';
import { approversOfQueue } from './leave-approvals.service';
import { balancesOf } from './leave-balances.service';
import type { AuditActor } from '../audit/audit.public';
import { actorNameOf, auditLeave, leaveAuditState, type LeaveTransitions } from './leave-transitions';
import { deliverAfterCommit, type Mailer } from '../../mail/outbox-mail';
import { approverMail, daysInEnglish } from './leave.mail';
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
  mailer?: Mailer | undefined;
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
    eligibleGender: row.eligibleGender,
    minServiceMonths: row.minServiceMonths,
    proRata: row.proRata,
    includesDaysOf: row.includesDaysOf,
  };
}

const round = (days: number) => Math.round(days * 10) / 10;

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

  /** The balances of a year as at a date, for the active types (every type is read: allowances may include inactive ones). */
  async function activeBalances(person: StaffRow, year: number, date: string) {
    const all = await listLeaveTypes(db);
    return balancesOf(
      db,
      person,
      all.filter((t) => t.active),
      all,
      year,
      date,
    );
  }

  /** Checks a request against every rule that can be known before it is written. */
  async function check(q: Queryable, person: StaffRow, input: ApplyLeaveInput) {
    const all = await listLeaveTypes(q);
    const type = all.find((candidate) => candidate.id === input.leaveTypeId);
    if (!type) {
      throw validationError(`There is no leave type ${input.leaveTypeId}.`, 'leaveTypeId', 'noSuchLeaveType', {
        id: input.leaveTypeId,
      });
    }
    const named = { type: type.name };
    if (!type.active) {
      throw validationError(`${type.name} can no longer be applied for.`, 'leaveTypeId', 'leaveTypeInactive', named);
    }
    if (input.dayType !== DAY_TYPE.WD && !type.halfDayAllowed) {
      throw validationError(`${type.name} cannot be taken as a half day.`, 'dayType', 'halfDayNotAllowed', named);
    }
    if (calendarDaysBetween(input.startDate, input.endDate) > MAX_REQUEST_CALENDAR_DAYS) {
      throw validationError(
        `A request can cover at most ${MAX_REQUEST_CALENDAR_DAYS} days.`,
        'endDate',
        'requestTooLong',
        { maximum: MAX_REQUEST_CALENDAR_DAYS },
      );
    }
    // Eligibility (docs/product/leave.md) is judged on the first day of leave, so a type that
    // needs service can be booked ahead for dates after the service is complete.
    const ineligible = ineligibilityOn(type, person, input.startDate);
    if (ineligible?.reason === 'gender') {
      throw validationError(
        `${type.name} is for ${ineligible.gender === 'F' ? 'women' : 'men'} only.`,
        'leaveTypeId',
        'genderOnly',
        { ...named, gender: ineligible.gender },
      );
    }
    if (ineligible?.reason === 'service') {
      throw validationError(
        `${type.name} needs ${ineligible.minServiceMonths} months' service: it can be taken from ${ineligible.from}.`,
        'startDate',
        'serviceNeeded',
        { ...named, months: ineligible.minServiceMonths, date: ineligible.from },
      );
    }
    if (person.leavingDate !== null && input.endDate > person.leavingDate) {
      throw validationError(
        `The last day of service is ${person.leavingDate}: leave cannot run past it.`,
        input.startDate > person.leavingDate ? 'startDate' : 'endDate',
        'pastLeavingDate',
        { date: person.leavingDate },
      );
    }
    const holidays = new Set((await holidaysBetween(q, input.startDate, input.endDate)).map((h) => h.date));
    const dates = leaveDates({ ...input, workingDaysMask: person.workingDaysMask, holidays });
    const days = dates.length * dayUnit(input.dayType);
    if (days === 0) {
      throw validationError(
        'These dates have no working days: weekends, rest days and public holidays are not counted.',
        'endDate',
        'noWorkingDays',
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
        'overlaps',
        {
          status: leaveStatusLabel(clash.status),
          referenceId: clash.referenceId,
          start: clash.startDate,
          end: clash.endDate,
        },
      );
    }
    // Each year's days against that year's balance (a request over New Year has two), judged as
    // at the request's first day in the year: what has accrued by then, carried days not lapsed.
    const shares = daysByYear(dates, input.dayType);
    const years: LeavePreview['years'] = [];
    for (const { year, days: inYear } of shares) {
      const firstDay = input.startDate > `${year}-01-01` ? input.startDate : `${year}-01-01`;
      const [balance] = await balancesOf(q, person, [type], all, year, firstDay);
      const { available, limitedBy } = balance!;
      if (!fitsBalance(available, inYear, type.balanceLimited)) {
        const part =
          shares.length > 1
            ? `${daysInEnglish(inYear)} of ${type.name} in ${year}`
            : `${daysInEnglish(inYear)} of ${type.name}`;
        const why = limitedBy
          ? `: ${limitedBy.leaveTypeName}'s allowance includes ${type.name}'s days, and that is what is left of it`
          : '';
        throw validationError(
          `This request needs ${part} but only ${available} are available for ${year}${why}.`,
          'leaveTypeId',
          limitedBy ? 'balanceShortIncluded' : 'balanceShort',
          {
            ...named,
            days: inYear,
            available,
            year,
            ...(limitedBy ? { includedIn: limitedBy.leaveTypeName } : {}),
          },
        );
      }
      years.push({ year, days: inYear, available, balanceAfter: round(available - inYear) });
    }
    const [first] = years;
    const preview: LeavePreview = {
      days,
      available: first!.available,
      balanceAfter: first!.balanceAfter,
      years,
    };
    return { type, preview, dates };
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
    row: { referenceId: string; status: number; remarks: string | null },
    to: number,
    actor: { kind: LeaveActor; user: TokenUser; person: StaffRow | undefined; requestId: string },
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
      const [record, balances] = await Promise.all([staffRecord(db, person.staffId), activeBalances(person, y, date)]);
      return { staff: record!, year: y, asAt: date, balances };
    },

    /** The home page's glance: my balances today, my requests and the approvals waiting. */
    async summary(caller: Caller): Promise<LeaveSummary> {
      const person = await staffRecords.ofCaller(caller.user);
      const date = clock.today();
      const year = Number(date.slice(0, 4));
      const approvers = await approversOfQueue(db, caller, person, date);
      const [balances, myRequestsWaiting, approvalsWaiting] = await Promise.all([
        person ? activeBalances(person, year, date) : null,
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

    /** Submits a request: checks, writes it, its first event and its audit entry in one transaction. */
    async apply(
      { user, requestId }: AuditActor,
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
        const { type, preview, dates } = await check(tx, person, input);
        if (type.attachmentRequired && !file) {
          throw validationError(
            `${type.name} needs an attachment (PDF, JPEG or PNG, at most ${MAX_FILE_SIZE_MB} MB).`,
            'attachment',
            'attachmentRequired',
            { type: type.name, maximum: MAX_FILE_SIZE_MB },
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
          leaveDates: dates,
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
        await auditLeave(tx, { user, requestId }, 'request.apply', (await findRequestView(tx, id))!, null, {
          ...leaveAuditState(0, null),
          leaveTypeId: type.id,
          startDate: input.startDate,
          endDate: input.endDate,
          dayType: input.dayType,
          days: preview.days,
          reason: input.reason,
          attachment: file?.name ?? null,
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
    async cancel(caller: Caller, referenceId: string, remarks: string, requestId: string): Promise<LeaveRequest> {
      const row = await requestOrNotFound(db, referenceId);
      const person = await staffRecords.ofCaller(caller.user);
      const isApplicant = person?.staffId === row.staffId;
      if (!isApplicant && !caller.isAdmin)
        throw forbidden('Only the applicant or an HR administrator can cancel this request.');
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      const kind: LeaveActor = isApplicant ? 'applicant' : 'admin';
      const to = isApplicant ? (row.status === 1 ? 4 : 3) : 5;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      return cancelAs(row, to, { kind, user: caller.user, person, requestId }, remarks);
    },

    /**
     * ADMIN, for the applicant: a pending request is cancelled (the applicant's own transition,
     * made for them); an approved one goes to pending cancellation (5) for the approver.
     */
    async cancelFor(
      { user: admin, requestId }: AuditActor,
      referenceId: string,
      remarks: string,
    ): Promise<LeaveRequest> {
      const row = await requestOrNotFound(db, referenceId);
      const person = await staffRecords.ofCaller(admin);
      if (person?.staffId === row.staffId) throw forbidden('Cancel your own requests from My Leaves.');
      const kind: LeaveActor = row.status === 0 ? 'applicant' : 'admin';
      const to = row.status === 0 ? 3 : 5;
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      return cancelAs(row, to, { kind, user: admin, person, requestId }, remarks);
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
