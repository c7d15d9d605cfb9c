import type { FastifyBaseLogger } from 'fastify';
import { createClock } from '../../clock';
import type { Database } from '../../db/client';
import { createStaffRecordService } from '../staff-records/staff-records.public';
import { createLeaveApprovalService } from './leave-approvals.service';
import { createLeaveRequestService } from './leave-requests.service';
import { createLeaveTransitions } from './leave-transitions';
import type { SendEmail } from '../../mail/outbox-mail';

export interface LeaveModuleOptions {
  database: Database;
  /** The organisation's time zone: "today" and "this year" are judged there. */
  timeZone: string;
  /** The portal's address, for links in e-mails. */
  publicUrl: string;
  /** SMTP when configured; without it e-mail stays in the outbox (embedded mode). */
  sendEmail: SendEmail | undefined;
}

/** The E-Leave services, composed once per route plugin: staff records, requests and approvals. */
export function createLeaveServices(
  { database, timeZone, publicUrl, sendEmail }: LeaveModuleOptions,
  log: FastifyBaseLogger,
  now?: () => Date,
) {
  const clock = createClock(timeZone, now);
  const mailer = { sendEmail, publicUrl, log };
  const staffRecords = createStaffRecordService({ database });
  const transitions = createLeaveTransitions({ mailer, clock });
  const shared = { database, clock, staffRecords, transitions, mailer };
  return {
    clock,
    staffRecords,
    requests: createLeaveRequestService(shared),
    approvals: createLeaveApprovalService(shared),
  };
}
