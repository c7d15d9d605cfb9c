import { categorySchema, memberInputSchema, officerSchema } from '@staff-portal/shared/ir';
import type { Category, MemberInput, Officer } from '@staff-portal/shared/ir';
import type { z } from 'zod';
import { testUser } from './auth';

// Through the shared schemas, so a fixture that drifts from the contract fails where it is made.

export type StoredMember = z.output<typeof memberInputSchema>;
export const member = (input: MemberInput): StoredMember => memberInputSchema.parse(input);

export const SITI = member({
  memberNo: 'M0012345',
  name: 'Siti Nurhaliza binti Tarudin',
  nric: '850101-14-5678',
  gender: 'F',
  dateOfBirth: '1985-01-01',
  employer: 'Maybank',
  branch: 'Kuala Lumpur',
  position: 'Clerk',
  joinDate: '2010-03-15',
  phone: '012-3456789',
  email: 'siti@example.org',
  address: '12 Jalan Ampang\n50450 Kuala Lumpur',
});
export const RAJ = member({
  memberNo: 'M0020001',
  name: 'Rajesh a/l Kumar',
  nric: '900215-10-1234',
  gender: 'M',
  dateOfBirth: '1990-02-15',
  employer: 'CIMB',
  branch: 'Penang',
  joinDate: '2015-06-01',
  status: 'lapsed',
});
export const AHMAD = member({
  memberNo: 'M0030007',
  name: 'Ahmad Zaki bin Ismail',
  nric: '780707-08-4321',
  gender: 'M',
  dateOfBirth: '1978-07-07',
  employer: 'Maybank',
  branch: 'Penang',
  joinDate: '2001-01-02',
});
export const MEMBERS = [SITI, RAJ, AHMAD];

export const category = (input: Category): Category => categorySchema.parse(input);
export const DISMISSAL = category({
  id: 'c0a80101-0000-4000-8000-000000000001',
  name: 'Dismissal',
  active: true,
  caseCount: 0,
});
export const OVERTIME = category({
  id: 'c0a80101-0000-4000-8000-000000000002',
  name: 'Overtime',
  active: true,
  caseCount: 0,
});
export const RETIRED = category({
  id: 'c0a80101-0000-4000-8000-000000000003',
  name: 'Old category',
  active: false,
  caseCount: 4,
});
export const CATEGORIES = [DISMISSAL, OVERTIME, RETIRED];

export const officer = (input: Officer): Officer => officerSchema.parse(input);
export const FARAH = officer({
  id: '0b6f6c1e-1c1f-4c4e-9f55-00000000f001',
  name: 'Farah Aziz',
  email: 'farah@staffportal.example',
  openCases: 0,
});
export const KEVIN = officer({
  id: '0b6f6c1e-1c1f-4c4e-9f55-00000000f002',
  name: 'Kevin Lim',
  email: 'kevin@staffportal.example',
  openCases: 0,
});
export const OFFICERS = [FARAH, KEVIN];

/** Farah, an IR officer; her id is the account id the officers list gives. */
export const irOfficer = testUser({ id: FARAH.id, name: FARAH.name, email: FARAH.email, department: ['IR'] });
/** Kevin, an IR admin: may reassign and reopen. */
export const irAdmin = testUser({ id: KEVIN.id, name: KEVIN.name, email: KEVIN.email, department: ['IRAdmin'] });
/** An IT admin: passes the IR guard, but sees NRICs masked (docs/product/ir.md §1). */
export const itAdmin = testUser({
  id: '0b6f6c1e-1c1f-4c4e-9f55-0000000000aa',
  name: 'Ivy Tan',
  department: ['ITAdmin'],
});
