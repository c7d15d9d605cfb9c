import { AppError, notFound, validationError } from '@staff-portal/shared/errors';
import type { StaffRecord, UpdateStaffInput } from '@staff-portal/shared/leave';
import type { AuditAction } from '@staff-portal/shared/it-admin';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import type { CreateStaffValues, Department, IdentityAccount } from '@staff-portal/shared/staff-records';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database, Queryable } from '../../db/client';
import { recordAuditBy, type AuditActor } from '../audit/audit.public';
import type { IdentityAccounts } from './identity-accounts';
import {
  departmentExists,
  findStaff,
  findStaffByEmail,
  findStaffBySub,
  identitySubOf,
  insertStaff,
  linkStaffByEmail,
  listDepartments,
  lockStaff,
  nextStaffId,
  searchStaff,
  staffOfAccounts,
  staffRecord,
  updateStaff,
  type StaffRow,
  type StaffSearch,
} from './staff-records.repository';

/**
 * Said wherever a signed-in user needs a staff record and has none: what it means, who can fix
 * it, and what happens then. The web app shows its own words for the code, in the user's language.
 */
export const NO_STAFF_RECORD =
  'You have no staff leave record yet, so there is no leave to show or apply for. An HR administrator adds it in the E-Leave System Admin (Staff, Add a staff record); your leave pages work as soon as it exists.';

export const noStaffRecord = () => new AppError('NO_STAFF_RECORD', NO_STAFF_RECORD);

/** The audit trail's area for staff records (decision record 0038). */
export const STAFF_RECORDS_AUDIT_AREA = 'staff-records';

/** Records a change to a staff record in the audit trail, in the change's transaction. */
const auditStaff = (
  tx: Queryable,
  actor: AuditActor,
  action: AuditAction,
  before: StaffRecord | null,
  after: StaffRecord,
) =>
  recordAuditBy(tx, actor, {
    area: STAFF_RECORDS_AUDIT_AREA,
    action,
    target: after.staffId,
    targetLabel: `${after.displayName} (${after.staffId})`,
    before,
    after,
  });

/** At most this many identity accounts are offered to link a new record to. */
const ACCOUNTS_OFFERED = 20;

/** Whether the token vouches for its e-mail: Cognito sends `email_verified` as a boolean or a string. */
function emailVerified(user: TokenUser): boolean {
  const verified = user.claims['email_verified'];
  return verified !== false && verified !== 'false';
}

/**
 * Staff records: the person behind an identity account (staff id, department, approver, join
 * date, gender, working days), the one owner of how a signed-in user finds their record.
 */
