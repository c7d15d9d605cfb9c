/**
 * What other modules may use of staff records (CONTRIBUTING.md §3.2, module boundaries): finding
 * and linking a person's record, departments, and the staff record service; and, for the app
 * that composes the modules, the staff's identity accounts over the identity provider's adapter.
 */
export {
  activeStaff,
  departmentSizes,
  findStaff,
  findStaffByEmail,
  findStaffByIds,
  findStaffBySub,
  linkStaffToSub,
  listDepartments,
  lockStaff,
  staffRecord,
  staffRecordOfSub,
  unlinkStaffFromSub,
  unlinkedStaffRecordByEmail,
} from './staff-records.repository';
export type { StaffRow } from './staff-records.repository';
export { createStaffRecordService, noStaffRecord } from './staff-records.service';
export type { StaffRecordService } from './staff-records.service';
export { identityAccountsOver } from './identity-accounts';
