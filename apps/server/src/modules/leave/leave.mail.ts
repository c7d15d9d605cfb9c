import type { Language } from '@staff-portal/shared/languages';
import { DAY_TYPE_LABELS, type DayType } from '@staff-portal/shared/leave';
import type { Mail } from '../../mail/outbox-mail';

/** "1 day", "1.5 days": a figure of days in the English texts (mail, and the leave rules' messages). */
export const daysInEnglish = (days: number) => `${days} ${days === 1 ? 'day' : 'days'}`;

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
): Mail {
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
): Mail {
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
