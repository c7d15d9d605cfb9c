import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import type { App } from '../app';
import { auditEntries } from '../db/schema/audit';
import { createTestApp, type TestContext } from '../test/app';
import { irCounts } from '../test/ir-fixture';
import { apiRoutes, urlOf } from './api-route-kit';
import type { AuthenticateOptions } from './auth';

const SUPER_ADMIN_ID = '0b7e1c52-3f4a-4d8e-9c11-2a6b5d4e3f21';

// Test-only routes, one per guard of docs/product/access.md, registered on the app the server builds.
const routes: Record<string, AuthenticateOptions> = {
  '/api/test/signed-in': {},
  '/api/test/shared': { guards: ['SHARED'] },
  '/api/test/admin': { guards: ['ADMIN'] },
  '/api/test/ir': { guards: ['IR'] },
  '/api/test/it-admin': { guards: ['ITAdmin'] },
  '/api/test/shared-or-ir': { guards: ['SHARED', 'IR'] },
  '/api/test/ir-admin': { departments: ['IRAdmin'] },
};

/** Registers the guarded routes; each POST counts its writes, so a refusal can be seen to change nothing. */
function withGuardedRoutes(app: App) {
  const writes: Record<string, number> = {};
  for (const [url, options] of Object.entries(routes)) {
    app.get(url, { onRequest: app.authenticate(options) }, async () => ({ ok: true }));
    app.post(url, { onRequest: app.authenticate(options) }, async () => {
      writes[url] = (writes[url] ?? 0) + 1;
      return { ok: true };
    });
  }
  return writes;
}

const callers: Record<string, { sub: string; groups: string[] }> = {
  HR: { sub: '11111111-0000-4000-8000-000000000001', groups: ['HR'] },
  HRAdmin: { sub: '11111111-0000-4000-8000-000000000002', groups: ['HRAdmin'] },
  ITAdmin: { sub: '11111111-0000-4000-8000-000000000003', groups: ['ITAdmin'] },
  IR: { sub: '11111111-0000-4000-8000-000000000004', groups: ['IR'] },
  IRAdmin: { sub: '11111111-0000-4000-8000-000000000005', groups: ['IRAdmin'] },
  UNION: { sub: '11111111-0000-4000-8000-000000000006', groups: ['UNION'] },
  CLUB: { sub: '11111111-0000-4000-8000-000000000007', groups: ['CLUB'] },
  CREDIT_COOP: { sub: '11111111-0000-4000-8000-000000000008', groups: ['CREDIT_COOP'] },
  GS_COOP: { sub: '11111111-0000-4000-8000-000000000009', groups: ['GS_COOP'] },
  'no department': { sub: '11111111-0000-4000-8000-00000000000a', groups: [] },
  'HR and IR': { sub: '11111111-0000-4000-8000-00000000000b', groups: ['HR', 'IR'] },
  'the super-admin id, without groups': { sub: SUPER_ADMIN_ID, groups: [] },
};

// docs/product/access.md / docs/product/specification.md §6, spelled out per department rather than derived from the code under test.
const Y = true;
const N = false;
// prettier-ignore
const matrix: [caller: string, signedIn: boolean, shared: boolean, admin: boolean, ir: boolean, itAdmin: boolean, sharedOrIr: boolean, irAdmin: boolean][] = [
  ['HR',                                  Y, Y, N, N, N, Y, N],
  ['HRAdmin',                             Y, Y, Y, N, N, Y, N],
  ['ITAdmin',                             Y, Y, Y, Y, Y, Y, Y],
  ['IR',                                  Y, N, N, Y, N, Y, N],
  ['IRAdmin',                             Y, N, N, Y, N, Y, Y],
  ['UNION',                               Y, N, N, N, N, N, N],
  ['CLUB',                                Y, N, N, N, N, N, N],
  ['CREDIT_COOP',                         Y, N, N, N, N, N, N],
  ['GS_COOP',                             Y, N, N, N, N, N, N],
  ['no department',                       Y, N, N, N, N, N, N],
  ['HR and IR',                           Y, Y, N, Y, N, Y, N],
  ['the super-admin id, without groups',  Y, Y, Y, Y, Y, Y, Y],
];