export function createStaffRecordService({
  database,
  identityAccounts,
}: {
  database: Database;
  /** Where identity accounts are listed; without it, none are offered and none can be picked. */
  identityAccounts?: IdentityAccounts | undefined;
}) {
  const { db } = database;

  /** The approver must exist; a new record has no reports yet, so it cannot close a loop. */
  async function checkApprover(tx: Queryable, staffId: string | null, approverStaffId: string | null) {
    if (approverStaffId === null) return;
    if (approverStaffId === staffId) {
      throw validationError('Nobody can approve their own leave.', 'approverStaffId', 'ownApprover');
    }
    if (!(await findStaff(tx, approverStaffId))) {
      throw validationError(`There is no staff record ${approverStaffId}.`, 'approverStaffId', 'noSuchStaff', {
        staffId: approverStaffId,
      });
    }
  }

  /** The picked identity account: it exists, has no record yet, and has the record's e-mail. */
  async function checkAccount(input: CreateStaffValues): Promise<void> {
    if (input.identitySub === null) return;
    if (!identityAccounts) {
      throw validationError('Identity accounts cannot be picked on this server.', 'identitySub', 'accountsNotListable');
    }
    const account = await identityAccounts.bySub(input.identitySub);
    if (!account) {
      throw validationError(`There is no identity account ${input.identitySub}.`, 'identitySub', 'noSuchAccount');
    }
    if (account.email.toLowerCase() !== input.email) {
      throw validationError(
        `The chosen account's e-mail is ${account.email}; the record must have the same.`,
        'email',
        'emailNotAccount',
        { email: account.email },
      );
    }
  }

  /**
   * The caller's staff record, by identity `sub`. A record not linked yet is linked on first use
   * by the token's e-mail, only when the identity service has verified it: anyone could otherwise
   * claim a colleague's record by putting their address on an account. Undefined when none.
   */
  async function ofCaller(user: TokenUser): Promise<StaffRow | undefined> {
    const linked = await findStaffBySub(db, user.sub);
    if (linked) return linked;
    if (!user.email || !emailVerified(user)) return undefined;
    // Two first calls at once both try to link; the one that finds the record linked already
    // (by the other, a moment ago) reads it by `sub` instead of being told it has none.
    return (await linkStaffByEmail(db, user.email, user.sub)) ?? findStaffBySub(db, user.sub);
  }

  return {
    ofCaller,

    /** The caller's record, or a refusal that says what to do. */
    async requireOfCaller(user: TokenUser): Promise<StaffRow> {
      const person = await ofCaller(user);
      if (!person) throw noStaffRecord();
      return person;
    },

    async byIdOrNotFound(staffId: string): Promise<StaffRow> {
      const person = await findStaff(db, staffId);
      if (!person) throw notFound(`There is no staff record ${staffId}.`);
      return person;
    },

    /** ADMIN: staff records by name, e-mail or id, and department; paged. */
    async search(filter: StaffSearch) {
      const { items, total } = await searchStaff(db, filter);
      return { items, total, page: filter.page, pageSize: filter.pageSize };
    },

    /** ADMIN: one record with its identity link. */
    async detail(staffId: string): Promise<StaffDetail> {
      const record = await staffRecord(db, staffId);
      if (!record) throw notFound(`There is no staff record ${staffId}.`);
      return { ...record, identitySub: await identitySubOf(db, staffId) };
    },

    /**
     * ADMIN: a new staff member's record, with the next staff id. It links to the picked identity
     * account now, or to the account with its e-mail when that person first uses the leave pages.
     */
    async create(actor: AuditActor, input: CreateStaffValues): Promise<StaffDetail> {
      // Asked before the transaction: the identity service may be a network call away.
      await checkAccount(input);
      return db.transaction(async (tx) => {
        const taken = async () => {
          if (await findStaffByEmail(tx, input.email)) {
            throw validationError(
              `There is already a staff record with the e-mail ${input.email}.`,
              'email',
              'emailTaken',
              {
                email: input.email,
              },
            );
          }
          if (input.identitySub !== null && (await findStaffBySub(tx, input.identitySub))) {
            throw validationError('That identity account already has a staff record.', 'identitySub', 'accountTaken');
          }
        };
        await taken();
        if (!(await departmentExists(tx, input.departmentCode))) {
          throw validationError(
            `There is no department ${input.departmentCode}.`,
            'departmentCode',
            'noSuchDepartment',
            {
              code: input.departmentCode,
            },
          );
        }
        await checkApprover(tx, null, input.approverStaffId);
        // Another admin adding a record at the same moment may take the same next id, or the same
        // e-mail: the insert then waits for theirs, skips, and the checks run again on what it made.
        for (let attempt = 0; ; attempt++) {
          const staffId = await nextStaffId(tx);
          const inserted = await insertStaff(tx, {
            staffId,
            displayName: input.displayName,
            email: input.email,
            identitySub: input.identitySub,
            departmentCode: input.departmentCode,
            approverStaffId: input.approverStaffId,
            joinDate: input.joinDate,
            gender: input.gender,
            workingDaysMask: input.workingDaysMask,
          });
          if (inserted) {
            const created = { ...(await staffRecord(tx, staffId))!, identitySub: input.identitySub };
            await auditStaff(tx, actor, 'staff.create', null, created);
            return created;
          }
          await taken();
          if (attempt >= 10) throw new Error('No free staff id after 10 attempts.');
        }
      });
    },

    /** ADMIN: identity accounts that no staff record has (by `sub` or e-mail), by e-mail or name. */
    async accountsWithoutRecord(search: string | undefined): Promise<IdentityAccount[]> {
      if (!identityAccounts) return [];
      const accounts = await identityAccounts.find(search ?? '', ACCOUNTS_OFFERED);
      const { subs, emails } = await staffOfAccounts(db, accounts);
      return accounts.filter((a) => !subs.has(a.sub) && !emails.has(a.email.toLowerCase()));
    },

    /** ADMIN: the departments a record can belong to. */
    async departments(): Promise<Department[]> {
      return listDepartments(db);
    },

    /**
     * ADMIN: a staff member's approver, department, join and leaving dates, gender and working
     * days. Requests already submitted keep the approver they were sent to.
     */
    async update(actor: AuditActor, staffId: string, input: UpdateStaffInput): Promise<StaffRecord> {
      return db.transaction(async (tx) => {
        const before = await findStaff(tx, staffId);
        if (!before) throw notFound(`There is no staff record ${staffId}.`);
        await lockStaff(tx, staffId);
        const leavingDate = input.leavingDate === undefined ? before.leavingDate : input.leavingDate;
        if (leavingDate !== null && leavingDate < input.joinDate) {
          throw validationError(
            `The join date cannot be after the leaving date (${leavingDate}).`,
            'joinDate',
            'joinAfterLeaving',
            { date: leavingDate },
          );
        }
        if (!(await departmentExists(tx, input.departmentCode))) {
          throw validationError(
            `There is no department ${input.departmentCode}.`,
            'departmentCode',
            'noSuchDepartment',
            {
              code: input.departmentCode,
            },
          );
        }
        await checkApprover(tx, staffId, input.approverStaffId);
        if (input.approverStaffId !== null) {
          // Following the approvers up from the new one must not come back to this person.
          const seen = new Set<string>();
          for (let cursor: string | null = input.approverStaffId; cursor !== null && !seen.has(cursor);) {
            if (cursor === staffId) {
              throw validationError(
                'That approver is approved, directly or through others, by this person: it would make a loop.',
                'approverStaffId',
                'approverLoop',
              );
            }
            seen.add(cursor);
            cursor = (await findStaff(tx, cursor))?.approverStaffId ?? null;
          }
        }
        const was = (await staffRecord(tx, staffId))!;
        await updateStaff(tx, staffId, { ...input, leavingDate });
        const now = (await staffRecord(tx, staffId))!;
        await auditStaff(tx, actor, 'staff.update', was, now);
        return now;
      });
    },
  };
}

export type StaffRecordService = ReturnType<typeof createStaffRecordService>;
