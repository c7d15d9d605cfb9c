import {
  accountDetailSchema,
  accountSchema,
  accountStaffRecordSchema,
  auditEntrySchema,
  departmentListSchema,
} from '@staff-portal/shared/access-control';
import type {
  Account,
  AccountDetail,
  AccountStaffRecord,
  AuditEntry,
  DepartmentOption,
} from '@staff-portal/shared/access-control';

// Through the shared schemas, so a fixture that drifts from the contract fails where it is made.

/** Every department an account can be given, by code. */
export const DEPARTMENTS = ['HR', 'HRAdmin', 'ITAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB'];

/** The organisation's names for them, as the demo organisation has them. */
const DEPARTMENT_NAMES: Record<string, string> = {
  HR: 'Human Resources',
  HRAdmin: 'Human Resources (admin)',
  ITAdmin: 'IT Administration',
  IR: 'Industrial Relations',
  IRAdmin: 'Industrial Relations (admin)',
  UNION: 'Organisation',
  CLUB: 'Staff Club',
};

/** Departments as `GET /access-control/departments` answers: each code with its name, if it has one. */
export const departmentOptions = (codes: readonly string[]): DepartmentOption[] =>
  departmentListSchema.parse(codes.map((code) => ({ code, name: DEPARTMENT_NAMES[code] ?? null })));

/** A department's checkbox or option, as it reads: "CLUB – Staff Club". */
export const departmentLabel = (code: string) =>
  DEPARTMENT_NAMES[code] === undefined ? code : `${code} – ${DEPARTMENT_NAMES[code]}`;

export function account(overrides: Partial<Account> & Pick<Account, 'username' | 'email'>): Account {
  return accountSchema.parse({
    name: null,
    departments: [],
    status: 'CONFIRMED',
    enabled: true,
    createdAt: '2026-01-05T02:00:00.000Z',
    updatedAt: '2026-02-10T03:30:00.000Z',
    ...overrides,
  });
}

export const TAN = account({
  username: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5e01',
  email: 'tan.meiling@staffportal.example',
  name: 'Tan Mei Ling',
  departments: ['HR', 'HRAdmin'],
  createdAt: '2025-11-03T01:00:00.000Z',
  updatedAt: '2026-03-01T04:00:00.000Z',
});
export const HAFIZ = account({
  username: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5e02',
  email: 'hafiz@staffportal.example',
  name: 'Muhammad Hafiz',
  departments: ['HR'],
});
export const PRIYA = account({
  username: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5e03',
  email: 'priya@staffportal.example',
  name: 'Priya Nair',
  departments: ['IR'],
  status: 'FORCE_CHANGE_PASSWORD',
});
export const AZMAN = account({
  username: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5e04',
  email: 'azman@staffportal.example',
  name: 'Azman Ismail',
  departments: ['ITAdmin'],
  enabled: false,
  status: 'RESET_REQUIRED',
});
export const everyone = [AZMAN, HAFIZ, PRIYA, TAN];

export function auditEntry(overrides: Partial<AuditEntry> & Pick<AuditEntry, 'id' | 'action'>): AuditEntry {
  return auditEntrySchema.parse({
    at: '2026-03-01T04:00:00.000Z',
    actorId: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5eff',
    actorEmail: 'it.admin@staffportal.example',
    area: 'access-control',
    target: null,
    targetLabel: null,
    before: null,
    after: null,
    ...overrides,
  });
}

export function detailOf(target: Account, overrides: Partial<Omit<AccountDetail, 'account'>> = {}): AccountDetail {
  return accountDetailSchema.parse({
    account: target,
    signedInOnce: true,
    grantable: DEPARTMENTS,
    audit: [],
    staffRecord: null,
    suggestedStaffRecord: null,
    ...overrides,
  });
}

export function staffRecord(overrides: Partial<AccountStaffRecord> & Pick<AccountStaffRecord, 'staffId' | 'email'>) {
  return accountStaffRecordSchema.parse({
    displayName: 'Muhammad Hafiz',
    departmentCode: 'HR',
    approverStaffId: 'LVUSR0000000002',
    approverName: 'Tan Mei Ling',
    active: true,
    ...overrides,
  });
}