function monthsAgo(months: number): string {
  const date = new Date();
  date.setMonth(date.getMonth() - months);
  return date.toISOString();
}

async function call(ctx: TestContext, method: 'GET' | 'POST', url: string, token: string | undefined) {
  return ctx.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

describe('route guards', () => {
  it.each(matrix)('%s: the access matrix of docs/product/access.md', async (name, ...expected) => {
    const ctx = await createTestApp({ env: { SUPER_ADMIN_USER_ID: SUPER_ADMIN_ID } });
    const writes = withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers[name]!);
    const urls = Object.keys(routes);
    for (const [index, url] of urls.entries()) {
      const allowed = expected[index]!;
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(ctx, method, url, token);
        expect({ url, method, status: response.statusCode }).toEqual({ url, method, status: allowed ? 200 : 403 });
        if (!allowed) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect({ url, writes: writes[url] ?? 0 }).toEqual({ url, writes: allowed ? 1 : 0 });
    }
  });

  it('says which departments a refused call needs', async () => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers['HR']!);
    const response = await call(ctx, 'POST', '/api/test/admin', token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do this. It needs one of these departments: HRAdmin, ITAdmin.',
    });
  });

  it('lets the super-admin id through only when it is the configured one', async () => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers['the super-admin id, without groups']!);
    expect((await call(ctx, 'GET', '/api/test/it-admin', token)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/test/signed-in', token)).statusCode).toBe(200);
  });

  it('takes groups from cognito:groups only, not from look-alike claims', async () => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers['UNION']!, { groups: ['ITAdmin'], 'custom:groups': 'ITAdmin' });
    expect((await call(ctx, 'GET', '/api/test/admin', token)).statusCode).toBe(403);
  });

  it('refuses a guarded call without a token (401) before anything else', async () => {
    const ctx = await createTestApp();
    const writes = withGuardedRoutes(ctx.app);
    const response = await call(ctx, 'POST', '/api/test/admin', undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'UNAUTHENTICATED',
      message: 'User needs to be authenticated to call this API.',
    });
    expect(writes).toEqual({});
  });

  it.each([
    ['an access token', (c: TestContext) => c.tokens.accessToken(callers['ITAdmin']!)],
    ['a forged signature', (c: TestContext) => c.tokens.idToken(callers['ITAdmin']!, {}, { key: 'stranger' })],
    [
      'an expired token',
      (c: TestContext) => c.tokens.idToken(callers['ITAdmin']!, {}, { expiresIn: Math.floor(Date.now() / 1000) - 5 }),
    ],
    [
      'another issuer',
      (c: TestContext) => c.tokens.idToken(callers['ITAdmin']!, {}, { issuer: 'https://evil.example' }),
    ],
  ])('refuses %s with 401', async (_name, make) => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const response = await call(ctx, 'GET', '/api/test/signed-in', await make(ctx));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token.' });
  });

  it('will not start with an /api route that forgets to authenticate', async () => {
    const { app } = await createTestApp();
    expect(() => app.get('/api/test/open', async () => ({ ok: true }))).toThrow(
      'GET /api/test/open must use app.authenticate() or be marked config: { public: true }',
    );
    expect(() =>
      app.get('/api/test/open-on-purpose', { config: { public: true } }, async () => ({ ok: true })),
    ).not.toThrow();
  });
});

// Every industrial-relations endpoint, read from the app's own routes so a new one is covered
// by itself: the IR guard for all, and IRAdmin as well for the admin functions
// (docs/product/access.md §3, docs/product/ir.md §2).
const IR_ADMIN_ROUTES = [
  'POST /api/ir/admin/categories',
  'PATCH /api/ir/admin/categories/{id}',
  'POST /api/ir/admin/members/import/preview',
  'POST /api/ir/admin/members/import',
  'POST /api/ir/grievances/{caseNo}/reopen',
  'PUT /api/ir/grievances/{caseNo}/officer',
];

