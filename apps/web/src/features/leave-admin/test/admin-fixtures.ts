import { staffRecordSchema } from '@staff-portal/shared/leave';
import type { StaffRecord } from '@staff-portal/shared/leave';
import { adminLeaveTypeSchema, staffBalancesSchema, staffDetailSchema } from '@staff-portal/shared/leave-admin';
import type { AdminLeaveType, StaffBalances, StaffDetail } from '@staff-portal/shared/leave-admin';

// Through the shared schemas, so a fixture that drifts from the contract fails where it is made.

export function staffRecord(
  overrides: Partial<StaffRecord> & Pick<StaffRecord, 'staffId' | 'displayName'>,
): StaffRecord {
  return staffRecordSchema.parse({
    email: `${overrides.displayName.split(' ')[0]!.toLowerCase()}@staffportal.example`,
    departmentCode: 'HR',
    approverStaffId: null,
    approverName: null,
    joinDate: '2022-01-10',
    leavingDate: null,
    gender: 'M',
    workingDaysMask: 31,
    active: true,
    ...overrides,
  });
}

export const HAFIZ = staffRecord({
  staffId: 'LVUSR0000000003',
  displayName: 'Muhammad Hafiz',
  approverStaffId: 'LVUSR0000000002',
  approverName: 'Tan Mei Ling',
});
export const TAN = staffRecord({
  staffId: 'LVUSR0000000002',
  displayName: 'Tan Mei Ling',
  departmentCode: 'HRAdmin',
  gender: 'F',
});
export const PRIYA = staffRecord({
  staffId: 'LVUSR0000000004',
  displayName: 'Priya Nair',
  approverStaffId: 'LVUSR0000000002',
  approverName: 'Tan Mei Ling',
  gender: 'F',
});
export const everyone = [HAFIZ, PRIYA, TAN];

export const hafizDetail = (identitySub: string | null = 'sub-hafiz'): StaffDetail =>
  staffDetailSchema.parse({ ...HAFIZ, identitySub });

export const balances = (year: number, adjustments = 0): StaffBalances =>
  staffBalancesSchema.parse({
    staffId: HAFIZ.staffId,
    year,
    balances: [
      {
        leaveTypeId: 'LVE0001',
        leaveTypeName: 'Annual Leave',
        entitled: 12,
        entitledForYear: 12,
        accruesMonthly: false,
        proRatedMonths: null,
        entitledOverride: null,
        carried: 2,
        carriedForward: 2,
        carriedExpiresOn: `${year}-03-31`,
        adjustments,
        taken: 3,
        booked: 0,
        pending: 1,
        includes: null,
        limitedBy: null,
        ineligible: null,
        available: 10 + adjustments,
      },
      {
        // Accrues monthly: half of the year's 14 days earned by mid-year.
        leaveTypeId: 'LVE0002',
        leaveTypeName: 'Medical Leave',
        entitled: 7,
        entitledForYear: 14,
        accruesMonthly: true,
        proRatedMonths: null,
        entitledOverride: null,
        carried: 0,
        carriedForward: 0,
        carriedExpiresOn: null,
        adjustments: 0,
        taken: 1,
        booked: 0,
        pending: 0,
        includes: null,
        limitedBy: null,
        ineligible: null,
        available: 6,
      },
    ],
    adjustments:
      adjustments === 0
        ? []
        : [
            {
              id: 1,
              year,
              leaveTypeId: 'LVE0001',
              days: adjustments,
              reason: 'Worked on a public holiday',
              createdBy: 'Tan Mei Ling',
              createdAt: `${year}-05-02T01:00:00.000Z`,
            },
          ],
  });

export const adminType = (overrides: Partial<AdminLeaveType> = {}): AdminLeaveType =>
  adminLeaveTypeSchema.parse({
    id: 'LVE0001',
    name: 'Annual Leave',
    defaultDays: 8,
    serviceTiers: [
      { minYears: 0, days: 8 },
      { minYears: 2, days: 12 },
    ],
    cancellable: true,
    attachmentRequired: false,
    halfDayAllowed: true,
    balanceLimited: true,
    accruesMonthly: false,
    active: true,
    eligibleGender: null,
    minServiceMonths: 0,
    proRata: 'nearest-day',
    includesDaysOf: null,
    carryForwardCap: null,
    carryForwardExpiry: null,
    ...overrides,
  });
