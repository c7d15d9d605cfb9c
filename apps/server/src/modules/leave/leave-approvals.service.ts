import { conflict, forbidden, notFound } from '@staff-portal/shared/errors';
import {
  leaveStatusLabel,
  type ApprovalItem,
  type LeaveDecisionInput,
  type LeaveRequest,
} from '@staff-portal/shared/leave';
import { assertTransition, daysByYear, decisionTarget, overAwayThreshold } from '@staff-portal/shared/leave-rules';
import type { Clock } from '../../clock';
import type { Database, Queryable } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import {
  departmentSizes,
  findStaffByIds,
  type StaffRow,
  noStaffRecord,
  type StaffRecordService,
} from '../staff-records/staff-records.public';
import { approversActedForBy, mayDecideForApprover } from './acting-approver';
import { balanceFacts, balancesFromFacts, typesBehind } from './leave-balances.service';
import type { LeaveTransitions } from './leave-transitions';
import { deliverAfterCommit, type Mailer } from '../../mail/outbox-mail';
import { approvalQueue, departmentAbsences, findLeaveType, findRequestRow, listLeaveTypes } from './leave.repository';

/** At most this many requests are listed in one approval queue (oldest first). */
export const APPROVAL_QUEUE_LIMIT = 200;

/**
 * Whose requests wait in a caller's queue today: everyone's for ADMIN (null), else their own
 * and those of the approvers who named them acting approver for today (docs/product/leave.md);
 * none without a staff record.
 */
export async function approversOfQueue(
  q: Queryable,
  caller: Caller,
  person: StaffRow | undefined,
  today: string,
): Promise<string[] | null> {
  if (caller.isAdmin) return null;
  if (!person) return [];
  return [person.staffId, ...(await approversActedForBy(q, person.staffId, today))];
}

export interface LeaveApprovalServiceOptions {
  database: Database;
  clock: Clock;
  staffRecords: StaffRecordService;
  transitions: LeaveTransitions;
  mailer?: Mailer | undefined;
}

/**
 * Approvals (docs/product/leave.md): the queue of requests and cancellations waiting for the
 * caller, with what they need to decide, and the decision itself.
 */
export function createLeaveApprovalService({
  database,
  clock,
  staffRecords,
  transitions,
  mailer,
}: LeaveApprovalServiceOptions) {
  const { db } = database;

  return {
    /** My approval queue (ADMIN: everyone's), with the balance after and who else is away. */
    async approvals(caller: Caller): Promise<ApprovalItem[]> {
      const person = await staffRecords.ofCaller(caller.user);
      if (!person && !caller.isAdmin) throw noStaffRecord();
      // Nobody decides their own request, so it is not in their queue even for an HR admin.
      const approvers = (await approversOfQueue(db, caller, person, clock.today())) ?? [null];
      const queue = (
        await Promise.all(approvers.map((id) => approvalQueue(db, id, APPROVAL_QUEUE_LIMIT, person?.staffId)))
      )
        .flat()
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.referenceId.localeCompare(b.referenceId))
        .slice(0, APPROVAL_QUEUE_LIMIT);
      // The applicants, their balances, who is away, and how many work in each department: a few
      // queries for the whole queue (one statement of balance facts per year its days fall in).
      const applicantIds = [...new Set(queue.map((request) => request.staffId))];
      const sharesOf = new Map(
        queue.map((request) => [request.referenceId, daysByYear(request.leaveDates, request.dayType)]),
      );
      const years = [...new Set([...sharesOf.values()].flatMap((shares) => shares.map((share) => share.year)))];
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
      return queue.map(({ leaveDates: _dates, ...request }) => {
        const behind = typesBehind([types.get(request.leaveTypeId)!], leaveTypes);
        // Each year's balance as at the request's first day in it, as the request was checked when
        // it was made; the request's own days are already counted (as pending or pending cancellation).
        const balances = sharesOf.get(request.referenceId)!.map(({ year, days }) => {
          const firstDay = request.startDate > `${year}-01-01` ? request.startDate : `${year}-01-01`;
          const balance = balancesFromFacts(
            applicants.get(request.staffId)!,
            behind,
            year,
            firstDay,
            factsOf.get(year)!,
          ).find((b) => b.leaveTypeId === request.leaveTypeId)!;
          return { year, days, balance };
        });
        const first = balances[0]?.balance;
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
          balanceAfter: first?.available ?? 0,
          years: balances.map(({ year, days, balance }) => ({ year, days, balanceAfter: balance.available })),
          includes: first?.includes ?? null,
          limitedBy: first?.limitedBy ?? null,
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

    /** The approver (or an acting approver, or ADMIN) decides a pending request or a pending cancellation. */
    async decide(
      caller: Caller,
      referenceId: string,
      input: LeaveDecisionInput,
      /** The API request, for the audit trail. */
      requestId: string,
    ): Promise<LeaveRequest> {
      const [row, person] = await Promise.all([findRequestRow(db, referenceId), staffRecords.ofCaller(caller.user)]);
      if (!row) throw notFound(`There is no leave request ${referenceId}.`);
      // An HR admin may decide any request, so only others are asked whether they approve this one.
      const mayDecide =
        caller.isAdmin ||
        (person !== undefined && (await mayDecideForApprover(db, person.staffId, row.approverStaffId, clock.today())));
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
        transitions.transition(
          tx,
          row,
          to,
          { kind: 'approver', user: caller.user, person, requestId },
          input.remarks,
          'Someone else decided this request a moment ago, so your decision was not applied. Reload to see its status.',
        ),
      );
      void deliverAfterCommit(db, mails, mailer);
      return view;
    },
  };
}

export type LeaveApprovalService = ReturnType<typeof createLeaveApprovalService>;
