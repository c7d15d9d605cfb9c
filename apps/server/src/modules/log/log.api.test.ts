import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logEntries } from '../../db/schema/log';
import { createTestApp, type TestContext } from '../../test/app';

const user = { sub: '6f1c2d3e-0000-4000-8000-000000000001', email: 'hr@staffportal.example', groups: ['HR'] };

function entry(overrides: Record<string, unknown> = {}) {
  return {
    userId: user.sub,
    action: 'Logout',
    request: '',
    url: 'http://localhost:3000/shared',
    stream: 'login/logout',
    logDate: '2026-11-22T18:00:00.000Z',
    ...overrides,
  };
}

async function storedCount({ database }: TestContext) {
  const [row] = await database.db.select({ n: count() }).from(logEntries);
  return row!.n;
}

describe('POST /api/log/', () => {
  it('stores the entry with the server receive time and answers 201', async () => {
    const ctx = await createTestApp();
    const before = Date.now();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}`, 'x-request-id': 'req-0123456789' },
      payload: entry(),
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; receivedAt: string }>();
    expect(body.id).toMatch(/^\d+$/);
    expect(response.headers['x-request-id']).toBe('req-0123456789');

    const [row] = await ctx.database.db
      .select()
      .from(logEntries)
      .where(eq(logEntries.id, Number(body.id)));
    expect(row).toMatchObject({
      userId: user.sub,
      action: 'Logout',
      request: '',
      url: 'http://localhost:3000/shared',
      stream: 'login/logout',
      logDate: '2026-11-22T18:00:00.000Z',
      requestId: 'req-0123456789',
    });
    // The receive time is the server's own clock, whatever the client's logDate says.
    expect(row!.receivedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.receivedAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(body.receivedAt).getTime()).toBe(row!.receivedAt.getTime());
  });

  it('keeps who the entry is about, as the token says: their e-mail and name', async () => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user, { name: 'Nur Hidayah' })}` },
      payload: entry({ action: 'Login' }),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(logEntries);
    expect(row).toMatchObject({ userId: user.sub, userEmail: 'hr@staffportal.example', userName: 'Nur Hidayah' });
  });

  it('keeps an NRIC in the entry masked, as IT admins who read the log see NRICs (docs/product/ir.md §1)', async () => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
      payload: entry({
        action: 'Login',
        request: 'search 850101-14-5678',
        url: 'http://localhost:3000/shared/industrial-relations/member-lookup?q=850101145678',
      }),
    });
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(logEntries);
    expect(row).toMatchObject({
      request: 'search XXXXXX-XX-5678',
      url: 'http://localhost:3000/shared/industrial-relations/member-lookup?q=XXXXXX-XX-5678',
    });
  });

  it('answers the same without the trailing slash and with a local logDate', async () => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
      payload: entry({ action: 'Login', logDate: '2026-11-22T18:00:00.000' }),
    });
    expect(response.statusCode).toBe(201);
    expect(await storedCount(ctx)).toBe(1);
  });

  const badBodies: [string, unknown, string][] = [
    ['a missing userId', entry({ userId: undefined }), 'userId'],
    ['an empty action', entry({ action: '  ' }), 'action'],
    ['a missing stream', entry({ stream: undefined }), 'stream'],
    ['a logDate that is not a date', entry({ logDate: 'yesterday' }), 'logDate'],
    ['a numeric request', entry({ request: 42 }), 'request'],
    ['an over-long url', entry({ url: `https://x.example/${'a'.repeat(3000)}` }), 'url'],
    ["the identity service's own stream", entry({ stream: 'identity' }), 'stream'],
  ];
  it.each(badBodies)('refuses %s with 400 naming the field, storing nothing', async (_name, payload, field) => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
      payload: payload as object,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
    expect(response.json<{ message: string }>().message).toContain(field);
    expect(await storedCount(ctx)).toBe(0);
  });

  it('refuses malformed JSON with 400, storing nothing', async () => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}`, 'content-type': 'application/json' },
      payload: '{"userId":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await storedCount(ctx)).toBe(0);
  });

  it('refuses a call without a token with 401, even with a bad body', async () => {
    const ctx = await createTestApp();
    for (const payload of [entry(), {}]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/log/', payload });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'UNAUTHENTICATED',
        message: 'User needs to be authenticated to call this API.',
      });
    }
    expect(await storedCount(ctx)).toBe(0);
  });

  it.each([
    ['a forged signature', (c: TestContext) => c.tokens.idToken(user, {}, { key: 'stranger' })],
    [
      'an expired token',
      (c: TestContext) => c.tokens.idToken(user, {}, { expiresIn: Math.floor(Date.now() / 1000) - 5 }),
    ],
    ['an access token instead of the id token', (c: TestContext) => c.tokens.accessToken(user)],
    ['a token of another app client', (c: TestContext) => c.tokens.idToken(user, { aud: 'another-client' })],
    ['a header that is not a bearer JWT', async () => 'Basic dXNlcjpwYXNz'],
  ])('refuses %s with 401, storing nothing', async (_name, make) => {
    const ctx = await createTestApp();
    const token = await make(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: token.startsWith('Basic') ? token : `Bearer ${token}` },
      payload: entry(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid or expired token.' });
    expect(await storedCount(ctx)).toBe(0);
  });

  it("refuses an entry in someone else's name with 403, storing nothing", async () => {
    const ctx = await createTestApp();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
      payload: entry({ userId: 'someone-else' }),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', message: 'userId must be the signed-in user.' });
    expect(await storedCount(ctx)).toBe(0);
  });
});