describe('route guards of the IR endpoints', () => {
  it.each(matrix)('%s: every /api/ir endpoint follows the IR and IRAdmin columns', async (name, ...expected) => {
    const [, , , ir, , , irAdmin] = expected;
    const ctx = await createTestApp({ env: { SUPER_ADMIN_USER_ID: SUPER_ADMIN_ID } });
    const token = await ctx.tokens.idToken(callers[name]!);
    const routes = (await apiRoutes(ctx.app)).filter((route) => route.path.startsWith('/api/ir/'));
    expect(routes.length).toBeGreaterThanOrEqual(17);
    const before = await irCounts(ctx);
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const allowed = ir && (!IR_ADMIN_ROUTES.includes(key) || irAdmin);
      const url = urlOf(route, { caseNo: 'GRV202600001', id: '00000000-0000-4000-8000-000000000001' });
      for (const token_ of [token, undefined]) {
        const response = await ctx.app.inject({
          method: route.method,
          url,
          headers: token_ === undefined ? {} : { authorization: `Bearer ${token_}` },
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        const refusal = token_ === undefined ? 401 : allowed ? undefined : 403;
        if (refusal === undefined) {
          expect({ key, refused: [401, 403].includes(response.statusCode) }).toEqual({ key, refused: false });
        } else {
          expect({ key, status: response.statusCode }).toEqual({ key, status: refusal });
        }
      }
    }
    // Nothing is written but the audit entry of each export allowed (docs/product/files-mail-logs.md §2).
    const after = await irCounts(ctx);
    const exports = await ctx.database.db
      .select({ action: auditEntries.action })
      .from(auditEntries)
      .where(like(auditEntries.action, '%.export'));
    expect({ ...after, audit: after.audit - exports.length }).toEqual(before);
    expect(exports.map((entry) => entry.action).sort()).toEqual(ir ? ['case.export', 'member.export'] : []);
  });
});

describe('password expiry (docs/product/identity.md)', () => {
  const expiredMessage = {
    code: 'PASSWORD_EXPIRED',
    message: 'Your password has expired. Change your password to continue using the portal.',
  };

  it('refuses every guarded call of a user whose password is past the expiry, changing nothing', async () => {
    const ctx = await createTestApp();
    const writes = withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers['ITAdmin']!, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(7) });
    for (const url of Object.keys(routes)) {
      for (const method of ['GET', 'POST'] as const) {
        const response = await call(ctx, method, url, token);
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(response.json()).toEqual(expiredMessage);
      }
    }
    expect(writes).toEqual({});
  });

  it('says PASSWORD_EXPIRED, not FORBIDDEN, when both apply: changing the password comes first', async () => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const token = await ctx.tokens.idToken(callers['CLUB']!, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(7) });
    expect((await call(ctx, 'GET', '/api/test/admin', token)).json()).toEqual(expiredMessage);
  });

  it('still answers GET /api/me and POST /api/log/', async () => {
    const ctx = await createTestApp();
    const user = callers['HR']!;
    const token = await ctx.tokens.idToken(user, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(7) });
    const me = await call(ctx, 'GET', '/api/me', token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.sub, passwordExpired: true });
    const log = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        userId: user.sub,
        action: 'Logout',
        request: '',
        url: 'http://localhost:3000/profile/reset-password',
        stream: 'login/logout',
        logDate: new Date().toISOString(),
      },
    });
    expect(log.statusCode).toBe(201);
  });

  it('admits a password younger than the expiry, and an account without the attribute', async () => {
    const ctx = await createTestApp();
    withGuardedRoutes(ctx.app);
    const young = await ctx.tokens.idToken(callers['HR']!, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(5) });
    const unknown = await ctx.tokens.idToken(callers['HR']!);
    expect((await call(ctx, 'GET', '/api/test/shared', young)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', '/api/test/shared', unknown)).statusCode).toBe(200);
  });

  it('follows PASSWORD_EXPIRY_MONTHS', async () => {
    const ctx = await createTestApp({ env: { PASSWORD_EXPIRY_MONTHS: '3' } });
    withGuardedRoutes(ctx.app);
    const fourMonths = await ctx.tokens.idToken(callers['HR']!, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(4) });
    const twoMonths = await ctx.tokens.idToken(callers['HR']!, { [PASSWORD_CHANGED_ATTRIBUTE]: monthsAgo(2) });
    expect((await call(ctx, 'GET', '/api/test/shared', fourMonths)).json()).toEqual(expiredMessage);
    expect((await call(ctx, 'GET', '/api/test/shared', twoMonths)).statusCode).toBe(200);
  });
});
