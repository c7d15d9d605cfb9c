import { count } from 'drizzle-orm';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { CaseDetail } from '@staff-portal/shared/ir';
import { auditEntries } from '../db/schema/audit';
import {
  irActionAttachments,
  irCaseActions,
  irCaseCounters,
  irCaseEvents,
  irCases,
  irCategories,
  irMembers,
} from '../db/schema/ir';
import { createUser } from '../identity/identity-test-kit';
import { insertMembers } from '../modules/ir/ir.public';
import type { TestContext } from './app';

/** The members of the IR API tests: names of every origin, one with accents, NRICs close together. */
export const fixtureMembers = [
  {
    memberNo: 'M0000001',
    name: 'Nurul Aisyah binti Ahmad',
    nric: '850101145678',
    gender: 'F' as const,
    dateOfBirth: '1985-01-01',
    employer: 'Maybank',
    branch: 'Kuala Lumpur',
    position: 'Clerk',
    status: 'active' as const,
    joinDate: '2010-03-01',
    phone: '+60123456789',
    email: 'nurul@example.com',
    address: 'Jalan Ampang, Kuala Lumpur',
  },
  {
    memberNo: 'M0000002',
    name: 'Ahmad Faizal bin Ismail',
    nric: '850102105111',
    gender: 'M' as const,
    dateOfBirth: '1985-01-02',
    employer: 'CIMB Bank',
    branch: 'Shah Alam',
    position: 'Officer',
    status: 'active' as const,
    joinDate: '2012-06-15',
  },
  {
    memberNo: 'M0000003',
    name: 'Tan Mei Ling',
    nric: '900505075432',
    gender: 'F' as const,
    dateOfBirth: '1990-05-05',
    employer: 'Maybank',
    branch: 'George Town',
    position: 'Teller',
    status: 'lapsed' as const,
    joinDate: '2015-01-05',
  },
  {
    memberNo: 'M0000004',
    name: 'Rajesh a/l Subramaniam',
    nric: '780910085999',
    gender: 'M' as const,
    dateOfBirth: '1978-09-10',
    employer: 'Malaysia Airlines',
    branch: 'Sepang',
    position: 'Engineer',
    status: 'active' as const,
    joinDate: '2001-11-20',
  },
  {
    memberNo: 'M0000005',
    name: 'José Ángel Muñoz',
    nric: '880808146001',
    gender: 'M' as const,
    dateOfBirth: '1988-08-08',
    employer: 'Allianz Malaysia',
    branch: 'Kuala Lumpur',
    position: 'Analyst',
    status: 'resigned' as const,
    joinDate: '2016-02-01',
  },
  {
    memberNo: 'M0000006',
    name: 'Ahmadi Rahman',
    nric: '850101145679',
    gender: 'M' as const,
    dateOfBirth: '1985-01-01',
    employer: 'Maybank',
    branch: 'Johor Bahru',
    position: 'Clerk',
    status: 'active' as const,
    joinDate: '2011-07-01',
  },
];

export interface IrCaller {
  sub: string;
  email: string;
  groups: string[];
}

export interface IrFixture {
  /** An officer of IR, with a real account (the officers list reads the identity provider). */
  officer: IrCaller;
  /** An IR admin, with a real account. */
  irAdmin: IrCaller;
  /** Another IR officer, to reassign to. */
  officer2: IrCaller;
  /** ITAdmin without an IR department: sees NRICs masked, must name an officer. */
  itAdmin: IrCaller;
  categories: { dismissal: string; salary: string; retired: string };
}

/** Accounts, categories and members for the IR API tests. */
export async function seedIrFixture(ctx: TestContext): Promise<IrFixture> {
  const identity = ctx.app.identity!.context;
  for (const GroupName of ['IR', 'IRAdmin', 'ITAdmin']) {
    await admin.createGroup(identity, { UserPoolId: identity.config.userPoolId, GroupName }).catch(() => undefined);
  }
  const account = async (email: string, groups: string[]) => ({
    sub: await createUser(ctx.app, email, { groups }),
    email,
    groups,
  });
  const officer = await account('farah.officer@example.org', ['IR']);
  const irAdmin = await account('lim.iradmin@example.org', ['IRAdmin']);
  const officer2 = await account('kumar.officer@example.org', ['IR']);
  const itAdmin = { sub: '00000000-0000-4000-8000-0000000000aa', email: 'it@example.org', groups: ['ITAdmin'] };
  const rows = await ctx.database.db
    .insert(irCategories)
    .values([{ name: 'Dismissal' }, { name: 'Salary and allowances' }, { name: 'Old category', active: false }])
    .returning({ id: irCategories.id });
  await insertMembers(ctx.database.db, fixtureMembers);
  return {
    officer,
    irAdmin,
    officer2,
    itAdmin,
    categories: { dismissal: rows[0]!.id, salary: rows[1]!.id, retired: rows[2]!.id },
  };
}

export async function irHeaders(ctx: TestContext, who: IrCaller) {
  return { authorization: `Bearer ${await ctx.tokens.idToken(who)}` };
}

export async function irCall(
  ctx: TestContext,
  who: IrCaller,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: await irHeaders(ctx, who),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Opens a case through the API; fails the test on anything but 201. */
export async function openCase(ctx: TestContext, who: IrCaller, body: object): Promise<CaseDetail> {
  const response = await irCall(ctx, who, 'POST', '/api/ir/grievances', body);
  if (response.statusCode !== 201) throw new Error(`open failed: ${response.statusCode} ${response.body}`);
  return response.json<CaseDetail>();
}

/** The rows of every IR table, the audit trail and the outbox: what "nothing written" compares. */
export async function irCounts(ctx: TestContext) {
  const db = ctx.database.db;
  const tables = {
    members: irMembers,
    categories: irCategories,
    cases: irCases,
    actions: irCaseActions,
    events: irCaseEvents,
    attachments: irActionAttachments,
    counters: irCaseCounters,
    audit: auditEntries,
    outbox: identityOutbox,
  };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    counts[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  }
  return counts as Record<keyof typeof tables, number>;
}
