import type { AccountStaffLink, AccountStaffRecord } from '@staff-portal/shared/access-control';
import { conflict, notFound, validationError } from '@staff-portal/shared/errors';
import type { AuditAction } from '@staff-portal/shared/it-admin';
import type { StaffRecord } from '@staff-portal/shared/leave';
import type { Db, Queryable } from '../../db/client';
import { recordAuditBy, type AuditActor as Actor } from '../audit/audit.public';
import {
  findStaff,
  findStaffByEmail,
  findStaffBySub,
  linkStaffToSub,
  lockStaff,
  staffRecordOfSub,
  unlinkedStaffRecordByEmail,
  unlinkStaffFromSub,
} from '../staff-records/staff-records.public';
import type { IdentityAdmin, IdentityUser } from '../../identity/identity-admin';

const AREA = 'access-control';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function summaryOf(record: StaffRecord): AccountStaffRecord {
  return {
    staffId: record.staffId,
    displayName: record.displayName,
    email: record.email,
    departmentCode: record.departmentCode,
    approverStaffId: record.approverStaffId,
    approverName: record.approverName,
    active: record.active,
  };
}

/** A unique index refused the write: someone linked or re-addressed a record at the same moment. */
function isUniqueViolation(error: unknown): boolean {
  for (let cursor = error as { code?: unknown; cause?: unknown } | undefined; cursor;) {
    if (cursor.code === '23505') return true;
    cursor = cursor.cause as typeof cursor;
  }
  return false;
}

/**
 * The staff leave record of an identity account, from the account page (docs/product/screens.md
 * §14; decision record 0039): which record is linked (by `sub`), the one to suggest (same
 * e-mail, not linked), linking one and unlinking it. Each change is one transaction with its
 * audit entry; a refusal changes nothing and writes none. Creating a record is the staff records'
 * own `POST /leave/admin/staff`, which takes the account's `sub`.
 */
export function createAccountStaffRecords({ db, admin }: { db: Db; admin: IdentityAdmin }) {
  async function state(q: Queryable, user: Pick<IdentityUser, 'username' | 'email'>): Promise<AccountStaffLink> {
    const linked = await staffRecordOfSub(q, user.username);
    if (linked) return { staffRecord: summaryOf(linked), suggestedStaffRecord: null };
    const suggested = user.email ? await unlinkedStaffRecordByEmail(q, user.email) : undefined;
    return { staffRecord: null, suggestedStaffRecord: suggested ? summaryOf(suggested) : null };
  }

  const audit = (
    q: Queryable,
    actor: Actor,
    action: AuditAction,
    user: IdentityUser,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) => recordAuditBy(q, actor, { area: AREA, action, target: user.username, targetLabel: user.email, before, after });

  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('Someone changed this staff record or account at the same moment: look at them again.');
      }
      throw error;
    }
  }

  return {
    /** The account's linked staff record, or the one to suggest. */
    of: (user: Pick<IdentityUser, 'username' | 'email'>) => state(db, user),

    /**
     * Links an existing record: it must exist, have no account, and have the account's e-mail
     * (the rule of the staff records' own `checkAccount`); the account must have no record.
     */
    async link(actor: Actor, username: string, staffId: string): Promise<AccountStaffLink> {
      const user = await admin.getUser(username);
      return write(() =>
        db.transaction(async (tx) => {
          await lockStaff(tx, staffId);
          const record = await findStaff(tx, staffId);
          if (!record) {
            throw validationError(`There is no staff record ${staffId}.`, 'staffId', 'noSuchStaff', { staffId });
          }
          // Linked already: nothing to change, nothing to audit.
          if (record.identitySub === username) return state(tx, user);
          if (record.identitySub !== null) {
            throw validationError(
              `The staff record ${staffId} is linked to another account.`,
              'staffId',
              'staffLinkedElsewhere',
              { staffId },
            );
          }
          const current = await findStaffBySub(tx, username);
          if (current) {
            throw validationError(
              `This account already has the staff record ${current.staffId}.`,
              'staffId',
              'accountTaken',
              { staffId: current.staffId },
            );
          }
          if (!sameEmail(record.email, user.email)) {
            throw validationError(
              `The account's e-mail is ${user.email}; the record must have the same.`,
              'staffId',
              'emailNotAccount',
              { email: user.email },
            );
          }
          if (!(await linkStaffToSub(tx, staffId, username))) {
            throw conflict('Someone changed this staff record at the same moment: look at it again.');
          }
          await audit(
            tx,
            actor,
            'account.staff-link',
            user,
            { staffId: null },
            { staffId, displayName: record.displayName },
          );
          return state(tx, user);
        }),
      );
    },

    /**
     * Unlinks the account's record; its data stay. A record left with the account's e-mail would
     * be linked again at the account's next sign-in (by verified e-mail), so it must then be given
     * another e-mail, one no other record has (decision record 0039).
     */
    async unlink(actor: Actor, username: string, email: string | undefined): Promise<AccountStaffLink> {
      const user = await admin.getUser(username);
      return write(() =>
        db.transaction(async (tx) => {
          const linked = await findStaffBySub(tx, username);
          if (!linked) throw notFound('This account has no linked staff record.');
          await lockStaff(tx, linked.staffId);
          const record = await findStaff(tx, linked.staffId);
          if (!record || record.identitySub !== username) {
            throw conflict('Someone changed this staff record at the same moment: look at it again.');
          }
          const next = email === undefined || sameEmail(email, record.email) ? undefined : email;
          if (sameEmail(next ?? record.email, user.email)) {
            throw validationError(
              `The record's e-mail is the account's (${user.email}): it would be linked again at the next sign-in. Give the record another e-mail.`,
              'email',
              'unlinkNeedsEmail',
              { email: user.email },
            );
          }
          if (next !== undefined && (await findStaffByEmail(tx, next))) {
            throw validationError(`There is already a staff record with the e-mail ${next}.`, 'email', 'emailTaken', {
              email: next,
            });
          }
          if (!(await unlinkStaffFromSub(tx, record.staffId, username, next))) {
            throw conflict('Someone changed this staff record at the same moment: look at it again.');
          }
          await audit(
            tx,
            actor,
            'account.staff-unlink',
            user,
            { staffId: record.staffId, email: record.email },
            { staffId: null, recordEmail: next ?? record.email },
          );
          return state(tx, user);
        }),
      );
    },
  };
}

export type AccountStaffRecords = ReturnType<typeof createAccountStaffRecords>;
