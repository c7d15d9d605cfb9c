import { count, sql } from 'drizzle-orm';
import type { LeaveRequest } from '@staff-portal/shared/leave';
import type { Db } from '../db/client';
import { leaveRequestEvents, leaveRequests } from '../db/schema/leave';
import { departments, leaveTypes, publicHolidays, staff } from '../db/schema/organisation';
import { departmentCatalogue, demoStaff } from '../seed/demo-organisation';
import { leaveTypeCatalogue } from '../seed/leave-type-catalogue';
import type { TestContext } from './app';

/**
 * Data for the leave API tests: the demo organisation's departments, leave types and seven
 * staff (not yet linked: the API links them by e-mail on first use), and one public holiday on
 * Wednesday 10 March 2027. Staff 2 (Tan Mei Ling, HRAdmin) approves staff 3 and 4 (HR).
 */
export async function seedLeaveFixture(db: Db) {
  await db.insert(departments).values(departmentCatalogue('UNION'));
  await db.insert(leaveTypes).values(leaveTypeCatalogue.map((type, index) => ({ ...type, sortOrder: index + 1 })));
  await db.insert(publicHolidays).values({ date: '2027-03-10', region: 'MY-14', name: 'Test Holiday' });
  const people = demoStaff('UNION');
  await db.insert(staff).values(people.map((p) => ({ ...p, approverStaffId: null })));
  for (const p of people) {
    if (p.approverStaffId) {
      await db.execute(sql`update ${staff} set approver_staff_id = ${p.approverStaffId} where staff_id = ${p.staffId}`);
    }
  }
}

export const users: Record<
  'itadmin' | 'hradmin' | 'hr' | 'hr2' | 'ir' | 'club' | 'stranger',
  { sub: string; email: string; groups: string[] }
> = {
  itadmin: { sub: '00000000-0000-4000-8000-000000000001', email: 'itadmin@staffportal.example', groups: ['ITAdmin'] },
  hradmin: { sub: '00000000-0000-4000-8000-000000000002', email: 'hradmin@staffportal.example', groups: ['HRAdmin'] },
  /** Muhammad Hafiz, HR, joined 2022-01-10, approver Tan Mei Ling. */
  hr: { sub: '00000000-0000-4000-8000-000000000003', email: 'hr@staffportal.example', groups: ['HR'] },
  /** Priya Nair, HR, joined 2025-02-03, approver Tan Mei Ling. */
  hr2: { sub: '00000000-0000-4000-8000-000000000004', email: 'hr2@staffportal.example', groups: ['HR'] },
  /** Nurul Izzah: IR only, so the SHARED guard refuses her. */
  ir: { sub: '00000000-0000-4000-8000-000000000006', email: 'ir@staffportal.example', groups: ['IR'] },
  club: { sub: '00000000-0000-4000-8000-000000000099', email: 'club@staffportal.example', groups: ['CLUB'] },
  /** In HR but with no staff leave record. */
  stranger: { sub: '00000000-0000-4000-8000-000000000098', email: 'nobody@staffportal.example', groups: ['HR'] },
};
export type FixtureUser = keyof typeof users;

export const staffIds = {
  itadmin: 'LVUSR0000000001',
  hradmin: 'LVUSR0000000002',
  hr: 'LVUSR0000000003',
  hr2: 'LVUSR0000000004',
} as const;

/** Every department the SHARED guard (HR, and by the group check HRAdmin and ITAdmin) refuses (docs/product/access.md). */
export const NOT_SHARED = ['IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP'] as const;
/** Every department the ADMIN guard (HRAdmin, ITAdmin) refuses. */
export const NOT_ADMIN = ['HR', ...NOT_SHARED] as const;

/** A bearer token of a user in this one department only, with no staff leave record. */
export async function departmentHeader(ctx: TestContext, department: string) {
  const index = String(NOT_ADMIN.indexOf(department as (typeof NOT_ADMIN)[number]) + 1).padStart(12, '0');
  const user = {
    sub: `00000000-0000-4000-9000-${index}`,
    email: `${department.toLowerCase()}@access.example`,
    groups: [department],
  };
  return { authorization: `Bearer ${await ctx.tokens.idToken(user)}` };
}

export async function authHeader(ctx: TestContext, who: FixtureUser) {
  return { authorization: `Bearer ${await ctx.tokens.idToken(users[who])}` };
}

export async function call(
  ctx: TestContext,
  who: FixtureUser,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: await authHeader(ctx, who),
    ...(payload === undefined ? {} : { payload }),
  });
}

/**
 * One call as each of `departments` alone (a user in only that department, no staff record), as
 * the access tests make it: the answers, each with its department.
 */
export async function callAsEach(
  ctx: TestContext,
  departments: readonly string[],
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const answers = [];
  for (const department of departments) {
    const response = await ctx.app.inject({
      method,
      url,
      headers: await departmentHeader(ctx, department),
      ...(payload === undefined ? {} : { payload }),
    });
    answers.push({ department, response });
  }
  return answers;
}

/** Applies through the API and answers the stored request; fails the test on anything but 201. */
export async function applyAs(ctx: TestContext, who: FixtureUser, body: object): Promise<LeaveRequest> {
  const response = await call(ctx, who, 'POST', '/api/leave/requests', body);
  if (response.statusCode !== 201) throw new Error(`apply failed: ${response.statusCode} ${response.body}`);
  return response.json<LeaveRequest>();
}

export async function rowCounts(db: Db) {
  const [requests] = await db.select({ n: count() }).from(leaveRequests);
  const [events] = await db.select({ n: count() }).from(leaveRequestEvents);
  return { requests: requests!.n, events: events!.n };
}

/** Builds a multipart/form-data body by hand, so a test controls every byte and header. */
export function multipartBody(
  fields: Record<string, string>,
  file?: { field?: string; filename: string; contentType: string; data: Buffer },
) {
  const boundary = `----leave-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field ?? 'attachment'}"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2000, 0x20), Buffer.from('\n%%EOF\n')]);
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 1)]);
/** A Windows executable's header, to be sent under a .pdf name. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(500, 0x90)]);
