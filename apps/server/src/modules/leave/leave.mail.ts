import type { FastifyBaseLogger } from 'fastify';
import { firstAttempt, leasedRows, sendLeased, type SendEmail } from '@staff-portal/identity/outbox';
import { identityOutbox } from '@staff-portal/identity/schema';
import { DAY_TYPE_LABELS, type DayType } from '@staff-portal/shared/leave';
import type { Db, Transaction } from '../../db/client';

export type { SendEmail };

export interface LeaveMailer {
  /** SMTP when configured; without it the messages stay in the outbox (embedded mode). */
  sendEmail: SendEmail | undefined;
  /** The portal's address, for links in the messages. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

export interface LeaveMail {
  to: string;
  subject: string;
  body: string;
}

/**
 * Queues messages in the outbox inside the caller's transaction, so a message exists exactly
 * when the change it reports was committed. With SMTP, each is leased for its first attempt
 * (deliverAfterCommit); one whose sender stopped first is sent by the outbox sweep.
 */
export async function queueMail(tx: Transaction, mails: LeaveMail[], willSend: boolean): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(identityOutbox)
    .values(
      mails.map((m) => ({
        channel: 'EMAIL',
        recipient: m.to,
        subject: m.subject,
        body: m.body,
        ...firstAttempt(willSend),
      })),
    )
    .returning({ id: identityOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Hands queued messages to SMTP after the transaction committed, without the request waiting:
 * a slow or broken mail server never slows or fails a leave request. Each outcome is recorded on
 * the outbox row (delivered, or the error and when the sweep tries again) where the IT admin page
 * shows it.
 */
export function deliverAfterCommit(db: Db, ids: number[], mailer: LeaveMailer | undefined): Promise<void> {
  if (ids.length === 0 || !mailer?.sendEmail) return Promise.resolve();
  const send = mailer.sendEmail;
  return leasedRows(db, ids)
    .then((rows) => sendLeased(db, rows, send, mailer.log))
    .catch((error: unknown) => mailer.log.error({ err: error }, 'leave e-mail delivery failed'));
}

export interface MailRequest {
  referenceId: string;
  staffName: string;
  leaveTypeName: string;
  startDate: string;
  endDate: string;
  dayType: number;
  days: number;
  reason: string;
}

function describe(request: MailRequest): string {
  const when = request.startDate === request.endDate ? request.startDate : `${request.startDate} to ${request.endDate}`;
  const half = request.dayType === 0 ? '' : ` (${DAY_TYPE_LABELS[request.dayType as DayType]})`;
  return [
    `Reference: ${request.referenceId}`,
    `Applicant: ${request.staffName}`,
    `Leave type: ${request.leaveTypeName}`,
    `Dates: ${when}${half}, ${request.days} day(s)`,
    ...(request.reason ? [`Reason: ${request.reason}`] : []),
  ].join('\n');
}

const approvalLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/shared/hr-services/leave/approval`;
const myLeaveLink = (publicUrl: string) => `${publicUrl.replace(/\/$/, '')}/shared/hr-services/leave/my-leaves`;

/** To the approver: a new request, or a cancellation request, waits for their decision. */
export function approverMail(
  request: MailRequest,
  to: string,
  publicUrl: string,
  kind: 'submitted' | 'cancellation',
  remarks: string,
): LeaveMail {
  const subject =
    kind === 'submitted'
      ? `Leave request ${request.referenceId} from ${request.staffName} waits for your approval`
      : `${request.staffName} asks to cancel approved leave ${request.referenceId}`;
  return {
    to,
    subject,
    body: [
      kind === 'submitted'
        ? `${request.staffName} has applied for leave.`
        : `A cancellation of approved leave waits for your decision.`,
      '',
      describe(request),
      ...(kind === 'cancellation' && remarks ? [`Remarks: ${remarks}`] : []),
      '',
      `Decide it on the approval page: ${approvalLink(publicUrl)}`,
    ].join('\n'),
  };
}

const DECISION_WORDS: Record<string, string> = {
  '0>1': 'was approved',
  '0>2': 'was rejected',
  '4>3': 'is cancelled, as you asked',
  '5>3': 'is cancelled, as HR asked on your behalf',
  '4>1': 'stays approved: the cancellation was refused',
  '5>1': 'stays approved: the cancellation was refused',
};

/** To the applicant: the decision on their request or cancellation. */
export function decisionMail(
  request: MailRequest,
  to: string,
  publicUrl: string,
  transition: { from: number; to: number; by: string; remarks: string },
): LeaveMail {
  const outcome = DECISION_WORDS[`${transition.from}>${transition.to}`] ?? 'changed';
  return {
    to,
    subject: `Your leave request ${request.referenceId} ${outcome}`,
    body: [
      `Your leave request ${outcome}.`,
      `Decided by: ${transition.by}`,
      ...(transition.remarks ? [`Remarks: ${transition.remarks}`] : []),
      '',
      describe(request),
      '',
      `Your leave: ${myLeaveLink(publicUrl)}`,
    ].join('\n'),
  };
}
