import { conflict } from '@staff-portal/shared/errors';
import type { AuditAction } from '@staff-portal/shared/it-admin';
import { leaveStatusLabel, type LeaveRequest } from '@staff-portal/shared/leave';
import type { LeaveActor } from '@staff-portal/shared/leave-rules';
import { tokenUserName, type TokenUser } from '../../auth/token-verifier';
import type { Clock } from '../../clock';
import type { Queryable, Transaction } from '../../db/client';
import { recordAuditBy, type AuditActor } from '../audit/audit.public';
import { findStaff, type StaffRow } from '../staff-records/staff-records.public';
import { actingApproverOf } from './acting-approver';
import { queueMail, type Mail, type Mailer } from '../../mail/outbox-mail';
import { approverMail, decisionMail } from './leave.mail';
import { findRequestView, insertEvent, transitionRequest } from './leave.repository';

/** Who makes a transition: the verified user, as which party, and their staff record if any. */
export interface LeaveTransitionActor {
  kind: LeaveActor;
  user: TokenUser;
  person: StaffRow | undefined;
  /** The API request, for the audit trail. */
  requestId: string;
}

/** The audit trail's area for leave requests and their decisions (decision record 0038). */
export const LEAVE_AUDIT_AREA = 'leave';

/**
 * The audit action of a transition: the approver's decision on a request or on a cancellation,
 * or a cancellation (straight to cancelled, or put up for the approver).
 */
export function leaveAuditAction(from: number, to: number): AuditAction {
  if (from === 0 && to === 1) return 'request.approve';
  if (from === 0 && to === 2) return 'request.reject';
  if ((from === 4 || from === 5) && to === 3) return 'cancellation.approve';
  if ((from === 4 || from === 5) && to === 1) return 'cancellation.reject';
  return 'request.cancel';
}

/** How a request reads in the audit trail: who, what leave, which days. */
export const leaveAuditLabel = (view: LeaveRequest) =>
  `${view.staffName} (${view.staffId}), ${view.leaveTypeName}, ${view.startDate === view.endDate ? view.startDate : `${view.startDate} to ${view.endDate}`}`;

/** A request's status as the audit trail keeps it: the code, its label and the remarks. */
export const leaveAuditState = (status: number, remarks: string | null) => ({
  status,
  statusLabel: leaveStatusLabel(status),
  remarks,
});

/** Records a change to a request in the audit trail, in the change's transaction. */
export function auditLeave(
  q: Queryable,
  actor: AuditActor,
  action: AuditAction,
  view: LeaveRequest,
  before: unknown,
  after: unknown,
) {
  return recordAuditBy(q, actor, {
    area: LEAVE_AUDIT_AREA,
    action,
    target: view.referenceId,
    targetLabel: leaveAuditLabel(view),
    before,
    after,
  });
}

/** The name a transition is recorded under: the actor's staff record, else their token's name or e-mail. */
export function actorNameOf(user: TokenUser, person: StaffRow | undefined): string {
  return person ? person.displayName : tokenUserName(user);
}

/**
 * How a request moves from one status to the next (docs/product/leave.md): the checked update,
 * the event that records who, when and why, and the e-mail it causes. Used by the applicant's
 * cancellations and the approver's decisions alike.
 */
export function createLeaveTransitions({ mailer, clock }: { mailer: Mailer | undefined; clock: Clock }) {
  /** Queues messages in the transaction; they are sent after it commits. */
  async function queue(tx: Transaction, mails: (Mail | undefined)[]): Promise<number[]> {
    if (!mailer) return [];
    return queueMail(
      tx,
      mails.filter((m): m is Mail => m !== undefined),
      mailer.sendEmail !== undefined,
    );
  }

  /** The approver who decides today for `approverStaffId`: an acting approver named for today, else them. */
  async function decidingApprover(tx: Transaction, approverStaffId: string | null) {
    return approverStaffId ? findStaff(tx, await actingApproverOf(tx, approverStaffId, clock.today())) : undefined;
  }

  /** The mail a transition causes: a waiting decision to the approver, a decision to the applicant. */
  async function transitionMail(
    tx: Transaction,
    view: LeaveRequest,
    from: number,
    to: number,
    by: string,
    remarks: string,
  ): Promise<Mail | undefined> {
    if (!mailer) return undefined;
    if (to === 4 || to === 5) {
      const approver = await decidingApprover(tx, view.approverStaffId);
      return approver ? approverMail(view, approver.email, mailer.publicUrl, 'cancellation', remarks) : undefined;
    }
    if (to === 3 && from === 0) return undefined;
    const applicant = await findStaff(tx, view.staffId);
    return applicant ? decisionMail(view, applicant.email, mailer.publicUrl, { from, to, by, remarks }) : undefined;
  }

  return {
    queue,
    decidingApprover,

    /**
     * Applies a transition the caller may make, checked again in the update itself; answers the
     * request as it now is, read in the same transaction, and the mail queued for after the commit.
     */
    async transition(
      tx: Transaction,
      row: { referenceId: string; status: number; remarks: string | null },
      to: number,
      actor: LeaveTransitionActor,
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
      await auditLeave(
        tx,
        actor,
        leaveAuditAction(row.status, to),
        view,
        leaveAuditState(row.status, row.remarks),
        leaveAuditState(to, stored),
      );
      const mails = await queue(tx, [await transitionMail(tx, view, row.status, to, actorName, remarks)]);
      return { view, mails };
    },
  };
}

export type LeaveTransitions = ReturnType<typeof createLeaveTransitions>;
