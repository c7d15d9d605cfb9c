import {
  approvalItemSchema,
  leaveRequestSchema,
  leaveSummarySchema,
  leaveTypeSchema,
  myLeaveSchema,
  pageOf,
} from '@staff-portal/shared/leave';
import type {
  ApprovalItem,
  LeaveBalance,
  LeaveRequest,
  LeaveSummary,
  LeaveType,
  MyLeave,
} from '@staff-portal/shared/leave';

// Everything here goes through the shared schemas, so a fixture that drifts from the contract
// fails where it is made rather than passing a test the real server would fail.

const type = (overrides: Partial<LeaveType> & Pick<LeaveType, 'id' | 'name'>): LeaveType =>
  leaveTypeSchema.parse({
    defaultDays: 8,
    serviceTiers: null,
    cancellable: true,
    attachmentRequired: false,
    halfDayAllowed: true,
    balanceLimited: true,
    accruesMonthly: false,
    active: true,
    ...overrides,
  });

export const ANNUAL = type({ id: 'LVE0001', name: 'Annual Leave' });
export const MEDICAL = type({
  id: 'LVE0002',
  name: 'Medical Leave',
  defaultDays: 14,
  cancellable: false,
  attachmentRequired: true,
  halfDayAllowed: false,
});
export const MATERNITY = type({ id: 'LVE0004', name: 'Maternity Leave', defaultDays: 98, halfDayAllowed: false });
export const RETIRED = type({ id: 'LVE0021', name: 'Old Study Leave', active: false });
export const leaveTypes: LeaveType[] = [ANNUAL, MEDICAL, MATERNITY, RETIRED];

/** A balance whose entitlement is the whole year's unless said otherwise (a type that accrues monthly). */
const balance = (overrides: Partial<LeaveBalance> & Pick<LeaveBalance, 'leaveTypeId' | 'leaveTypeName'>) => ({
  entitled: 7,
  entitledForYear: overrides.entitled ?? 7,
  accruesMonthly: false,
  carried: 0,
  adjustments: 0,
  taken: 0,
  pending: 0,
  available: overrides.entitled ?? 7,
  ...overrides,
});

const balances = [
  balance({
    leaveTypeId: 'LVE0001',
    leaveTypeName: 'Annual Leave',
    entitled: 16,
    carried: 3,
    adjustments: 1,
    taken: 5,
    pending: 2.5,
    available: 12.5,
  }),
  balance({ leaveTypeId: 'LVE0002', leaveTypeName: 'Medical Leave', entitled: 18, taken: 2, available: 16 }),
  ...['Hospitalisation Leave', 'Maternity Leave', 'Paternity Leave'].map((name, index) =>
    balance({ leaveTypeId: `LVE000${index + 3}`, leaveTypeName: name }),
  ),
];

export const myLeave = (year: number, asAt = `${year}-06-15`): MyLeave =>
  myLeaveSchema.parse({
    staff: {
      staffId: 'LVUSR0000000001',
      displayName: 'Aisyah',
      email: 'aisyah@staffportal.example',
      departmentCode: 'HR',
      approverStaffId: 'LVUSR0000000002',
      approverName: 'Farid',
      joinDate: '2020-02-03',
      gender: 'F',
      workingDaysMask: 31,
      active: true,
    },
    year,
    asAt,
    balances,
  });

/** `GET /leave/summary` for 2026: the balances above, nothing waiting unless said. */
export const summary = (overrides: Partial<LeaveSummary> = {}): LeaveSummary =>
  leaveSummarySchema.parse({
    year: 2026,
    asAt: '2026-06-15',
    balances,
    myRequestsWaiting: 0,
    approvalsWaiting: 0,
    ...overrides,
  });

let sequence = 0;
export function leaveRequest(overrides: Partial<LeaveRequest> = {}): LeaveRequest {
  sequence += 1;
  return leaveRequestSchema.parse({
    referenceId: `LV202603010900${String(100000 + sequence)}`,
    staffId: 'LVUSR0000000001',
    staffName: 'Aisyah',
    departmentCode: 'HR',
    leaveTypeId: ANNUAL.id,
    leaveTypeName: ANNUAL.name,
    startDate: '2026-03-02',
    endDate: '2026-03-04',
    dayType: 0,
    days: 3,
    reason: 'Family trip',
    status: 0,
    approverStaffId: 'LVUSR0000000002',
    approverName: 'Farid',
    remarks: null,
    hasAttachment: false,
    createdAt: '2026-03-01T01:00:00.000Z',
    updatedAt: '2026-03-01T01:00:00.000Z',
    ...overrides,
  });
}

const requestPage = pageOf(leaveRequestSchema);
export const pageFrom = (items: LeaveRequest[], page = 1, pageSize = 20, total = items.length) =>
  requestPage.parse({ items, total, page, pageSize });

export function approvalItem(overrides: Partial<ApprovalItem> = {}): ApprovalItem {
  return approvalItemSchema.parse({
    ...leaveRequest({ staffName: 'Hafiz', staffId: 'LVUSR0000000003' }),
    balanceAfter: 9,
    awayOnDates: [],
    overThreshold: false,
    ...overrides,
  });
}
