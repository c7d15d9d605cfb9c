import type { FastifyBaseLogger } from 'fastify';
import { createClock } from '../../clock';
import type { Database } from '../../db/client';
import type { IdentityAdmin } from '../../identity/identity-admin';
import type { Mailer, SendEmail } from '../../mail/outbox-mail';
import { createIrCaseService, type AllowsIrAdmin } from './ir-cases.service';
import { createIrMemberService } from './ir-members.service';
import { createIrOfficerService } from './ir-officers.service';

export interface IrModuleOptions {
  database: Database;
  identityAdmin: IdentityAdmin;
  timeZone: string;
  publicUrl: string;
  sendEmail: SendEmail | undefined;
}

/**
 * The industrial relations services (docs/product/ir.md, docs/product/screens.md §10–§11),
 * composed once per route plugin: the member lookup, grievance cases and the officers in charge
 * of them.
 */
export function createIrServices(options: IrModuleOptions, log: FastifyBaseLogger, allowsIrAdmin: AllowsIrAdmin) {
  const { database } = options;
  const clock = createClock(options.timeZone);
  const mailer: Mailer = { sendEmail: options.sendEmail, publicUrl: options.publicUrl, log };
  const officers = createIrOfficerService({ database, identityAdmin: options.identityAdmin });
  return {
    members: createIrMemberService({ database }),
    cases: createIrCaseService({ database, clock, mailer, officers, allowsIrAdmin }),
    officers,
  };
}
