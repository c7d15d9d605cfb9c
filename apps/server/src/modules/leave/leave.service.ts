import { MAX_FILE_SIZE_MB } from '@staff-portal/shared/constants';
import { conflict, forbidden, notFound, validationError } from '@staff-portal/shared/errors';
import {
  DAY_TYPE,
  leaveStatusLabel,
  type ApplyLeaveInput,
  type ApprovalItem,
  type LeaveBalance,
  type LeaveDecisionInput,
  type LeaveSummary,
  type LeavePreview,
  type LeaveRequest,
  type LeaveType,
  type MyLeave,
  type StaffRecord,
  type UpdateStaffInput,
} from '@staff-portal/shared/leave';
import {
  accruedEntitlement,
  accruedMonths,
  assertTransition,
  availableBalance,
  balanceDateOf,
  carriedAt,
  countLeaveDays,
  dateFormatIn,
  decisionTarget,
  entitlementAt,
  entitlementDateOf,
  fitsBalance,
  newReferenceId,
  overAwayThreshold,
  type LeaveActor,
} from '@staff-portal/shared/leave-rules';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database, Transaction } from '../../db/client';
import { actingApproverOf, approversActedForBy, mayDecideForApprover } from '../staff-movement/acting-approver';
import {
  approverMail,
  decisionMail,
  deliverAfterCommit,
  queueMail,
  type LeaveMail,
  type LeaveMailer,
} from './leave.mail';
import {
  approvalQueue,
  departmentExists,
  searchStaff,
  updateStaff,
  type StaffSearch,
  attachmentOf,
  balanceFactRows,
  departmentAbsences,
  departmentSizes,
  findLeaveType,
  findRequestRow,
  findRequestView,
  findStaff,
  findStaffByIds,
  findStaffBySub,
  holidaysBetween,
  insertEvent,
  insertLeaveRequest,
  linkStaffByEmail,
  listLeaveTypes,
  lockStaff,
  myRequests,
  overlappingRequests,
  requestEvents,
  staffRecord,
  transitionRequest,
  waitingCount,
  waitingOf,
  type LeaveTypeRow,
  type MyRequestsFilter,
  type Queryable,
  type StaffRow,
} from './leave.repository';

/** Who is calling: the verified token user, and whether they pass the ADMIN guard. */
export interface Caller {
  user: TokenUser;
  isAdmin: boolean;
}

export interface LeaveServiceOptions {
  database: Database;
  /** The organisation's time zone: "today" and "this year" are judged there. */
  timeZone: string;
  now?: () => Date;
  /** E-mail on submit and decisions (PRODUCT.md §5); without it nothing is queued. */
  mailer?: LeaveMailer;
}

/** At most this many requests are listed in one approval queue (oldest first). */
export const APPROVAL_QUEUE_LIMIT = 200;
/** The longest single request, in calendar days. */
export const MAX_REQUEST_CALENDAR_DAYS = 366;
export const MAX_ATTACHMENT_BYTES = MAX_FILE_SIZE_MB * 1024 * 1024;

export interface Attachment {
  data: Buffer;
  filename: string;
}

/** The attachment types PRODUCT.md §7 allows, told by their first bytes rather than their name. */
export function detectAttachmentType(data: Buffer): 'application/pdf' | 'image/jpeg' | 'image/png' | undefined {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  return undefined;
}

