import { sql } from 'drizzle-orm';
import type { Db, Transaction } from '../db/client';
import { appMeta } from '../db/schema/app';
import { departments, leaveTypes, publicHolidays, staff } from '../db/schema/organisation';
import { seedDemoIr } from './demo-ir';
import { seedDemoLeave } from './demo-leave';
import { seedDemoPosts } from './demo-posts';
import { leaveTypeCatalogue } from './leave-type-catalogue';

/** The holiday calendar seeded for the demo: Federal Territory of Kuala Lumpur (docs/product/leave.md). */
export const DEMO_HOLIDAY_REGION = { country: 'MY', state: '14', code: 'MY-14' } as const;

export function departmentCatalogue(orgDepartment: string) {
  return [
    { code: 'HR', name: 'Human Resources', description: 'Staff who use the E-Leave system' },
    { code: 'HRAdmin', name: 'Human Resources (admin)', description: 'Administers leave, access and announcements' },
    { code: 'ITAdmin', name: 'IT Administration', description: 'Super-administrators of the portal' },
    { code: 'IR', name: 'Industrial Relations', description: 'Member lookup and grievance cases' },
    {
      code: 'IRAdmin',
      name: 'Industrial Relations (admin)',
      description: 'Administers IR categories, officers and imports',
    },
    { code: orgDepartment, name: 'Organisation', description: "The organisation's own department" },
    { code: 'CLUB', name: 'Staff Club', description: '' },
    { code: 'CREDIT_COOP', name: 'Credit Co-operative', description: '' },
    { code: 'GS_COOP', name: 'General Services Co-operative', description: '' },
  ];
}

/** Public holidays of one year for one Malaysian state, from the maintained date-holidays data. */
export async function holidaysFor(
  year: number,
  region: { country: string; state: string; code: string } = DEMO_HOLIDAY_REGION,
) {
  // Loaded only when seeding: the holiday data is large and most starts never need it.
  const { default: Holidays } = await import('date-holidays');
  const calendar = new Holidays(region.country, region.state, { languages: ['en', 'ms'], types: ['public'] });
  const byDate = new Map<string, string[]>();
  for (const holiday of calendar.getHolidays(year)) {
    const date = holiday.date.slice(0, 10);
    byDate.set(date, [...(byDate.get(date) ?? []), holiday.name]);
  }
  return [...byDate].map(([date, names]) => ({ date, region: region.code, name: names.join(' / ') }));
}

function staffId(n: number) {
  return `LVUSR${String(n).padStart(10, '0')}`;
}

interface DemoStaffRow {
  name: string;
  email: string;
  department: string;
  /** Groups the account holds besides its department's. */
  alsoIn?: string[];
  joined: string;
  gender: 'F' | 'M';
  /** The approver, by position in the list (1-based). */
  approver: number | null;
}

function demoStaffRows(orgDepartment: string): DemoStaffRow[] {
  return [
    {
      name: 'Aisyah Rahman',
      email: 'itadmin@staffportal.example',
      department: 'ITAdmin',
      joined: '2015-03-02',
      gender: 'F',
      approver: null,
    },
    {
      name: 'Tan Mei Ling',
      email: 'hradmin@staffportal.example',
      department: 'HRAdmin',
      joined: '2017-06-12',
      gender: 'F',
      approver: 1,
    },
    {
      name: 'Muhammad Hafiz',
      email: 'hr@staffportal.example',
      department: 'HR',
      joined: '2022-01-10',
      gender: 'M',
      approver: 2,
    },
    {
      name: 'Priya Nair',
      email: 'hr2@staffportal.example',
      department: 'HR',
      joined: '2025-02-03',
      gender: 'F',
      approver: 2,
    },
    {
      name: 'Lim Wei Jie',
      email: 'iradmin@staffportal.example',
      department: 'IRAdmin',
      joined: '2016-09-19',
      gender: 'M',
      approver: 1,
    },
    {
      name: 'Nurul Izzah',
      email: 'ir@staffportal.example',
      department: 'IR',
      joined: '2021-11-01',
      gender: 'F',
      approver: 5,
    },
    {
      name: 'Ravi Chandran',
      email: 'staff@staffportal.example',
      department: orgDepartment,
      // The organisation's own department opens no page of its own (docs/product/access.md);
      // its members use the HR services as ordinary staff, so the demo account is in HR too.
      alsoIn: ['HR'],
      joined: '2019-04-15',
      gender: 'M',
      approver: 2,
    },
  ];
}

/** A few staff records across the departments; the demo accounts link them by e-mail (docs/product/leave.md §2). */
export function demoStaff(orgDepartment: string) {
  return demoStaffRows(orgDepartment).map((row, index) => ({
    staffId: staffId(index + 1),
    displayName: row.name,
    email: row.email,
    departmentCode: row.department,
    approverStaffId: row.approver === null ? null : staffId(row.approver),
    joinDate: row.joined,
    gender: row.gender,
  }));
}

/** The identity groups of a demo staff member's account: their department, and any it also needs. */
export function demoStaffGroups(orgDepartment: string): Map<string, string[]> {
  return new Map(
    demoStaffRows(orgDepartment).map((row) => [row.email, [row.department, ...(row.alsoIn ?? [])]] as const),
  );
}

/** Inserts the demo organisation; every insert is idempotent. */
export async function seedDemoOrganisation(db: Db | Transaction, options: { orgDepartment: string; today?: Date }) {
  const year = (options.today ?? new Date()).getFullYear();
  await db.transaction(async (tx) => {
    await tx.insert(departments).values(departmentCatalogue(options.orgDepartment)).onConflictDoNothing();
    await tx
      .insert(leaveTypes)
      .values(leaveTypeCatalogue.map((type, index) => ({ ...type, sortOrder: index + 1 })))
      .onConflictDoNothing();
    await tx
      .insert(publicHolidays)
      .values([...(await holidaysFor(year)), ...(await holidaysFor(year + 1))])
      .onConflictDoNothing();
    const people = demoStaff(options.orgDepartment);
    // Approvers are set after every row exists, so the self-reference never points ahead.
    await tx
      .insert(staff)
      .values(people.map((p) => ({ ...p, approverStaffId: null })))
      .onConflictDoNothing();
    for (const person of people) {
      if (person.approverStaffId) {
        await tx.execute(
          sql`update ${staff} set approver_staff_id = ${person.approverStaffId} where staff_id = ${person.staffId} and approver_staff_id is null`,
        );
      }
    }
  });
}

/**
 * Decides the demo seed once per installation: the first start records itself and, unless
 * `SEED=none`, seeds. Later starts never seed again, whatever SEED says, so a real
 * organisation's data is never mixed with the demo's. Safe when replicas start together.
 */
export async function seedOnFirstStart(
  db: Db,
  options: { seed: 'demo' | 'none'; orgDepartment: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: 'first_start', value: JSON.stringify({ at: new Date().toISOString(), seed: options.seed }) })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (inserted.length === 0 || options.seed === 'none') return false;
    await seedDemoOrganisation(tx, { orgDepartment: options.orgDepartment });
    await seedDemoLeave(tx);
    await seedDemoIr(tx);
    await seedDemoPosts(tx, { orgDepartment: options.orgDepartment });
    return true;
  });
}
