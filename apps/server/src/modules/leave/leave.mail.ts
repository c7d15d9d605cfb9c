import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { firstAttempt, leasedRows, sendLeased, type SendEmail } from '@staff-portal/identity/outbox';
import { identityOutbox } from '@staff-portal/identity/schema';
import { DEFAULT_LANGUAGE, type Language } from '@staff-portal/shared/languages';
import { DAY_TYPE_LABELS, type DayType } from '@staff-portal/shared/leave';
import type { Db, Transaction } from '../../db/client';
import { userSettings } from '../../db/schema/app';
import { staff } from '../../db/schema/organisation';

export type { SendEmail };

/** "1 day", "1.5 days": a figure of days in the English texts (mail, and the leave rules' messages). */
export const daysInEnglish = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

export interface LeaveMailer {
  /** SMTP when configured; without it the messages stay in the outbox (embedded mode). */
  sendEmail: SendEmail | undefined;
  /** The portal's address, for links in the messages. */
  publicUrl: string;
  log: FastifyBaseLogger;
}

/** A message to one staff member, written in whichever language they read. */
export interface LeaveMail {
  to: string;
  compose: (language: Language) => { subject: string; body: string };
}

/**
 * The language each of these staff members chose on their profile (decision record 0032), by
 * the e-mail of their staff record; English for anyone who has not chosen, or whose record is
 * not linked to an account yet.
 */
async function languagesOf(tx: Transaction, emails: string[]): Promise<Map<string, Language>> {
  const rows = await tx
    .select({ email: staff.email, language: userSettings.language })
    .from(staff)
    .innerJoin(userSettings, eq(userSettings.identitySub, staff.identitySub))
    .where(inArray(staff.email, emails));
  return new Map(rows.map((row) => [row.email, row.language]));
}

/**
 * Queues messages in the outbox inside the caller's transaction, so a message exists exactly
 * when the change it reports was committed, in its recipient's language. With SMTP, each is
 * leased for its first attempt (deliverAfterCommit); one whose sender stopped first is sent by
 * the outbox sweep.
 */
