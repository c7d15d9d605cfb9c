import { count, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountDetail, AccountPage, AccountStaffLink } from '@staff-portal/shared/access-control';
import type { ErrorBody } from '@staff-portal/shared/errors';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox, identityUsers } from '@staff-portal/identity/schema';
import { auditEntries } from '../../db/schema/audit';
import { departments, staff } from '../../db/schema/organisation';
import { leaveIcalFeeds } from '../../db/schema/staff-movement';
import { createUser, PASSWORD, TARGET_PREFIX } from '../../identity/identity-test-kit';
import { departmentCatalogue } from '../../seed/demo-organisation';
import { createTestApp, type TestContext } from '../../test/app';
import { eventually } from '../../test/eventually';

// Access control through the API, against the embedded identity service (reached with the AWS
// SDK in process): callers carry test tokens; the accounts they act on are real ones.
let ctx: TestContext;
const DEPARTMENTS = ['HR', 'HRAdmin', 'ITAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP'];
const SUPER_ADMIN = '00000000-0000-4000-8000-000000000001';
// One key-encryption key, so that a second server on the same database can open its keys.
const KEY = { IDENTITY_KEY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64url') };

interface Caller {
  sub: string;
  groups: string[];
  email?: string;
}

async function call(who: Caller, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) {
  const token = await ctx.tokens.idToken(who);
  return ctx.app.inject({
    method,
    url: `/api/access-control${url}`,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function account(email: string, groups: string[] = [], options: { forceChange?: boolean } = {}) {
  const sub = await createUser(ctx.app, email, { groups, ...options });
  return { sub, groups, email };
}

const identity = () => ctx.app.identity!.context;
const pool = () => ({ UserPoolId: identity().config.userPoolId });
const groupsOf = async (sub: string) =>
  (await admin.adminListGroupsForUser(identity(), { ...pool(), Username: sub })).Groups.map((g) => g.GroupName).sort();
const userRow = async (sub: string) =>
  (await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.id, sub)))[0];
const auditCount = async () => (await ctx.database.db.select({ n: count() }).from(auditEntries))[0]!.n;

let it1: Caller;
let hrAdmin: Caller;

beforeEach(async () => {
  ctx = await createTestApp({ env: { SUPER_ADMIN_USER_ID: SUPER_ADMIN, ...KEY } });
  for (const GroupName of DEPARTMENTS) await admin.createGroup(identity(), { ...pool(), GroupName });
  it1 = await account('it.one@example.org', ['ITAdmin']);
  hrAdmin = await account('hr.admin@example.org', ['HRAdmin']);
});

describe('access control: who may call', () => {
  const endpoints: [string, 'GET' | 'POST' | 'PUT' | 'DELETE', (sub: string) => string, object?][] = [
    ['departments', 'GET', () => '/departments'],
    ['list', 'GET', () => '/accounts'],
    ['create', 'POST', () => '/accounts', { email: 'new@example.org', name: 'New', departments: [] }],
    ['detail', 'GET', (sub) => `/accounts/${sub}`],
    ['departments of', 'PUT', (sub) => `/accounts/${sub}/departments`, { departments: ['HR'] }],
    ['disable', 'POST', (sub) => `/accounts/${sub}/disable`],
    ['enable', 'POST', (sub) => `/accounts/${sub}/enable`],
    ['reset password', 'POST', (sub) => `/accounts/${sub}/reset-password`],
    ['sign out', 'POST', (sub) => `/accounts/${sub}/sign-out`],
    ['resend invitation', 'POST', (sub) => `/accounts/${sub}/resend-invitation`],
    ['delete', 'DELETE', (sub) => `/accounts/${sub}`],
  ];

  it.each(endpoints)(
    '%s: 401 without a token, 403 for every department but HRAdmin and ITAdmin',
    async (_name, method, path, body) => {
      const target = await account('target@example.org', ['HR'], { forceChange: true });
      const before = await auditCount();
      const anonymous = await ctx.app.inject({
        method,
        url: `/api/access-control${path(target.sub)}`,
        ...(body ? { payload: body } : {}),
      });
      expect(anonymous.statusCode).toBe(401);
      for (const department of ['HR', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP']) {
        const answer = await call({ sub: crypto.randomUUID(), groups: [department] }, method, path(target.sub), body);
        expect(answer.statusCode, `${department} ${method} ${path(target.sub)}`).toBe(403);
      }
      const row = await userRow(target.sub);
      expect(row?.enabled).toBe(true);
      expect(await groupsOf(target.sub)).toEqual(['HR']);
      expect(await auditCount()).toBe(before);
    },
  );
});

describe('access control: bad input changes nothing', () => {
  it.each([
    ['an e-mail that is not one', { email: 'nope', name: 'A', departments: [] }, 'email'],
    ['no name', { email: 'a@example.org', name: ' ', departments: [] }, 'name'],
    ['an unknown department', { email: 'a@example.org', name: 'A', departments: ['NOPE'] }, 'departments'],
    ['an unknown field', { email: 'a@example.org', name: 'A', departments: [], admin: true }, undefined],
  ])('create with %s: 400', async (_name, body, field) => {
    const answer = await call(it1, 'POST', '/accounts', body);
    expect(answer.statusCode).toBe(400);
    if (field) expect(answer.json<ErrorBody>().field).toBe(field);
    const [row] = await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.email, 'a@example.org'));
    expect(row).toBeUndefined();
  });

  it.each([
    ['not a UUID', 'GET', '/accounts/nobody'],
    ['an unknown action', 'POST', `/accounts/${SUPER_ADMIN}/promote`],
    ['a bad sort', 'GET', '/accounts?sort=password'],
    ['a bad status', 'GET', '/accounts?status=ASLEEP'],
    ['a page size over 100', 'GET', '/accounts?pageSize=1000'],
  ] as const)('%s: 400', async (_name, method, url) => {
    expect((await call(it1, method, url)).statusCode).toBe(400);
  });

  it('an account that does not exist: 404', async () => {
    expect((await call(it1, 'GET', `/accounts/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await call(it1, 'POST', `/accounts/${crypto.randomUUID()}/disable`)).statusCode).toBe(404);
  });
});

describe('access control: the departments', () => {
  it('are named as the organisation names them, and a department it does not name by its code', async () => {
    await ctx.database.db.insert(departments).values(departmentCatalogue('UNION')).onConflictDoNothing();
    await ctx.database.db.delete(departments).where(eq(departments.code, 'GS_COOP'));
    const answer = await call(hrAdmin, 'GET', '/departments');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      { code: 'CLUB', name: 'Staff Club' },
      { code: 'CREDIT_COOP', name: 'Credit Co-operative' },
      { code: 'GS_COOP', name: null },
      { code: 'HR', name: 'Human Resources' },
      { code: 'HRAdmin', name: 'Human Resources (admin)' },
      { code: 'IR', name: 'Industrial Relations' },
      { code: 'IRAdmin', name: 'Industrial Relations (admin)' },
      { code: 'ITAdmin', name: 'IT Administration' },
      { code: 'UNION', name: 'Organisation' },
    ]);
  });
});

describe('access control: the accounts list', () => {
  it('searches by e-mail or name prefix, filters by department and status, sorts and pages', async () => {
    const aisyah = await account('aisyah@example.org', ['HR', 'UNION']);
    await account('bala@example.org', ['HR']);
    const invited = await account('chong@example.org', ['IR'], { forceChange: true });
    await admin.adminDisableUser(identity(), { ...pool(), Username: invited.sub });

    const list = async (query: string) => (await call(hrAdmin, 'GET', `/accounts?${query}`)).json<AccountPage>();
    const all = await list('');
    expect(all.total).toBe(5);
    expect(all.items.map((a) => a.email)).toEqual([
      'aisyah@example.org',
      'bala@example.org',
      'chong@example.org',
      'hr.admin@example.org',
      'it.one@example.org',
    ]);
    expect(all.items[0]).toMatchObject({
      username: aisyah.sub,
      name: 'aisyah',
      departments: ['HR', 'UNION'],
      status: 'CONFIRMED',
      enabled: true,
    });

    expect((await list('search=BAL')).items.map((a) => a.email)).toEqual(['bala@example.org']);
    expect((await list('department=HR')).items.map((a) => a.email)).toEqual(['aisyah@example.org', 'bala@example.org']);
    expect((await list('status=DISABLED')).items.map((a) => a.email)).toEqual(['chong@example.org']);
    expect((await list('status=FORCE_CHANGE_PASSWORD')).items.map((a) => a.email)).toEqual(['chong@example.org']);
    expect((await list('sort=email&order=desc&pageSize=2&page=1')).items.map((a) => a.email)).toEqual([
      'it.one@example.org',
      'hr.admin@example.org',
    ]);
    const third = await list('sort=email&order=desc&pageSize=2&page=3');
    expect(third).toMatchObject({ total: 5, page: 3, pageSize: 2 });
    expect(third.items.map((a) => a.email)).toEqual(['aisyah@example.org']);
  });

  it('shows a change made here at once', async () => {
    expect((await call(hrAdmin, 'GET', '/accounts')).json<AccountPage>().total).toBe(2);
    const created = await call(hrAdmin, 'POST', '/accounts', {
      email: 'Dewi@Example.org',
      name: 'Dewi',
      departments: ['HR'],
    });
    expect(created.statusCode).toBe(201);
    const page = (await call(hrAdmin, 'GET', '/accounts?search=dewi')).json<AccountPage>();
    expect(page.items).toMatchObject([
      { email: 'dewi@example.org', departments: ['HR'], status: 'FORCE_CHANGE_PASSWORD' },
    ]);
  });
});

describe('access control: one truth for an account’s status', () => {
  /** A call of the identity endpoint, as the sign-in widget makes it. */
  const identityCall = async (operation: string, body: object) =>
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/identity/',
        headers: {
          'content-type': 'application/x-amz-json-1.1',
          'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
        },
        payload: JSON.stringify(body),
      })
    ).json<Record<string, unknown>>();
  const list = async (query = '') => (await call(hrAdmin, 'GET', `/accounts?${query}`)).json<AccountPage>();
  const statusIn = async (query: string, email: string) =>
    (await list(query)).items.find((item) => item.email === email)?.status;

  it('a first sign-in that chose a password shows as confirmed at once in the list, its filter and the page', async () => {
    const email = 'first.time@example.org';
    const invited = await account(email, ['HR'], { forceChange: true });
    expect(await statusIn('', email)).toBe('FORCE_CHANGE_PASSWORD');

    // The account signs in with its temporary password and chooses its own: no admin call.
    const clientId = ctx.config.identity.clientId;
    const first = await identityCall('InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_PASSWORD_AUTH',
      AuthParameters: { USERNAME: email, PASSWORD },
    });
    expect(first['ChallengeName']).toBe('NEW_PASSWORD_REQUIRED');
    const chosen = await identityCall('RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: first['Session'],
      ChallengeResponses: { USERNAME: invited.sub, NEW_PASSWORD: 'Brand-new-Pass1' },
    });
    expect(chosen['AuthenticationResult']).toBeDefined();

    expect(await statusIn('', email)).toBe('CONFIRMED');
    expect(await statusIn('status=FORCE_CHANGE_PASSWORD', email)).toBeUndefined();
    expect(await statusIn('status=CONFIRMED', email)).toBe('CONFIRMED');
    const detail = (await call(hrAdmin, 'GET', `/accounts/${invited.sub}`)).json<AccountDetail>();
    expect(detail.account.status).toBe('CONFIRMED');
    expect(detail.signedInOnce).toBe(true);
  });

  it('a change made through another server on the same database shows at once', async () => {
    const staff = await account('elsewhere@example.org', ['HR']);
    expect((await list()).items.find((item) => item.username === staff.sub)).toMatchObject({ enabled: true });
    const replica = await createTestApp({
      env: { SUPER_ADMIN_USER_ID: SUPER_ADMIN, ...KEY },
      deps: { database: ctx.database },
    });
    const token = await ctx.tokens.idToken(hrAdmin);
    const changed = await replica.app.inject({
      method: 'POST',
      url: `/api/access-control/accounts/${staff.sub}/disable`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(changed.statusCode).toBe(204);
    expect((await list()).items.find((item) => item.username === staff.sub)).toMatchObject({ enabled: false });
    expect((await list('status=DISABLED')).items.map((item) => item.email)).toEqual(['elsewhere@example.org']);
  });
});

describe('access control: creating an account', () => {
  it('invites by e-mail with a temporary password, in the given departments, and audits it', async () => {
    const answer = await call(hrAdmin, 'POST', '/accounts', {
      email: 'new.colleague@example.org',
      name: 'New Colleague',
      departments: ['HR', 'UNION'],
    });
    expect(answer.statusCode).toBe(201);
    const created = answer.json<{ username: string }>();
    expect(await groupsOf(created.username)).toEqual(['HR', 'UNION']);
    expect((await userRow(created.username))?.status).toBe('FORCE_CHANGE_PASSWORD');
    const [mail] = await ctx.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, 'new.colleague@example.org'));
    expect(mail?.subject).toBeTruthy();
    const [entry] = await ctx.database.db.select().from(auditEntries);
    expect(entry).toMatchObject({
      actorId: hrAdmin.sub,
      area: 'access-control',
      action: 'account.create',
      target: created.username,
    });
    expect(entry?.after).toMatchObject({ email: 'new.colleague@example.org', departments: ['HR', 'UNION'] });
  });

  it('refuses an e-mail that already has an account: 409', async () => {
    const answer = await call(hrAdmin, 'POST', '/accounts', {
      email: 'IT.one@example.org',
      name: 'Again',
      departments: [],
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      field: 'email',
      reason: 'accountExists',
      params: { email: 'it.one@example.org' },
    });
  });

  it('gives every loser of concurrent creates of one e-mail 409, and makes one account', async () => {
    const body = { email: 'race@example.org', name: 'Race', departments: ['HR'] };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call(hrAdmin, 'POST', '/accounts', body)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json()).toMatchObject({ field: 'email', reason: 'accountExists' });
    }
    const rows = await ctx.database.db.select().from(identityUsers).where(eq(identityUsers.email, 'race@example.org'));
    expect(rows).toHaveLength(1);
    expect(await groupsOf(rows[0]!.id)).toEqual(['HR']);
    const entries = await ctx.database.db.select().from(auditEntries);
    expect(entries.map((entry) => [entry.action, entry.target])).toEqual([['account.create', rows[0]!.id]]);
  });

  it('an HRAdmin cannot create an HRAdmin or ITAdmin account; an ITAdmin can', async () => {
    for (const department of ['HRAdmin', 'ITAdmin']) {
      const answer = await call(hrAdmin, 'POST', '/accounts', {
        email: `x-${department}@example.org`,
        name: 'X',
        departments: [department],
      });
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toMatchObject({ reason: 'protectedDepartment', params: { department } });
    }
    expect(await auditCount()).toBe(0);
    expect(
      (await call(it1, 'POST', '/accounts', { email: 'x@example.org', name: 'X', departments: ['HRAdmin'] }))
        .statusCode,
    ).toBe(201);
  });
});

describe('access control: the rules of who may change what', () => {
  it('an HRAdmin changes ordinary departments, never HRAdmin or ITAdmin', async () => {
    const staff = await account('staff@example.org', ['HR']);
    const ok = await call(hrAdmin, 'PUT', `/accounts/${staff.sub}/departments`, { departments: ['IR', 'UNION'] });
    expect(ok.statusCode).toBe(200);
    expect(await groupsOf(staff.sub)).toEqual(['IR', 'UNION']);
    for (const departments of [
      ['IR', 'UNION', 'HRAdmin'],
      ['IR', 'UNION', 'ITAdmin'],
    ]) {
      const refused = await call(hrAdmin, 'PUT', `/accounts/${staff.sub}/departments`, { departments });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ErrorBody>().reason).toBe('protectedDepartment');
    }
    const other = await account('other.admin@example.org', ['HRAdmin', 'HR']);
    const revoke = await call(hrAdmin, 'PUT', `/accounts/${other.sub}/departments`, { departments: ['HR'] });
    expect(revoke.statusCode).toBe(403);
    expect(await groupsOf(other.sub)).toEqual(['HR', 'HRAdmin']);
    expect((await call(it1, 'PUT', `/accounts/${other.sub}/departments`, { departments: ['HR'] })).statusCode).toBe(
      200,
    );
    expect(await groupsOf(other.sub)).toEqual(['HR']);
  });

  it('an HRAdmin cannot disable, reset, sign out or delete an admin account', async () => {
    for (const action of ['disable', 'reset-password', 'sign-out']) {
      const answer = await call(hrAdmin, 'POST', `/accounts/${it1.sub}/${action}`);
      expect(answer.statusCode, action).toBe(403);
      expect(answer.json<ErrorBody>().reason).toBe('protectedAccount');
    }
    expect((await userRow(it1.sub))?.enabled).toBe(true);
  });

  it('the super-admin is never disabled, deleted or removed from ITAdmin', async () => {
    const superAdmin = await account('super@example.org', ['ITAdmin']);
    const other = await account('it.two@example.org', ['ITAdmin']);
    // The same database, with this account configured as the super-admin.
    const configured = await createTestApp({
      env: { SUPER_ADMIN_USER_ID: superAdmin.sub, ...KEY },
      deps: { database: ctx.database },
    });
    ctx = { ...configured, database: ctx.database };
    const answers = [
      await call(other, 'POST', `/accounts/${superAdmin.sub}/disable`),
      await call(other, 'DELETE', `/accounts/${superAdmin.sub}`),
      await call(other, 'PUT', `/accounts/${superAdmin.sub}/departments`, { departments: ['HR'] }),
    ];
    expect(answers.map((a) => [a.statusCode, a.json<ErrorBody>().reason])).toEqual([
      [403, 'superAdminProtected'],
      [403, 'superAdminProtected'],
      [403, 'superAdminProtected'],
    ]);
    expect(await groupsOf(superAdmin.sub)).toEqual(['ITAdmin']);
    expect((await userRow(superAdmin.sub))?.enabled).toBe(true);
  });

  it('nobody removes or disables the last enabled ITAdmin, and nobody disables themself', async () => {
    const self = await call(it1, 'POST', `/accounts/${it1.sub}/disable`);
    expect(self.json<ErrorBody>().reason).toBe('ownAccount');
    const last = await call({ sub: SUPER_ADMIN, groups: [] }, 'PUT', `/accounts/${it1.sub}/departments`, {
      departments: [],
    });
    expect([last.statusCode, last.json<ErrorBody>().reason]).toEqual([403, 'lastItAdmin']);
    const disable = await call({ sub: SUPER_ADMIN, groups: [] }, 'POST', `/accounts/${it1.sub}/disable`);
    expect([disable.statusCode, disable.json<ErrorBody>().reason]).toEqual([403, 'lastItAdmin']);
    expect(await groupsOf(it1.sub)).toEqual(['ITAdmin']);
    // With a second enabled ITAdmin, the first may go.
    const it2 = await account('it.two@example.org', ['ITAdmin']);
    expect((await call(it2, 'PUT', `/accounts/${it1.sub}/departments`, { departments: ['HR'] })).statusCode).toBe(200);
  });

  it('deletes only an account that never signed in', async () => {
    const invited = await account('invited@example.org', ['HR'], { forceChange: true });
    const active = await account('active@example.org', ['HR']);
    const refused = await call(hrAdmin, 'DELETE', `/accounts/${active.sub}`);
    expect([refused.statusCode, refused.json<ErrorBody>().reason]).toEqual([403, 'signedInBefore']);
    expect(await userRow(active.sub)).toBeDefined();
    expect((await call(hrAdmin, 'DELETE', `/accounts/${invited.sub}`)).statusCode).toBe(204);
    expect(await userRow(invited.sub)).toBeUndefined();
  });

  it('sends an invited account its invitation again, and refuses one that has signed in', async () => {
    const invited = await account('invited@example.org', ['HR'], { forceChange: true });
    const active = await account('active@example.org', ['HR']);
    const invitations = async (email: string) =>
      (await ctx.database.db.select().from(identityOutbox).where(eq(identityOutbox.recipient, email))).length;
    const before = await invitations('invited@example.org');
    expect((await call(hrAdmin, 'POST', `/accounts/${invited.sub}/resend-invitation`)).statusCode).toBe(204);
    expect(await invitations('invited@example.org')).toBe(before + 1);
    const refused = await call(hrAdmin, 'POST', `/accounts/${active.sub}/resend-invitation`);
    expect(refused.json<ErrorBody>().reason).toBe('invitationNotNeeded');
    expect(await invitations('active@example.org')).toBe(0);
  });
});

describe('access control: changes take effect on the tokens already issued', () => {
  // Real tokens, signed in with a password: the embedded identity service judges them against the
  // account as it is now, whichever door a change came through (docs/product/identity.md §7).
  let adminToken: string;

  async function signIn(email: string, app = ctx.app) {
    const answer = await app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` },
      payload: JSON.stringify({
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD },
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ AuthenticationResult: { IdToken: string; RefreshToken: string } }>().AuthenticationResult;
  }

  async function refreshed(refreshToken: string) {
    const answer = await ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `${TARGET_PREFIX}InitiateAuth` },
      payload: JSON.stringify({
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: refreshToken },
      }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ AuthenticationResult: { IdToken: string } }>().AuthenticationResult.IdToken;
  }

  const as = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload }),
    });

  beforeEach(async () => {
    ctx = await createTestApp({ realIdentity: true, env: KEY });
    for (const GroupName of DEPARTMENTS) await admin.createGroup(identity(), { ...pool(), GroupName });
    await account('it.one@example.org', ['ITAdmin']);
    hrAdmin = await account('hr.admin@example.org', ['HRAdmin']);
    adminToken = (await signIn('hr.admin@example.org')).IdToken;
  });

  it('a disabled account is refused at once, its iCal feeds revoked, and enabling lets it sign in again', async () => {
    const staff = await account('leaver@example.org', ['HR']);
    const { IdToken } = await signIn('leaver@example.org');
    expect((await as(IdToken, 'GET', '/api/me')).statusCode).toBe(200);
    await ctx.database.db
      .insert(leaveIcalFeeds)
      .values({ token: 'feed-token-of-the-leaver-0123456789abcdef', ownerSub: staff.sub, kind: 'me' });

    expect((await as(adminToken, 'POST', `/api/access-control/accounts/${staff.sub}/disable`)).statusCode).toBe(204);
    expect((await as(IdToken, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await userRow(staff.sub))?.enabled).toBe(false);
    const [feed] = await ctx.database.db.select().from(leaveIcalFeeds).where(eq(leaveIcalFeeds.ownerSub, staff.sub));
    expect(feed?.revokedAt).not.toBeNull();

    expect((await as(adminToken, 'POST', `/api/access-control/accounts/${staff.sub}/enable`)).statusCode).toBe(204);
    expect((await userRow(staff.sub))?.enabled).toBe(true);
    expect((await as(IdToken, 'GET', '/api/me')).statusCode).toBe(401);
    const again = await signIn('leaver@example.org');
    expect((await as(again.IdToken, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('a department added or removed refuses the tokens issued before; a refresh brings the departments as they are', async () => {
    const staff = await account('mover@example.org', ['HR', 'UNION']);
    const tokens = await signIn('mover@example.org');
    const departmentsOf = async (token: string) => {
      const me = await as(token, 'GET', '/api/me');
      return { status: me.statusCode, departments: me.json<{ department?: string[] }>().department };
    };
    expect(await departmentsOf(tokens.IdToken)).toEqual({ status: 200, departments: ['HR', 'UNION'] });

    const to = (departments: string[]) =>
      as(adminToken, 'PUT', `/api/access-control/accounts/${staff.sub}/departments`, { departments });
    expect((await to(['HR', 'UNION', 'CLUB'])).statusCode).toBe(200);
    expect((await departmentsOf(tokens.IdToken)).status).toBe(401);
    const added = await refreshed(tokens.RefreshToken);
    expect(await departmentsOf(added)).toEqual({ status: 200, departments: ['CLUB', 'HR', 'UNION'] });

    expect((await to(['UNION', 'CLUB'])).statusCode).toBe(200);
    expect((await departmentsOf(added)).status).toBe(401);
    expect(await departmentsOf(await refreshed(tokens.RefreshToken))).toEqual({
      status: 200,
      departments: ['CLUB', 'UNION'],
    });
  });

  it('another replica on the same database refuses the token of an account signed out everywhere', async () => {
    const staff = await account('replica@example.org', ['HR']);
    const { IdToken } = await signIn('replica@example.org');
    // It hears of the change from the database as it commits (decision record 0074).
    const replica = await createTestApp({ realIdentity: true, env: KEY, deps: { database: ctx.database } });
    const me = async () =>
      (await replica.app.inject({ url: '/api/me', headers: { authorization: `Bearer ${IdToken}` } })).statusCode;
    expect(await me()).toBe(200);
    expect((await as(adminToken, 'POST', `/api/access-control/accounts/${staff.sub}/sign-out`)).statusCode).toBe(204);
    await vi.waitFor(async () => expect(await me()).toBe(401), eventually);
  });

  it('reset password sends a code and ends the sessions', async () => {
    const staff = await account('forgetful@example.org', ['HR']);
    const { IdToken } = await signIn('forgetful@example.org');
    expect((await as(IdToken, 'GET', '/api/me')).statusCode).toBe(200);
    expect((await as(adminToken, 'POST', `/api/access-control/accounts/${staff.sub}/reset-password`)).statusCode).toBe(
      204,
    );
    expect((await userRow(staff.sub))?.status).toBe('RESET_REQUIRED');
    expect((await as(IdToken, 'GET', '/api/me')).statusCode).toBe(401);
    const mail = await ctx.database.db
      .select()
      .from(identityOutbox)
      .where(eq(identityOutbox.recipient, 'forgetful@example.org'));
    expect(mail.at(-1)?.body).toMatch(/\b\d{6}\b/);
  });
});

describe('access control: the audit of an account action', () => {
  it('records the status each action left the account in, beside the one it found', async () => {
    const staff = await account('audited@example.org', ['HR']);
    const invited = await account('invited.audited@example.org', ['HR'], { forceChange: true });
    await call(hrAdmin, 'POST', `/accounts/${staff.sub}/reset-password`);
    await call(hrAdmin, 'POST', `/accounts/${staff.sub}/disable`);
    await call(hrAdmin, 'POST', `/accounts/${invited.sub}/resend-invitation`);
    const entries = await ctx.database.db.select().from(auditEntries).orderBy(auditEntries.id);
    expect(entries.map((entry) => [entry.action, entry.before, entry.after])).toEqual([
      ['account.reset-password', { enabled: true, status: 'CONFIRMED' }, { enabled: true, status: 'RESET_REQUIRED' }],
      ['account.disable', { enabled: true, status: 'RESET_REQUIRED' }, { enabled: false, status: 'RESET_REQUIRED' }],
      [
        'account.resend-invitation',
        { enabled: true, status: 'FORCE_CHANGE_PASSWORD' },
        { enabled: true, status: 'FORCE_CHANGE_PASSWORD' },
      ],
    ]);
    expect(entries.every((entry) => entry.actorEmail === 'hr.admin@example.org')).toBe(true);
  });
});

describe('access control: the account page', () => {
  it('shows the account, what this caller may grant, and its audit, newest first', async () => {
    const staff = await account('page@example.org', ['HR']);
    await call(hrAdmin, 'PUT', `/accounts/${staff.sub}/departments`, { departments: ['HR', 'IR'] });
    await call(hrAdmin, 'POST', `/accounts/${staff.sub}/disable`);
    const detail = (await call(hrAdmin, 'GET', `/accounts/${staff.sub}`)).json<AccountDetail>();
    expect(detail.account).toMatchObject({ email: 'page@example.org', departments: ['HR', 'IR'], enabled: false });
    expect(detail.signedInOnce).toBe(true);
    expect(detail.grantable).toEqual(DEPARTMENTS.filter((d) => d !== 'HRAdmin' && d !== 'ITAdmin').sort());
    expect(detail.audit.map((e) => e.action)).toEqual(['account.disable', 'account.departments']);
    expect(detail.audit[1]).toMatchObject({
      before: { departments: ['HR'] },
      after: { departments: ['HR', 'IR'] },
      actorEmail: 'hr.admin@example.org',
    });
    const asIt = (await call(it1, 'GET', `/accounts/${staff.sub}`)).json<AccountDetail>();
    expect(asIt.grantable).toEqual([...DEPARTMENTS].sort());
  });
});

describe('access control: the linked staff record', () => {
  const HR_STAFF = 'LVUSR0000000101';
  const OTHER_STAFF = 'LVUSR0000000102';
  const MISMATCH_STAFF = 'LVUSR0000000103';

  const record = async (staffId: string) =>
    (await ctx.database.db.select().from(staff).where(eq(staff.staffId, staffId)))[0]!;
  const staffAudit = async () =>
    ctx.database.db
      .select()
      .from(auditEntries)
      .where(inArray(auditEntries.action, ['account.staff-link', 'account.staff-unlink']));

  async function seedStaff(linkedTo: string | null = null) {
    await ctx.database.db.insert(departments).values(departmentCatalogue('UNION')).onConflictDoNothing();
    const row = { departmentCode: 'HR', joinDate: '2024-01-02', gender: 'F' as const, approverStaffId: null };
    await ctx.database.db.insert(staff).values([
      { ...row, staffId: HR_STAFF, displayName: 'Siti Aminah', email: 'siti@example.org', identitySub: linkedTo },
      { ...row, staffId: OTHER_STAFF, displayName: 'Other Person', email: 'other@example.org', identitySub: null },
      { ...row, staffId: MISMATCH_STAFF, displayName: 'Someone Else', email: 'else@example.org', identitySub: null },
    ]);
  }

  it.each([
    ['link', 'PUT', { staffId: HR_STAFF }],
    ['unlink', 'DELETE', { email: 'siti.old@example.org' }],
  ] as const)(
    '%s: 401 without a token, 403 for every department but HRAdmin and ITAdmin, nothing changed',
    async (action, method, body) => {
      const target = await account('siti@example.org', ['HR']);
      await seedStaff(action === 'unlink' ? target.sub : null);
      const before = await record(HR_STAFF);
      const audits = await auditCount();
      const url = `/accounts/${target.sub}/staff-record`;
      const anonymous = await ctx.app.inject({ method, url: `/api/access-control${url}`, payload: body });
      expect(anonymous.statusCode).toBe(401);
      for (const department of ['HR', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP']) {
        const answer = await call({ sub: crypto.randomUUID(), groups: [department] }, method, url, body);
        expect(answer.statusCode, `${department} ${method} ${url}`).toBe(403);
      }
      expect(await record(HR_STAFF)).toEqual(before);
      expect(await auditCount()).toBe(audits);
    },
  );

  it('detail suggests the unlinked record with the same e-mail; link, then unlink with a new e-mail', async () => {
    const target = await account('siti@example.org', ['HR']);
    await seedStaff();
    const detail = (await call(hrAdmin, 'GET', `/accounts/${target.sub}`)).json<AccountDetail>();
    expect(detail.staffRecord).toBeNull();
    expect(detail.suggestedStaffRecord).toMatchObject({ staffId: HR_STAFF, displayName: 'Siti Aminah' });

    const linked = await call(hrAdmin, 'PUT', `/accounts/${target.sub}/staff-record`, { staffId: HR_STAFF });
    expect(linked.statusCode).toBe(200);
    expect(linked.json<AccountStaffLink>()).toEqual({
      staffRecord: {
        staffId: HR_STAFF,
        displayName: 'Siti Aminah',
        email: 'siti@example.org',
        departmentCode: 'HR',
        approverStaffId: null,
        approverName: null,
        active: true,
      },
      suggestedStaffRecord: null,
    });
    expect((await record(HR_STAFF)).identitySub).toBe(target.sub);
    const shown = (await call(it1, 'GET', `/accounts/${target.sub}`)).json<AccountDetail>();
    expect(shown.staffRecord?.staffId).toBe(HR_STAFF);
    expect(shown.suggestedStaffRecord).toBeNull();
    expect(shown.audit[0]).toMatchObject({
      area: 'access-control',
      action: 'account.staff-link',
      target: target.sub,
      before: { staffId: null },
      after: { staffId: HR_STAFF },
      actorEmail: 'hr.admin@example.org',
    });

    // Linking it again changes nothing and writes nothing.
    const audits = await auditCount();
    expect((await call(it1, 'PUT', `/accounts/${target.sub}/staff-record`, { staffId: HR_STAFF })).statusCode).toBe(
      200,
    );
    expect(await auditCount()).toBe(audits);

    const unlinked = await call(it1, 'DELETE', `/accounts/${target.sub}/staff-record`, {
      email: 'Siti.Old@example.org',
    });
    expect(unlinked.statusCode).toBe(200);
    expect(unlinked.json<AccountStaffLink>()).toEqual({ staffRecord: null, suggestedStaffRecord: null });
    const after = await record(HR_STAFF);
    expect(after).toMatchObject({ identitySub: null, email: 'siti.old@example.org', displayName: 'Siti Aminah' });
    expect(after.joinDate).toBe('2024-01-02');
    const [entry] = (await call(it1, 'GET', `/accounts/${target.sub}`)).json<AccountDetail>().audit;
    expect(entry).toMatchObject({
      action: 'account.staff-unlink',
      before: { staffId: HR_STAFF, email: 'siti@example.org' },
      after: { staffId: null, recordEmail: 'siti.old@example.org' },
      actorEmail: 'it.one@example.org',
    });
  });

  it('unlinks without a new e-mail a record whose e-mail is no longer the account’s', async () => {
    const target = await account('siti.new@example.org', ['HR']);
    await seedStaff(target.sub);
    const answer = await call(hrAdmin, 'DELETE', `/accounts/${target.sub}/staff-record`);
    expect(answer.statusCode).toBe(200);
    expect(await record(HR_STAFF)).toMatchObject({ identitySub: null, email: 'siti@example.org' });
    expect((await staffAudit()).map((e) => e.action)).toEqual(['account.staff-unlink']);
  });

  it.each([
    ['no such record', () => ({ staffId: 'LVUSR0000009999' }), null, 400, 'noSuchStaff'],
    ['a record linked to another account', () => ({ staffId: OTHER_STAFF }), 'other', 400, 'staffLinkedElsewhere'],
    ['a record with another e-mail', () => ({ staffId: MISMATCH_STAFF }), null, 400, 'emailNotAccount'],
    ['a second record for a linked account', () => ({ staffId: MISMATCH_STAFF }), 'self', 400, 'accountTaken'],
  ] as const)('link refuses %s: nothing changes, nothing is audited', async (_name, body, linked, status, reason) => {
    const target = await account('siti@example.org', ['HR']);
    await seedStaff(linked === 'self' ? target.sub : null);
    if (linked === 'other') {
      await ctx.database.db
        .update(staff)
        .set({ identitySub: crypto.randomUUID() })
        .where(eq(staff.staffId, OTHER_STAFF));
    }
    const rows = await ctx.database.db.select().from(staff).orderBy(staff.staffId);
    const answer = await call(it1, 'PUT', `/accounts/${target.sub}/staff-record`, body());
    expect(answer.statusCode).toBe(status);
    expect(answer.json<ErrorBody>()).toMatchObject({ field: 'staffId', reason });
    expect(await ctx.database.db.select().from(staff).orderBy(staff.staffId)).toEqual(rows);
    expect(await staffAudit()).toEqual([]);
  });

  it.each([
    ['without a new e-mail while the record has the account’s', undefined, 400, 'unlinkNeedsEmail'],
    ['to the account’s own e-mail', { email: 'SITI@example.org' }, 400, 'unlinkNeedsEmail'],
    ['to another record’s e-mail', { email: 'other@example.org' }, 400, 'emailTaken'],
    ['with a bad e-mail', { email: 'nope' }, 400, undefined],
  ] as const)('unlink refuses %s: nothing changes, nothing is audited', async (_name, body, status, reason) => {
    const target = await account('siti@example.org', ['HR']);
    await seedStaff(target.sub);
    const rows = await ctx.database.db.select().from(staff).orderBy(staff.staffId);
    const answer = await call(it1, 'DELETE', `/accounts/${target.sub}/staff-record`, body);
    expect(answer.statusCode).toBe(status);
    expect(answer.json<ErrorBody>()).toMatchObject({ field: 'email', ...(reason ? { reason } : {}) });
    expect(await ctx.database.db.select().from(staff).orderBy(staff.staffId)).toEqual(rows);
    expect(await staffAudit()).toEqual([]);
  });

  it('unlink of an account without a record, and either for an unknown account: 404', async () => {
    const target = await account('siti@example.org', ['HR']);
    await seedStaff();
    expect(
      (await call(it1, 'DELETE', `/accounts/${target.sub}/staff-record`, { email: 'x@example.org' })).statusCode,
    ).toBe(404);
    const nobody = crypto.randomUUID();
    expect((await call(it1, 'PUT', `/accounts/${nobody}/staff-record`, { staffId: HR_STAFF })).statusCode).toBe(404);
    expect((await record(HR_STAFF)).identitySub).toBeNull();
    expect(await staffAudit()).toEqual([]);
  });

  it('a staff record added for the account through POST /leave/admin/staff shows on its page', async () => {
    const target = await account('new.staff@example.org', ['HR']);
    await seedStaff();
    const token = await ctx.tokens.idToken(it1);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/leave/admin/staff',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        displayName: 'New Staff',
        email: 'new.staff@example.org',
        departmentCode: 'HR',
        approverStaffId: null,
        joinDate: '2026-11-02',
        gender: 'M',
        workingDaysMask: 31,
        identitySub: target.sub,
      },
    });
    expect(created.statusCode).toBe(201);
    const detail = (await call(it1, 'GET', `/accounts/${target.sub}`)).json<AccountDetail>();
    expect(detail.staffRecord).toMatchObject({ displayName: 'New Staff', email: 'new.staff@example.org' });
  });
});
