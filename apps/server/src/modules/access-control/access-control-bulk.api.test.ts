import { count } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BulkPreview, BulkPreviewInput } from '@staff-portal/shared/access-control-bulk';
import { readBulkCsv } from '@staff-portal/shared/access-control-csv';
import * as admin from '@staff-portal/identity/admin';
import { identityUsers } from '@staff-portal/identity/schema';
import { auditEntries } from '../../db/schema/audit';
import { createUser } from '../../identity/identity-test-kit';
import { createTestApp, type TestContext } from '../../test/app';

// The preview of creating accounts from a CSV file, against the embedded identity service:
// callers carry test tokens; the accounts it finds are real ones.
let ctx: TestContext;
const DEPARTMENTS = ['HR', 'HRAdmin', 'ITAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP'];
const KEY = { IDENTITY_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64url') };

interface Caller {
  sub: string;
  groups: string[];
}

const identity = () => ctx.app.identity!.context;
const pool = () => ({ UserPoolId: identity().config.userPoolId });
const userCount = async () => (await ctx.database.db.select({ n: count() }).from(identityUsers))[0]!.n;
const auditCount = async () => (await ctx.database.db.select({ n: count() }).from(auditEntries))[0]!.n;

async function preview(who: Caller | undefined, payload: object) {
  const headers = who === undefined ? {} : { authorization: `Bearer ${await ctx.tokens.idToken(who)}` };
  return ctx.app.inject({ method: 'POST', url: '/api/access-control/accounts/bulk/preview', headers, payload });
}

/** The rows of a CSV file, read as the web app reads it before it asks for the preview. */
function rowsOf(csv: string): BulkPreviewInput {
  const read = readBulkCsv(csv);
  if (!read.ok) throw new Error(read.problem.message);
  return { rows: read.rows };
}

const FILE = [
  'Email,Name,Departments',
  'aisyah@example.org,Aisyah Rahman,HR;UNION',
  'not-an-email,Bala,HR',
  'chong@example.org,,IR',
  'devi@example.org,Devi,Payroll',
  'Existing@Example.org,Eve,HR',
  'AISYAH@example.org,Aisyah Again,HR',
  'farid@example.org,Farid,HRAdmin',
  'gopal@example.org,"Gopal, Jr",CLUB',
].join('\r\n');

let itAdmin: Caller;
let hrAdmin: Caller;

beforeEach(async () => {
  ctx = await createTestApp({ env: KEY });
  for (const GroupName of DEPARTMENTS) await admin.createGroup(identity(), { ...pool(), GroupName });
  itAdmin = { sub: await createUser(ctx.app, 'it.one@example.org', { groups: ['ITAdmin'] }), groups: ['ITAdmin'] };
  hrAdmin = { sub: await createUser(ctx.app, 'hr.admin@example.org', { groups: ['HRAdmin'] }), groups: ['HRAdmin'] };
  await createUser(ctx.app, 'existing@example.org', { groups: ['HR'] });
});

describe('bulk create preview: who may call', () => {
  it('401 without a token, 403 for every department but HRAdmin and ITAdmin', async () => {
    const body = rowsOf(FILE);
    expect((await preview(undefined, body)).statusCode).toBe(401);
    for (const department of ['HR', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP']) {
      const answer = await preview({ sub: crypto.randomUUID(), groups: [department] }, body);
      expect(answer.statusCode, department).toBe(403);
    }
    expect((await preview(hrAdmin, body)).statusCode).toBe(200);
    expect((await preview(itAdmin, body)).statusCode).toBe(200);
  });
});

describe('bulk create preview', () => {
  it('answers each row with its problems, the e-mails that exist included, and writes nothing', async () => {
    const [users, audits] = [await userCount(), await auditCount()];
    const answer = await preview(hrAdmin, rowsOf(FILE));
    expect(answer.statusCode).toBe(200);
    const result = answer.json<BulkPreview>();
    expect(result.rows.map((row) => [row.line, row.email, row.problems.map((p) => `${p.field}:${p.reason}`)])).toEqual([
      [2, 'aisyah@example.org', []],
      [3, 'not-an-email', ['email:invalidEmail']],
      [4, 'chong@example.org', ['name:required']],
      [5, 'devi@example.org', ['departments:noSuchDepartment']],
      [6, 'existing@example.org', ['email:accountExists']],
      [7, 'aisyah@example.org', ['email:duplicateInFile']],
      // The same rule as the single create: an HRAdmin may not grant HRAdmin.
      [8, 'farid@example.org', ['departments:protectedDepartment']],
      [9, 'gopal@example.org', []],
    ]);
    expect(result.rows[0]!.departments).toEqual(['HR', 'UNION']);
    expect(result.rows[6]!.problems[0]!.params).toEqual({ department: 'HRAdmin' });
    expect(result.rows[7]!.name).toBe('Gopal, Jr');
    expect(result.ready).toBe(2);
    expect(await userCount()).toBe(users);
    expect(await auditCount()).toBe(audits);
  });

  it('lets an ITAdmin grant HRAdmin', async () => {
    const result = (await preview(itAdmin, rowsOf(FILE))).json<BulkPreview>();
    expect(result.rows[6]!.problems).toEqual([]);
    expect(result.ready).toBe(3);
  });

  it('sees an account created a moment ago', async () => {
    const body = rowsOf('email,name,departments\nnew@example.org,New,HR\n');
    expect((await preview(itAdmin, body)).json<BulkPreview>().ready).toBe(1);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/access-control/accounts',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(itAdmin)}` },
      payload: { email: 'new@example.org', name: 'New', departments: ['HR'] },
    });
    expect(created.statusCode).toBe(201);
    const again = (await preview(itAdmin, body)).json<BulkPreview>();
    expect(again.rows[0]!.problems.map((p) => p.reason)).toEqual(['accountExists']);
  });

  it.each([
    ['no rows', { rows: [] }],
    [
      'more than 500 rows',
      {
        rows: Array.from({ length: 501 }, (_, i) => ({
          line: i + 2,
          email: `p${i}@x.org`,
          name: 'P',
          departments: '',
        })),
      },
    ],
    ['a row with an unknown field', { rows: [{ line: 2, email: 'a@x.org', name: 'A', departments: '', admin: true }] }],
    ['departments as a list', { rows: [{ line: 2, email: 'a@x.org', name: 'A', departments: ['HR'] }] }],
    ['a cell too long to carry', { rows: [{ line: 2, email: 'a'.repeat(1001), name: 'A', departments: '' }] }],
  ])('refuses %s: 400, nothing written', async (_name, body) => {
    const users = await userCount();
    expect((await preview(itAdmin, body)).statusCode).toBe(400);
    expect(await userCount()).toBe(users);
  });
});
