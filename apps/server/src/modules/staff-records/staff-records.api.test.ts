import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import type { StaffRecord } from '@staff-portal/shared/leave';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import type { IdentityAccount } from '@staff-portal/shared/staff-records';
import { auditEntries } from '../../db/schema/audit';
import { staff } from '../../db/schema/organisation';
import { createTestApp, type TestContext } from '../../test/app';
import { NOT_ADMIN, applyAs, call, callAsEach, seedLeaveFixture, staffIds, users } from '../../test/leave-fixture';

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

interface Page {
  items: StaffRecord[];
  total: number;
  page: number;
  pageSize: number;
}

const update = {
  approverStaffId: staffIds.itadmin,
  departmentCode: 'HR',
  joinDate: '2020-01-06',
  gender: 'F',
  workingDaysMask: 0b0111111,
};

async function stored(ctx: TestContext, staffId: string) {
  const [row] = await ctx.database.db.select().from(staff).where(eq(staff.staffId, staffId));
  return row!;
}

/** The staff records' audit entries (decision record 0038), oldest first. */
async function staffTrail(ctx: TestContext) {
  return ctx.database.db
    .select()
    .from(auditEntries)
    .where(eq(auditEntries.area, 'staff-records'))
    .orderBy(auditEntries.id);
}

describe('GET /api/leave/admin/staff', () => {
  it('lists staff records by name, paged, searched by name, e-mail or id and filtered by department', async () => {
    const ctx = await setup();
    const all = await call(ctx, 'hradmin', 'GET', '/api/leave/admin/staff?pageSize=3');
    expect(all.statusCode).toBe(200);
    const page = all.json<Page>();
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 3 });
    expect(page.items.map((s) => s.displayName)).toEqual(['Aisyah Rahman', 'Lim Wei Jie', 'Muhammad Hafiz']);
    expect(page.items[2]).toMatchObject({ staffId: staffIds.hr, approverName: 'Tan Mei Ling', departmentCode: 'HR' });

    const byName = (await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff?search=priya')).json<Page>();
    expect(byName.items.map((s) => s.staffId)).toEqual([staffIds.hr2]);
    const byEmail = (await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff?search=hradmin%40')).json<Page>();
    expect(byEmail.items.map((s) => s.staffId)).toEqual([staffIds.hradmin]);
    const byId = (await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff?search=0000000007')).json<Page>();
    expect(byId.items.map((s) => s.displayName)).toEqual(['Ravi Chandran']);
    const hr = (await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff?department=HR')).json<Page>();
    expect(hr.items.map((s) => s.displayName)).toEqual(['Muhammad Hafiz', 'Priya Nair']);
    // LIKE wildcards in the search are taken literally.
    expect((await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff?search=%25')).json<Page>().total).toBe(0);
  });

  it('sorts by name, staff id, e-mail or department either way, ties by name and id, across pages', async () => {
    const ctx = await setup();
    const list = async (query: string) =>
      (await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff?pageSize=100&${query}`)).json<Page>().items;
    const everyone = await list('');
    const lower = (text: string) => text.toLowerCase();
    const by =
      (...keys: ((s: StaffRecord) => string)[]) =>
      (a: StaffRecord, b: StaffRecord) => {
        for (const key of keys) if (key(a) !== key(b)) return key(a) < key(b) ? -1 : 1;
        return 0;
      };
    const name = (s: StaffRecord) => lower(s.displayName);
    const id = (s: StaffRecord) => s.staffId;
    const ids = (rows: StaffRecord[]) => rows.map((s) => s.staffId);

    expect(ids(everyone)).toEqual(ids(everyone.toSorted(by(name, id))));
    expect(ids(await list('sort=staffId&order=desc'))).toEqual(ids(everyone.toSorted(by(id)).reverse()));
    expect(ids(await list('sort=email'))).toEqual(ids(everyone.toSorted(by((s) => lower(s.email), id))));
    const byDepartment = everyone.toSorted(by((s) => s.departmentCode, name, id));
    expect(ids(await list('sort=department'))).toEqual(ids(byDepartment));
    // Descending turns the departments round; within one, people stay A to Z.
    const departmentsDown = [...new Set(byDepartment.map((s) => s.departmentCode))].reverse();
    const down = await list('sort=department&order=desc');
    expect(ids(down)).toEqual(
      ids(departmentsDown.flatMap((code) => byDepartment.filter((s) => s.departmentCode === code))),
    );

    // Pages of a sort follow on from each other.
    const pages = [];
    for (const page of [1, 2, 3]) {
      const url = `/api/leave/admin/staff?sort=department&order=desc&pageSize=3&page=${page}`;
      pages.push(...(await call(ctx, 'hradmin', 'GET', url)).json<Page>().items);
    }
    expect(ids(pages)).toEqual(ids(down));

    for (const query of ['sort=joinDate', 'sort=name&order=up']) {
      const refused = await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json(), query).toMatchObject({ field: query.includes('order') ? 'order' : 'sort' });
    }
  });

  it('refuses every department but the admins with 403, and a bad page size with 400', async () => {
    const ctx = await setup();
    for (const { department, response } of await callAsEach(ctx, NOT_ADMIN, 'GET', '/api/leave/admin/staff')) {
      expect(response.statusCode, department).toBe(403);
      expect(response.json<{ message: string }>().message).toContain('HRAdmin');
    }
    const bad = await call(ctx, 'hradmin', 'GET', '/api/leave/admin/staff?pageSize=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'pageSize' });
  });
});

describe('PUT /api/leave/admin/staff/:staffId', () => {
  it("updates a staff member's approver, department, join date, gender and working days", async () => {
    const ctx = await setup();
    const pending = await applyAs(ctx, 'hr', {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-08',
      endDate: '2027-03-08',
    });
    const response = await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/staff/${staffIds.hr}`, update);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      staffId: staffIds.hr,
      displayName: 'Muhammad Hafiz',
      email: 'hr@staffportal.example',
      departmentCode: 'HR',
      approverStaffId: staffIds.itadmin,
      approverName: 'Aisyah Rahman',
      joinDate: '2020-01-06',
      leavingDate: null,
      gender: 'F',
      workingDaysMask: 63,
      active: true,
    });
    expect(await stored(ctx, staffIds.hr)).toMatchObject({ approverStaffId: staffIds.itadmin, workingDaysMask: 63 });
    // The audit trail keeps who changed the record, and the record before and after.
    expect(await staffTrail(ctx)).toEqual([
      expect.objectContaining({
        actorId: users.hradmin.sub,
        actorEmail: users.hradmin.email,
        action: 'staff.update',
        target: staffIds.hr,
        targetLabel: `Muhammad Hafiz (${staffIds.hr})`,
        before: expect.objectContaining({ approverStaffId: staffIds.hradmin, workingDaysMask: 31 }) as object,
        after: response.json<StaffRecord>(),
        requestId: expect.any(String) as string,
      }),
    ]);
    // The request already submitted stays with the approver it was sent to.
    const queue = (await call(ctx, 'hradmin', 'GET', '/api/leave/approvals')).json<
      { referenceId: string; approverStaffId: string }[]
    >();
    expect(queue.find((q) => q.referenceId === pending.referenceId)!.approverStaffId).toBe(staffIds.hradmin);
    // No approver at all is allowed (the top of the tree).
    const top = await call(ctx, 'itadmin', 'PUT', `/api/leave/admin/staff/${staffIds.hr}`, {
      ...update,
      approverStaffId: null,
    });
    expect(top.json()).toMatchObject({ approverStaffId: null, approverName: null });
  });

  it('sets and clears a leaving date, keeps it when left out, and refuses one before the join date', async () => {
    const ctx = await setup();
    const url = `/api/leave/admin/staff/${staffIds.hr}`;
    const set = await call(ctx, 'hradmin', 'PUT', url, { ...update, leavingDate: '2027-06-15' });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({ leavingDate: '2027-06-15' });
    // A form that does not know the field leaves it as it is.
    expect((await call(ctx, 'hradmin', 'PUT', url, update)).json()).toMatchObject({ leavingDate: '2027-06-15' });
    for (const [body, field] of [
      [{ ...update, leavingDate: '2019-12-31' }, 'leavingDate'],
      [{ ...update, joinDate: '2027-07-01' }, 'joinDate'],
      [{ ...update, leavingDate: '2027-02-30' }, 'leavingDate'],
    ] as const) {
      const refused = await call(ctx, 'hradmin', 'PUT', url, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect(await stored(ctx, staffIds.hr)).toMatchObject({ leavingDate: '2027-06-15', joinDate: '2020-01-06' });
    const cleared = await call(ctx, 'hradmin', 'PUT', url, { ...update, leavingDate: null });
    expect(cleared.json()).toMatchObject({ leavingDate: null });
  });

  const bad: [string, object, string, RegExp][] = [
    ['an unknown approver', { ...update, approverStaffId: 'LVUSR0000000099' }, 'approverStaffId', /no staff record/],
    ['themselves as approver', { ...update, approverStaffId: staffIds.hr }, 'approverStaffId', /own leave/],
    // Tan approves Hafiz, so Hafiz cannot become Tan's approver.
    ['a loop of approvers', { ...update, approverStaffId: staffIds.hr }, 'approverStaffId', /./],
    ['an unknown department', { ...update, departmentCode: 'NOPE' }, 'departmentCode', /no department NOPE/],
    ['a join date that is not a date', { ...update, joinDate: '2020-13-01' }, 'joinDate', /date/],
    ['no working days', { ...update, workingDaysMask: 0 }, 'workingDaysMask', /at least one working day/],
    ['a mask over 7 bits', { ...update, workingDaysMask: 128 }, 'workingDaysMask', /./],
    ['an unknown gender', { ...update, gender: 'X' }, 'gender', /./],
    ['a malformed approver id', { ...update, approverStaffId: 'tan' }, 'approverStaffId', /LVUSR/],
  ];
  it.each(bad)('refuses %s with 400 naming the field, changing nothing', async (name, body, field, message) => {
    const ctx = await setup();
    // The loop case edits Tan (whose reports include Hafiz); the others edit Hafiz.
    const target = name === 'a loop of approvers' ? staffIds.hradmin : staffIds.hr;
    const before = await stored(ctx, target);
    const response = await call(ctx, 'hradmin', 'PUT', `/api/leave/admin/staff/${target}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(response.json<{ message: string }>().message).toMatch(message);
    if (name === 'a loop of approvers') expect(response.json<{ message: string }>().message).toMatch(/loop/);
    expect(await stored(ctx, target)).toEqual(before);
    expect(await staffTrail(ctx)).toEqual([]);
  });

  it('answers 404 for an unknown staff id and 403 for non-admins, changing nothing', async () => {
    const ctx = await setup();
    const unknown = await call(ctx, 'hradmin', 'PUT', '/api/leave/admin/staff/LVUSR0000000099', update);
    expect(unknown.statusCode).toBe(404);
    const before = await stored(ctx, staffIds.hr2);
    const refused = await callAsEach(ctx, NOT_ADMIN, 'PUT', `/api/leave/admin/staff/${staffIds.hr2}`, update);
    for (const { department, response } of refused) {
      expect(response.statusCode, department).toBe(403);
    }
    expect(await stored(ctx, staffIds.hr2)).toEqual(before);
  });
});

describe('linking an account to its staff record', () => {
  it('links it once, however many first calls arrive together, and answers each of them', async () => {
    const ctx = await setup();
    const responses = await Promise.all(Array.from({ length: 8 }, () => call(ctx, 'hr', 'GET', '/api/leave/me')));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
    expect(await stored(ctx, staffIds.hr)).toMatchObject({ identitySub: '00000000-0000-4000-8000-000000000003' });
  });
});

describe('GET /api/leave/admin/staff/:staffId', () => {
  it('shows the record with its identity link once the account is linked', async () => {
    const ctx = await setup();
    const before = (await call(ctx, 'hradmin', 'GET', `/api/leave/admin/staff/${staffIds.hr}`)).json<StaffDetail>();
    expect(before).toMatchObject({ staffId: staffIds.hr, displayName: 'Muhammad Hafiz', identitySub: null });
    // The account links to its record by its verified e-mail the first time it calls.
    await call(ctx, 'hr', 'GET', '/api/leave/me');
    const after = (await call(ctx, 'itadmin', 'GET', `/api/leave/admin/staff/${staffIds.hr}`)).json<StaffDetail>();
    expect(after.identitySub).toBe('00000000-0000-4000-8000-000000000003');
    expect((await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/LVUSR0000009999')).statusCode).toBe(404);
    const bad = await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/nobody');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'staffId' });
  });
});

const newcomer = {
  displayName: 'Siti Aminah',
  email: 'Siti.Aminah@staffportal.example',
  departmentCode: 'HR',
  approverStaffId: staffIds.hradmin,
  joinDate: '2026-11-02',
  gender: 'F',
  workingDaysMask: 31,
};

async function staffCount(ctx: TestContext) {
  return (await ctx.database.db.select({ n: count() }).from(staff))[0]!.n;
}

/** An account in the embedded identity service, as the access-control page would create it. */
async function identityAccount(ctx: TestContext, email: string, name: string) {
  const { User } = await admin.adminCreateUser(ctx.app.identity!.context, {
    UserPoolId: ctx.config.identity.userPoolId,
    Username: email,
    UserAttributes: [
      { Name: 'email', Value: email },
      { Name: 'email_verified', Value: 'true' },
      { Name: 'name', Value: name },
    ],
    MessageAction: 'SUPPRESS',
  });
  return User.Username;
}

describe('POST /api/leave/admin/staff', () => {
  it('adds a record with a new staff id, which links to the account by its verified e-mail on first use', async () => {
    const ctx = await setup();
    // Read once, so the list is in the read cache: the new record must still show.
    expect((await call(ctx, 'hradmin', 'GET', '/api/leave/admin/staff')).json<Page>().total).toBe(7);
    const response = await call(ctx, 'hradmin', 'POST', '/api/leave/admin/staff', newcomer);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      staffId: 'LVUSR0000000008',
      displayName: 'Siti Aminah',
      email: 'siti.aminah@staffportal.example',
      departmentCode: 'HR',
      approverStaffId: staffIds.hradmin,
      approverName: 'Tan Mei Ling',
      joinDate: '2026-11-02',
      leavingDate: null,
      gender: 'F',
      workingDaysMask: 31,
      active: true,
      identitySub: null,
    });
    expect(await staffTrail(ctx)).toEqual([
      expect.objectContaining({
        actorId: users.hradmin.sub,
        action: 'staff.create',
        target: 'LVUSR0000000008',
        targetLabel: 'Siti Aminah (LVUSR0000000008)',
        before: null,
        after: response.json<StaffDetail>(),
      }),
    ]);
    const listed = (await call(ctx, 'hradmin', 'GET', '/api/leave/admin/staff?search=siti')).json<Page>();
    expect(listed.items.map((s) => s.staffId)).toEqual(['LVUSR0000000008']);

    // Her first call links her account to the record, and her leave pages work.
    const siti = { sub: '00000000-0000-4000-8000-000000000123', email: 'siti.aminah@staffportal.example' };
    const headers = { authorization: `Bearer ${await ctx.tokens.idToken({ ...siti, groups: ['HR'] })}` };
    const mine = await ctx.app.inject({ method: 'GET', url: '/api/leave/me', headers });
    expect(mine.statusCode).toBe(200);
    expect(mine.json<{ staff: StaffRecord }>().staff.staffId).toBe('LVUSR0000000008');
    expect((await stored(ctx, 'LVUSR0000000008')).identitySub).toBe(siti.sub);
  });

  it('links at once to an identity account the admin picked from those without a record', async () => {
    const ctx = await setup();
    const sub = await identityAccount(ctx, 'new.hire@staffportal.example', 'New Hire');
    await identityAccount(ctx, 'hr@staffportal.example', 'Muhammad Hafiz');
    const accounts = await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/accounts?search=new');
    expect(accounts.statusCode).toBe(200);
    expect(accounts.json()).toEqual([{ sub, email: 'new.hire@staffportal.example', name: 'New Hire' }]);
    // By name too; an account whose e-mail already has a record is not offered.
    expect((await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/accounts?search=Muhammad')).json()).toEqual([]);
    expect(
      (await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/accounts'))
        .json<IdentityAccount[]>()
        .map((a) => a.sub),
    ).toEqual([sub]);

    const response = await call(ctx, 'itadmin', 'POST', '/api/leave/admin/staff', {
      ...newcomer,
      displayName: 'New Hire',
      email: 'new.hire@staffportal.example',
      identitySub: sub,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ staffId: 'LVUSR0000000008', identitySub: sub });
    expect((await call(ctx, 'itadmin', 'GET', '/api/leave/admin/staff/accounts')).json()).toEqual([]);
  });

  const badNew: [string, object, string, RegExp][] = [
    ['an e-mail that has a record (any case)', { email: 'HR@staffportal.example' }, 'email', /already/],
    ['a malformed e-mail', { email: 'siti' }, 'email', /e-mail/],
    ['no name', { displayName: '  ' }, 'displayName', /name/],
    ['an unknown department', { departmentCode: 'NOPE' }, 'departmentCode', /no department NOPE/],
    ['an unknown approver', { approverStaffId: 'LVUSR0000000099' }, 'approverStaffId', /no staff record/],
    ['no working days', { workingDaysMask: 0 }, 'workingDaysMask', /at least one working day/],
    ['a join date that is not a date', { joinDate: '2026-02-30' }, 'joinDate', /date/],
    ['an unknown gender', { gender: 'X' }, 'gender', /./],
    ['an identity account that does not exist', { identitySub: randomUUID() }, 'identitySub', /no identity account/],
    ['a malformed identity account', { identitySub: 'siti' }, 'identitySub', /UUID/],
  ];
  it.each(badNew)('refuses %s with 400 naming the field, writing nothing', async (_name, change, field, message) => {
    const ctx = await setup();
    const response = await call(ctx, 'hradmin', 'POST', '/api/leave/admin/staff', { ...newcomer, ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await staffCount(ctx)).toBe(7);
  });

  it("refuses an identity account that has a record already, or another e-mail than the account's", async () => {
    const ctx = await setup();
    const sub = await identityAccount(ctx, 'new.hire@staffportal.example', 'New Hire');
    await ctx.database.db.update(staff).set({ identitySub: sub }).where(eq(staff.staffId, staffIds.hr2));
    const linked = await call(ctx, 'hradmin', 'POST', '/api/leave/admin/staff', {
      ...newcomer,
      email: 'new.hire@staffportal.example',
      identitySub: sub,
    });
    expect(linked.statusCode).toBe(400);
    expect(linked.json()).toMatchObject({ field: 'identitySub' });
    expect(linked.json<{ message: string }>().message).toMatch(/already has a staff record/);

    const other = await identityAccount(ctx, 'another@staffportal.example', 'Another');
    const mismatch = await call(ctx, 'hradmin', 'POST', '/api/leave/admin/staff', { ...newcomer, identitySub: other });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ field: 'email' });
    expect(mismatch.json<{ message: string }>().message).toContain('another@staffportal.example');
    expect(await staffCount(ctx)).toBe(7);
  });

  it('refuses every department but the admins with 403, writing nothing', async () => {
    const ctx = await setup();
    for (const { department, response } of await callAsEach(
      ctx,
      NOT_ADMIN,
      'POST',
      '/api/leave/admin/staff',
      newcomer,
    )) {
      expect(response.statusCode, department).toBe(403);
    }
    for (const url of ['/api/leave/admin/staff/accounts', '/api/leave/admin/departments']) {
      for (const { department, response } of await callAsEach(ctx, NOT_ADMIN, 'GET', url)) {
        expect(response.statusCode, `${department} ${url}`).toBe(403);
      }
    }
    expect(await staffCount(ctx)).toBe(7);
  });

  it('gives records added at the same time different staff ids, and one e-mail only one record', async () => {
    const ctx = await setup();
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(ctx, 'hradmin', 'POST', '/api/leave/admin/staff', { ...newcomer, email: `new${n}@staffportal.example` }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json<StaffRecord>().staffId)).size).toBe(4);
    expect(answers.map((a) => a.json<StaffRecord>().staffId).sort()).toEqual([
      'LVUSR0000000008',
      'LVUSR0000000009',
      'LVUSR0000000010',
      'LVUSR0000000011',
    ]);

    const twins = await Promise.all(
      [1, 2].map(() =>
        call(ctx, 'itadmin', 'POST', '/api/leave/admin/staff', { ...newcomer, email: 'twin@staffportal.example' }),
      ),
    );
    expect(twins.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(twins.find((a) => a.statusCode === 400)!.json()).toMatchObject({ field: 'email' });
    expect(await staffCount(ctx)).toBe(12);
  });
});

describe('GET /api/leave/admin/departments', () => {
  it('lists the departments a record can belong to', async () => {
    const ctx = await setup();
    const response = await call(ctx, 'hradmin', 'GET', '/api/leave/admin/departments');
    expect(response.statusCode).toBe(200);
    const list = response.json<{ code: string; name: string }[]>();
    expect(list.map((d) => d.code)).toEqual([
      'CLUB',
      'CREDIT_COOP',
      'GS_COOP',
      'HR',
      'HRAdmin',
      'IR',
      'IRAdmin',
      'ITAdmin',
      'UNION',
    ]);
    expect(list.find((d) => d.code === 'HR')).toEqual({ code: 'HR', name: 'Human Resources' });
  });
});