export async function queueMail(tx: Transaction, mails: LeaveMail[], willSend: boolean): Promise<number[]> {
  if (mails.length === 0) return [];
  const languages = await languagesOf(tx, [...new Set(mails.map((m) => m.to))]);
  const rows = await tx
    .insert(identityOutbox)
    .values(
      mails.map((m) => {
        const { subject, body } = m.compose(languages.get(m.to) ?? DEFAULT_LANGUAGE);
        return { channel: 'EMAIL', recipient: m.to, subject, body, ...firstAttempt(willSend) };
      }),
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

/** The words of the leave e-mail, in each language the portal speaks. */
const WORDS = {
  en: {
    reference: 'Reference',
    applicant: 'Applicant',
    leaveType: 'Leave type',
    dates: 'Dates',
    to: 'to',
    days: daysInEnglish,
    reason: 'Reason',
    remarks: 'Remarks',
    submittedSubject: (r: MailRequest) => `Leave request ${r.referenceId} from ${r.staffName} waits for your approval`,
    cancellationSubject: (r: MailRequest) => `${r.staffName} asks to cancel approved leave ${r.referenceId}`,
    submitted: (r: MailRequest) => `${r.staffName} has applied for leave.`,
    cancellation: 'A cancellation of approved leave waits for your decision.',
    decide: (link: string) => `Decide it on the approval page: ${link}`,
    outcomes: {
      '0>1': 'was approved',
      '0>2': 'was rejected',
      '4>3': 'is cancelled, as you asked',
      '5>3': 'is cancelled, as HR asked on your behalf',
      '4>1': 'stays approved: the cancellation was refused',
      '5>1': 'stays approved: the cancellation was refused',
    } as Record<string, string>,
    changed: 'changed',
    decisionSubject: (r: MailRequest, outcome: string) => `Your leave request ${r.referenceId} ${outcome}`,
    decision: (outcome: string) => `Your leave request ${outcome}.`,
    decidedBy: 'Decided by',
    yourLeave: (link: string) => `Your leave: ${link}`,
  },
  ms: {
    reference: 'Rujukan',
    applicant: 'Pemohon',
    leaveType: 'Jenis cuti',
    dates: 'Tarikh',
    to: 'hingga',
    days: (days: number) => `${days} hari`,
    reason: 'Sebab',
    remarks: 'Catatan',
    submittedSubject: (r: MailRequest) =>
      `Permohonan cuti ${r.referenceId} daripada ${r.staffName} menunggu kelulusan anda`,
    cancellationSubject: (r: MailRequest) =>
      `${r.staffName} memohon pembatalan cuti yang telah diluluskan ${r.referenceId}`,
    submitted: (r: MailRequest) => `${r.staffName} telah memohon cuti.`,
    cancellation: 'Pembatalan cuti yang telah diluluskan menunggu keputusan anda.',
    decide: (link: string) => `Buat keputusan di halaman kelulusan: ${link}`,
    outcomes: {
      '0>1': 'telah diluluskan',
      '0>2': 'telah ditolak',
      '4>3': 'telah dibatalkan, seperti yang anda minta',
      '5>3': 'telah dibatalkan, seperti yang diminta oleh HR bagi pihak anda',
      '4>1': 'kekal diluluskan: permohonan pembatalan ditolak',
      '5>1': 'kekal diluluskan: permohonan pembatalan ditolak',
    } as Record<string, string>,
    changed: 'telah berubah',
    decisionSubject: (r: MailRequest, outcome: string) => `Permohonan cuti anda ${r.referenceId} ${outcome}`,
    decision: (outcome: string) => `Permohonan cuti anda ${outcome}.`,
    decidedBy: 'Diputuskan oleh',
    yourLeave: (link: string) => `Cuti anda: ${link}`,
  },
} satisfies Record<Language, unknown>;

function describe(request: MailRequest, words: (typeof WORDS)[Language]): string {
  const when =
    request.startDate === request.endDate ? request.startDate : `${request.startDate} ${words.to} ${request.endDate}`;
  const half = request.dayType === 0 ? '' : ` (${DAY_TYPE_LABELS[request.dayType as DayType]})`;
  return [
    `${words.reference}: ${request.referenceId}`,
    `${words.applicant}: ${request.staffName}`,
    `${words.leaveType}: ${request.leaveTypeName}`,
    `${words.dates}: ${when}${half}, ${words.days(request.days)}`,
    ...(request.reason ? [`${words.reason}: ${request.reason}`] : []),
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
  return {
    to,
    compose: (language) => {
      const words = WORDS[language];
      return {
        subject: kind === 'submitted' ? words.submittedSubject(request) : words.cancellationSubject(request),
        body: [
          kind === 'submitted' ? words.submitted(request) : words.cancellation,
          '',
          describe(request, words),
          ...(kind === 'cancellation' && remarks ? [`${words.remarks}: ${remarks}`] : []),
          '',
          words.decide(approvalLink(publicUrl)),
        ].join('\n'),
      };
    },
  };
}

/** To the applicant: the decision on their request or cancellation. */
export function decisionMail(
  request: MailRequest,
  to: string,
  publicUrl: string,
  transition: { from: number; to: number; by: string; remarks: string },
): LeaveMail {
  return {
    to,
    compose: (language) => {
      const words = WORDS[language];
      const outcome = words.outcomes[`${transition.from}>${transition.to}`] ?? words.changed;
      return {
        subject: words.decisionSubject(request, outcome),
        body: [
          words.decision(outcome),
          `${words.decidedBy}: ${transition.by}`,
          ...(transition.remarks ? [`${words.remarks}: ${transition.remarks}`] : []),
          '',
          describe(request, words),
          '',
          words.yourLeave(myLeaveLink(publicUrl)),
        ].join('\n'),
      };
    },
  };
}