function calendarDays(startDate: string, endDate: string): number {
  return (Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`)) / 86_400_000 + 1;
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

function actorNameOf(user: TokenUser, person: StaffRow | undefined): string {
  if (person) return person.displayName;
  const name = user.claims['name'];
  return typeof name === 'string' && name !== '' ? name : (user.email ?? user.username);
}

/** What a balance is made of, per `staffId|leaveTypeId` (decision record 0017). */
interface BalanceFacts {
  used: Map<string, { approved: number; pending: number; pendingCancellation: number }>;
  entitlements: Map<string, { entitled: number | null; carried: number; carriedExpiresOn: string | null }>;
  adjustments: Map<string, number>;
  /** Where carried days expire: the days used up to the expiry (all that counts of them after it). */
  usedByExpiry: Map<string, number>;
}

const factKey = (staffId: string, leaveTypeId: string) => `${staffId}|${leaveTypeId}`;

/**
 * The stored facts behind some people's balances of a year, for any date of it: one statement,
 * however many people.
 */
async function balanceFacts(q: Queryable, staffIds: string[], year: number, onlyType?: string): Promise<BalanceFacts> {
  const facts: BalanceFacts = {
    used: new Map(),
    entitlements: new Map(),
    adjustments: new Map(),
    usedByExpiry: new Map(),
  };
  for (const row of await balanceFactRows(q, staffIds, year, onlyType)) {
    const key = factKey(row.staffId, row.leaveTypeId);
    if (row.kind === 'used') {
      const parts = facts.used.get(key) ?? { approved: 0, pending: 0, pendingCancellation: 0 };
      if (row.status === 1) parts.approved += row.days;
      else if (row.status === 0) parts.pending += row.days;
      else parts.pendingCancellation += row.days;
      facts.used.set(key, parts);
    } else if (row.kind === 'entitlement') {
      const { entitled, carried, carriedExpiresOn } = row;
      facts.entitlements.set(key, { entitled, carried, carriedExpiresOn });
    } else if (row.kind === 'adjusted') facts.adjustments.set(key, row.days);
    else facts.usedByExpiry.set(key, row.days);
  }
  return facts;
}

/** One person's balances of a year as at a date, from the facts read for them. */
function balancesFromFacts(
  person: StaffRow,
  types: readonly LeaveTypeRow[],
  year: number,
  asAt: string,
  facts: BalanceFacts,
): LeaveBalance[] {
  return types.map((type) => {
    const key = factKey(person.staffId, type.id);
    const own = facts.entitlements.get(key);
    const entitledForYear = Number(
      own?.entitled ??
        entitlementAt(
          { defaultDays: Number(type.defaultDays), serviceTiers: type.serviceTiers ?? null },
          person.joinDate,
          entitlementDateOf(year),
        ),
    );
    const entitled = type.accruesMonthly
      ? accruedEntitlement(entitledForYear, accruedMonths(year, person.joinDate, asAt))
      : entitledForYear;
    const carried = carriedAt(own?.carried ?? 0, own?.carriedExpiresOn ?? null, asAt, facts.usedByExpiry.get(key) ?? 0);
    const { approved, pending, pendingCancellation } = facts.used.get(key) ?? {
      approved: 0,
      pending: 0,
      pendingCancellation: 0,
    };
    const adjustments = facts.adjustments.get(key) ?? 0;
    return {
      leaveTypeId: type.id,
      leaveTypeName: type.name,
      entitled,
      entitledForYear,
      accruesMonthly: type.accruesMonthly,
      carried,
      adjustments,
      taken: approved,
      pending: pending + pendingCancellation,
      available: availableBalance({ entitled, carried, adjustments, approved, pending, pendingCancellation }),
    };
  });
}

export function createLeaveService({ database, timeZone, now = () => new Date(), mailer }: LeaveServiceOptions) {
  const { db } = database;
  const dateFormat = dateFormatIn(timeZone);
  const today = () => dateFormat.format(now());
  const thisYear = () => Number(today().slice(0, 4));

  /**
   * The caller's staff record, by identity `sub`; a record not yet linked is linked on first use
   * by the token's verified e-mail. Undefined when the caller has none.
   */
  async function callerStaff(user: TokenUser): Promise<StaffRow | undefined> {
    const linked = await findStaffBySub(db, user.sub);
    if (linked) return linked;
    if (!user.email || user.claims['email_verified'] === false || user.claims['email_verified'] === 'false') {
      return undefined;
    }
    return linkStaffByEmail(db, user.email, user.sub);
  }

  const activeTypes = async () => (await listLeaveTypes(db)).filter((t) => t.active);

  async function requireStaff(user: TokenUser): Promise<StaffRow> {
    const person = await callerStaff(user);
    if (!person) {
      throw forbidden('You have no staff leave record yet. Ask an HR administrator to create one for your account.');
    }
    return person;
  }

  /**
   * Balances of a year for the given types as at a date of that year (PRODUCT.md §5, §5a;
   * decision record 0017): the entitlement earned by then, carried days not lapsed by then, and
   * every adjustment and request of the year.
   */
  async function balancesOf(
    q: Queryable,
    person: StaffRow,
    types: readonly LeaveTypeRow[],
    year: number,
    asAt: string,
  ): Promise<LeaveBalance[]> {
    const onlyType = types.length === 1 ? types[0]!.id : undefined;
    const facts = await balanceFacts(q, [person.staffId], year, onlyType);
    return balancesFromFacts(person, types, year, asAt, facts);
  }

  /** Checks a request against every rule of PRODUCT.md §5 that can be known before it is written. */
  async function check(q: Queryable, person: StaffRow, input: ApplyLeaveInput) {
    const type = await findLeaveType(q, input.leaveTypeId);
    if (!type) throw validationError(`There is no leave type ${input.leaveTypeId}.`, 'leaveTypeId');
    if (!type.active) throw validationError(`${type.name} can no longer be applied for.`, 'leaveTypeId');
    if (input.dayType !== DAY_TYPE.WD && !type.halfDayAllowed) {
      throw validationError(`${type.name} cannot be taken as a half day.`, 'dayType');
    }
    if (calendarDays(input.startDate, input.endDate) > MAX_REQUEST_CALENDAR_DAYS) {
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
    const person = await callerStaff(caller.user);
    if (
      person &&
      (person.staffId === row.staffId || (await mayDecideForApprover(db, person.staffId, row.approverStaffId, today())))
    )
      return row;
    throw forbidden('Only the applicant, their approver or an HR administrator can see this request.');
  }

  /** Queues messages in the transaction; they are sent after it commits. */
  async function queue(tx: Transaction, mails: (LeaveMail | undefined)[]): Promise<number[]> {
    if (!mailer) return [];
    return queueMail(
      tx,
      mails.filter((m): m is LeaveMail => m !== undefined),
      mailer.sendEmail !== undefined,
    );
  }

  /** The mail a transition causes: a waiting decision to the approver, a decision to the applicant. */
  async function transitionMail(
    tx: Transaction,
    view: LeaveRequest,
    from: number,
    to: number,
    by: string,
    remarks: string,
  ): Promise<LeaveMail | undefined> {
    if (!mailer) return undefined;
    if (to === 4 || to === 5) {
      const approver = view.approverStaffId
        ? await findStaff(tx, await actingApproverOf(tx, view.approverStaffId, today()))
        : undefined;
      return approver ? approverMail(view, approver.email, mailer.publicUrl, 'cancellation', remarks) : undefined;
    }
    if (to === 3 && from === 0) return undefined;
    const applicant = await findStaff(tx, view.staffId);
    return applicant ? decisionMail(view, applicant.email, mailer.publicUrl, { from, to, by, remarks }) : undefined;
  }

  /**
   * Applies a transition the caller may make, checked again in the update itself; answers the
   * request as it now is, read in the same transaction, and the mail queued for after the commit.
   */
  async function transition(
    tx: Transaction,
    row: { referenceId: string; status: number },
    to: number,
    actor: { kind: LeaveActor; user: TokenUser; person: StaffRow | undefined },
    remarks: string,
    lostRace: string,
  ) {
    const stored = remarks === '' ? null : remarks;
    const moved = await transitionRequest(tx, row.referenceId, row.status, to, stored);
    if (!moved) throw conflict(lostRace);
    const actorName = actorNameOf(actor.user, actor.person);
    await insertEvent(tx, {
      referenceId: row.referenceId,
      fromStatus: row.status,
      toStatus: to,
      actorStaffId: actor.person?.staffId ?? null,
      actorSub: actor.user.sub,
      actorName,
      remarks: stored,
    });
    const view = (await findRequestView(tx, row.referenceId))!;
    const mails = await queue(tx, [await transitionMail(tx, view, row.status, to, actorName, remarks)]);
    return { view, mails };
  }

  return {
    today,
    thisYear,
    callerStaff,

    async leaveTypes(): Promise<LeaveType[]> {
      return (await listLeaveTypes(db)).map(toLeaveType);
    },

    async holidays(year: number | undefined) {
      const y = year ?? thisYear();
      return holidaysBetween(db, `${y}-01-01`, `${y}-12-31`);
    },

    async myLeave(user: TokenUser, { year, asAt }: { year?: number; asAt?: string }): Promise<MyLeave> {
      const person = await requireStaff(user);
      const y = asAt ? Number(asAt.slice(0, 4)) : (year ?? thisYear());
      const date = asAt ?? balanceDateOf(y, today());
      const [record, balances] = await Promise.all([
        staffRecord(db, person.staffId),
        activeTypes().then((types) => balancesOf(db, person, types, y, date)),
      ]);
      return { staff: record!, year: y, asAt: date, balances };
    },

    /** The home page's glance: my balances today, my requests and the approvals waiting. */
    async summary(caller: Caller): Promise<LeaveSummary> {
      const person = await callerStaff(caller.user);
      const date = today();
      const year = Number(date.slice(0, 4));
      // My queue as the approval page shows it: ADMIN everyone's; others their own and those they act for today.
      const approvers = caller.isAdmin
        ? null
        : person
          ? [person.staffId, ...(await approversActedForBy(db, person.staffId, date))]
          : [];
      const [balances, myRequestsWaiting, approvalsWaiting] = await Promise.all([
        person ? activeTypes().then((types) => balancesOf(db, person, types, year, date)) : null,
        person ? waitingOf(db, person.staffId) : null,
        approvers?.length === 0 ? 0 : waitingCount(db, approvers, person?.staffId),
      ]);
      return { year, asAt: date, balances, myRequestsWaiting, approvalsWaiting };
    },

    async myRequests(user: TokenUser, filter: Omit<MyRequestsFilter, 'staffId'>) {
      const person = await requireStaff(user);
      const { items, total } = await myRequests(db, { ...filter, staffId: person.staffId });
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    async preview(user: TokenUser, input: ApplyLeaveInput): Promise<LeavePreview> {
      const person = await requireStaff(user);
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
      const person = onBehalfOf ?? (await requireStaff(user));
      if (!person.active) throw forbidden('Your staff leave record is inactive. Ask an HR administrator.');
      const actorPerson = onBehalfOf ? await callerStaff(user) : person;
      let mime: string | undefined;
      if (attachment) {
        if (attachment.data.length > MAX_ATTACHMENT_BYTES) {
          throw validationError(`The attachment must be at most ${MAX_FILE_SIZE_MB} MB.`, 'attachment');
        }
        mime = detectAttachmentType(attachment.data);
        if (!mime) {
          throw validationError(
            'The attachment must be a PDF, JPEG or PNG file (checked by its content, not its name).',
            'attachment',
          );
        }
      }
      const { referenceId, mails } = await db.transaction(async (tx) => {
        // One person's submissions are checked and written one at a time, so two at once cannot both pass the overlap and balance checks.
        await lockStaff(tx, person.staffId);
        const { type, preview } = await check(tx, person, input);
        if (type.attachmentRequired && !attachment) {
          throw validationError(
            `${type.name} needs an attachment (PDF, JPEG or PNG, at most ${MAX_FILE_SIZE_MB} MB).`,
            'attachment',
          );
        }
        let id = newReferenceId(now());
        for (let attempt = 0; (await findRequestRow(tx, id)) !== undefined; attempt++) {
          if (attempt >= 5) throw conflict('Could not allocate a reference id; please try again.');
          id = newReferenceId(now());
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
          attachment: attachment?.data ?? null,
          attachmentName: attachment ? attachment.filename.replace(/^.*[\\/]/, '').slice(0, 200) || 'attachment' : null,
          attachmentMime: mime ?? null,
          attachmentSize: attachment?.data.length ?? null,
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
        // An acting approver named for today gets the message instead (PRODUCT.md §5a).
        const approver = person.approverStaffId
          ? await findStaff(tx, await actingApproverOf(tx, person.approverStaffId, today()))
          : undefined;
        const mails = await queue(tx, [
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
      const person = await callerStaff(caller.user);
      const isApplicant = person?.staffId === row.staffId;
      if (!isApplicant && !caller.isAdmin)
        throw forbidden('Only the applicant or an HR administrator can cancel this request.');
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      const kind: LeaveActor = isApplicant ? 'applicant' : 'admin';
      const to = isApplicant ? (row.status === 1 ? 4 : 3) : 5;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      const { view, mails } = await db.transaction((tx) =>
        transition(
          tx,
          row,
          to,
          { kind, user: caller.user, person },
          remarks,
          'This request changed a moment ago, so it was not cancelled. Reload to see its status.',
        ),
      );
      void deliverAfterCommit(db, mails, mailer);
      return view;
    },

    /** The approver (or ADMIN) decides a pending request or a pending cancellation. */
    async decide(caller: Caller, referenceId: string, input: LeaveDecisionInput): Promise<LeaveRequest> {
      const [row, person] = await Promise.all([requestOrNotFound(db, referenceId), callerStaff(caller.user)]);
      // An HR admin may decide any request, so only others are asked whether they approve this one.
      const mayDecide =
        caller.isAdmin ||
        (person !== undefined && (await mayDecideForApprover(db, person.staffId, row.approverStaffId, today())));
      if (!mayDecide) throw forbidden('Only the approver of this request or an HR administrator can decide it.');
      if (person?.staffId === row.staffId) throw forbidden('You cannot decide your own leave request.');
      const to = decisionTarget(row.status, input.decision);
      if (to === undefined) {
        throw conflict(
          `This request is already ${leaveStatusLabel(row.status).toLowerCase()}, so there is nothing to decide.`,
        );
      }
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      assertTransition(row.status, to, 'approver', { cancellable: type.cancellable });
      const { view, mails } = await db.transaction((tx) =>
        transition(
          tx,
          row,
          to,
          { kind: 'approver', user: caller.user, person },
          input.remarks,
          'Someone else decided this request a moment ago, so your decision was not applied. Reload to see its status.',
        ),
      );
      void deliverAfterCommit(db, mails, mailer);
      return view;
    },

    async history(caller: Caller, referenceId: string) {
      await requireViewer(caller, referenceId);
      return requestEvents(db, referenceId);
    },

    async attachment(caller: Caller, referenceId: string) {
      await requireViewer(caller, referenceId);
      const file = await attachmentOf(db, referenceId);
      if (!file?.data) throw notFound(`Leave request ${referenceId} has no attachment.`);
      return file;
    },

    /** ADMIN: staff records by name, e-mail or id, and department; paged. */
    async searchStaff(filter: StaffSearch) {
      const { items, total } = await searchStaff(db, filter);
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    /**
     * ADMIN: a staff member's approver, department, join date, gender and working days. Requests
     * already submitted keep the approver they were sent to.
     */
    async updateStaff(staffId: string, input: UpdateStaffInput): Promise<StaffRecord> {
      return db.transaction(async (tx) => {
        if (!(await findStaff(tx, staffId))) throw notFound(`There is no staff record ${staffId}.`);
        await lockStaff(tx, staffId);
        if (!(await departmentExists(tx, input.departmentCode))) {
          throw validationError(`There is no department ${input.departmentCode}.`, 'departmentCode');
        }
        if (input.approverStaffId !== null) {
          if (input.approverStaffId === staffId) {
            throw validationError('Nobody can approve their own leave.', 'approverStaffId');
          }
          if (!(await findStaff(tx, input.approverStaffId))) {
            throw validationError(`There is no staff record ${input.approverStaffId}.`, 'approverStaffId');
          }
          // Following the approvers up from the new one must not come back to this person.
          const seen = new Set<string>();
          for (let cursor: string | null = input.approverStaffId; cursor !== null && !seen.has(cursor);) {
            if (cursor === staffId) {
              throw validationError(
                'That approver is approved, directly or through others, by this person: it would make a loop.',
                'approverStaffId',
              );
            }
            seen.add(cursor);
            cursor = (await findStaff(tx, cursor))?.approverStaffId ?? null;
          }
        }
        await updateStaff(tx, staffId, input);
        return (await staffRecord(tx, staffId))!;
      });
    },

    /** My approval queue (ADMIN: everyone's), with what the approver needs to decide. */
    async approvals(caller: Caller): Promise<ApprovalItem[]> {
      const person = await callerStaff(caller.user);
      if (!person && !caller.isAdmin) {
        throw forbidden('You have no staff leave record yet. Ask an HR administrator to create one for your account.');
      }
      // Nobody decides their own request, so it is not in their queue even for an HR admin.
      // An acting approver also sees the queues of those they act for today (PRODUCT.md §5a).
      const approvers = caller.isAdmin
        ? [null]
        : [person!.staffId, ...(await approversActedForBy(db, person!.staffId, today()))];
      const queue = (
        await Promise.all(approvers.map((id) => approvalQueue(db, id, APPROVAL_QUEUE_LIMIT, person?.staffId)))
      )
        .flat()
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.referenceId.localeCompare(b.referenceId))
        .slice(0, APPROVAL_QUEUE_LIMIT);
      // The applicants, their balances, who is away, and how many work in each department: a few
      // queries for the whole queue.
      const applicantIds = [...new Set(queue.map((request) => request.staffId))];
      const years = [...new Set(queue.map((request) => Number(request.startDate.slice(0, 4))))];
      const departments = [...new Set(queue.map((request) => request.departmentCode))];
      const from = queue.reduce((min, r) => (r.startDate < min ? r.startDate : min), queue[0]?.startDate ?? '');
      const to = queue.reduce((max, r) => (r.endDate > max ? r.endDate : max), '');
      const [leaveTypes, applicants, absences, sizes, facts] = await Promise.all([
        listLeaveTypes(db),
        findStaffByIds(db, applicantIds),
        departmentAbsences(db, departments, from, to),
        departmentSizes(db, departments),
        Promise.all(years.map(async (year) => [year, await balanceFacts(db, applicantIds, year)] as const)),
      ]);
      const types = new Map(leaveTypes.map((t) => [t.id, t]));
      const factsOf = new Map(facts);
      return queue.map((request) => {
        const year = Number(request.startDate.slice(0, 4));
        // As at the first day of leave, as the request was checked when it was made.
        const [balance] = balancesFromFacts(
          applicants.get(request.staffId)!,
          [types.get(request.leaveTypeId)!],
          year,
          request.startDate,
          factsOf.get(year)!,
        );
        const away = absences.filter(
          (a) =>
            a.departmentCode === request.departmentCode &&
            a.staffId !== request.staffId &&
            a.startDate <= request.endDate &&
            a.endDate >= request.startDate,
        );
        const size = sizes.get(request.departmentCode) ?? 0;
        const othersAway = new Set(away.map((a) => a.staffId)).size;
        return {
          ...request,
          // The request's own days are already counted (as pending or pending cancellation).
          balanceAfter: balance!.available,
          awayOnDates: away.map(({ staffName, startDate, endDate, status }) => ({
            staffName,
            startDate,
            endDate,
            status,
          })),
          overThreshold: overAwayThreshold(othersAway, size),
        };
      });
    },

    /**
     * ADMIN, for the applicant: a pending request is cancelled (the applicant's own transition,
     * made for them); an approved one goes to pending cancellation (5) for the approver.
     */
    async cancelFor(admin: TokenUser, referenceId: string, remarks: string): Promise<LeaveRequest> {
      const row = await requestOrNotFound(db, referenceId);
      const person = await callerStaff(admin);
      if (person?.staffId === row.staffId) throw forbidden('Cancel your own requests from My Leaves.');
      const kind: LeaveActor = row.status === 0 ? 'applicant' : 'admin';
      const to = row.status === 0 ? 3 : 5;
      const type = (await findLeaveType(db, row.leaveTypeId))!;
      assertTransition(row.status, to, kind, { cancellable: type.cancellable });
      const { view, mails } = await db.transaction((tx) =>
        transition(
          tx,
          row,
          to,
          { kind, user: admin, person },
          remarks,
          'This request changed a moment ago, so it was not cancelled. Reload to see its status.',
        ),
      );
      void deliverAfterCommit(db, mails, mailer);
      return view;
    },

    /**
     * ADMIN: many staff members' balances of a year for every leave type as at a date, in four
     * queries (the year-end carry-forward of a whole organisation).
     */
    async balancesForMany(
      people: readonly StaffRow[],
      year: number,
      asAt: string,
    ): Promise<Map<string, LeaveBalance[]>> {
      const [types, facts] = await Promise.all([
        listLeaveTypes(db),
        balanceFacts(
          db,
          people.map((p) => p.staffId),
          year,
        ),
      ]);
      return new Map(people.map((person) => [person.staffId, balancesFromFacts(person, types, year, asAt, facts)]));
    },

    /** ADMIN: a staff member's balances of a year for every leave type, as at a date (default: today, within the year). */
    async balancesFor(
      person: StaffRow,
      year: number,
      asAt: string = balanceDateOf(year, today()),
    ): Promise<LeaveBalance[]> {
      return balancesOf(db, person, await listLeaveTypes(db), year, asAt);
    },
  };
}

export type LeaveService = ReturnType<typeof createLeaveService>;
