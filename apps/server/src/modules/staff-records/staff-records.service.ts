import { forbidden, notFound, validationError } from '@staff-portal/shared/errors';
import type { StaffRecord, UpdateStaffInput } from '@staff-portal/shared/leave';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import type { TokenUser } from '../../auth/token-verifier';
import type { Database } from '../../db/client';
import {
  departmentExists,
  findStaff,
  findStaffBySub,
  identitySubOf,
  linkStaffByEmail,
  lockStaff,
  searchStaff,
  staffRecord,
  updateStaff,
  type StaffRow,
  type StaffSearch,
} from './staff-records.repository';

/** Said wherever a signed-in user needs a staff record and has none. */
export const NO_STAFF_RECORD =
  'You have no staff leave record yet. Ask an HR administrator to create one for your account.';

/** Whether the token vouches for its e-mail: Cognito sends `email_verified` as a boolean or a string. */
function emailVerified(user: TokenUser): boolean {
  const verified = user.claims['email_verified'];
  return verified !== false && verified !== 'false';
}

/**
 * Staff records: the person behind an identity account (staff id, department, approver, join
 * date, gender, working days), the one owner of how a signed-in user finds their record.
 */
export function createStaffRecordService({ database }: { database: Database }) {
  const { db } = database;

  /**
   * The caller's staff record, by identity `sub`. A record not linked yet is linked on first use
   * by the token's e-mail, only when the identity service has verified it: anyone could otherwise
   * claim a colleague's record by putting their address on an account. Undefined when none.
   */
  async function ofCaller(user: TokenUser): Promise<StaffRow | undefined> {
    const linked = await findStaffBySub(db, user.sub);
    if (linked) return linked;
    if (!user.email || !emailVerified(user)) return undefined;
    return linkStaffByEmail(db, user.email, user.sub);
  }

  return {
    ofCaller,

    /** The caller's record, or a refusal that says what to do. */
    async requireOfCaller(user: TokenUser): Promise<StaffRow> {
      const person = await ofCaller(user);
      if (!person) throw forbidden(NO_STAFF_RECORD);
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
     * ADMIN: a staff member's approver, department, join date, gender and working days. Requests
     * already submitted keep the approver they were sent to.
     */
    async update(staffId: string, input: UpdateStaffInput): Promise<StaffRecord> {
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
  };
}

export type StaffRecordService = ReturnType<typeof createStaffRecordService>;
