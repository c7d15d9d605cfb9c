import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { fromPglite, type Database } from '../db/client';
import { rateLimitCounters } from '../db/schema/app';
import { seedLeaveFixture } from '../test/leave-fixture';
import { createTestApp, type TestContext } from '../test/app';
import { databaseUrl, testEngine } from '../test/databases';

// HTTP rate limits (decision record 0025): per signed-in user for writes and exports, per client
// address and per username at the identity endpoint; counted in the database, so every server
// sharing it counts the same requests.
const alice = { sub: '00000000-0000-4000-8000-00000000000a', groups: ['ITAdmin'] };
const bob = { sub: '00000000-0000-4000-8000-00000000000b', groups: ['ITAdmin'] };

const limits = (values: Record<string, number>) =>
  Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)]));

/** A write every signed-in user may make: a log entry of their own. */
async function logEntry(app: App, ctx: TestContext, user: { sub: string; groups: string[] }) {
  return app.inject({
    method: 'POST',
    url: '/api/log/',
    headers: { authorization: `Bearer ${await ctx.tokens.idToken(user)}` },
    payload: {
      userId: user.sub,
      action: 'SIGN_IN',
      request: '',
      url: '/',
      stream: 'web',
      logDate: '2027-03-01T09:00:00.000Z',
    },
  });
}

function expectRefused(response: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

/** A second server on the same database, as another replica would be: its own pool on PostgreSQL. */
async function secondServer(ctx: TestContext): Promise<{ app: App; database: Database }> {
  let database: Database;
  if (testEngine === 'postgres') {
    const result: unknown = await ctx.database.db.execute(sql`select current_database() as name`);
    const [row] = (result as { rows: { name: string }[] }).rows;
    const { createPgPool, fromPgPool } = await import('../db/pg-client');
    database = fromPgPool(createPgPool(databaseUrl(row!.name), 2));
  } else {
    // PGlite has one connection; the second server shares it, and nothing of the first's memory.
    const { client } = ctx.database.driver as { client: Parameters<typeof fromPglite>[0] };
    database = { ...fromPglite(client), close: async () => {} };
  }
  const app = await buildApp(ctx.config, {
    database,
    tokenVerifier: ctx.tokens.verifier,
    webRoot: null,
    logger: false,
  });
  return { app, database };
}

describe('writes per user', () => {
  it('refuses the write over the limit with 429 and Retry-After, and no one else', async () => {
    const ctx = await createTestApp({ env: limits({ RATE_LIMIT_WRITES_PER_USER: 3 }) });
    for (let i = 0; i < 3; i++) expect((await logEntry(ctx.app, ctx, alice)).statusCode).toBe(201);
    expectRefused(await logEntry(ctx.app, ctx, alice));
    expect((await logEntry(ctx.app, ctx, bob)).statusCode).toBe(201);
    // Reads are not writes.
    const me = await ctx.app.inject({
      url: '/api/me',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(alice)}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('counts the writes of one user made on two servers sharing the database together', async () => {
    const ctx = await createTestApp({ env: limits({ RATE_LIMIT_WRITES_PER_USER: 3 }) });
    const other = await secondServer(ctx);
    try {
      expect((await logEntry(ctx.app, ctx, alice)).statusCode).toBe(201);
      expect((await logEntry(other.app, ctx, alice)).statusCode).toBe(201);
      expect((await logEntry(ctx.app, ctx, alice)).statusCode).toBe(201);
      expectRefused(await logEntry(other.app, ctx, alice));
      expectRefused(await logEntry(ctx.app, ctx, alice));
    } finally {
      await other.app.close();
      await other.database.close();
    }
  });

  it('leaves a user under the limit alone: no refusal, one counter row', async () => {
    const ctx = await createTestApp();
    for (let i = 0; i < 10; i++) expect((await logEntry(ctx.app, ctx, alice)).statusCode).toBe(201);
    const rows = await ctx.database.db.select().from(rateLimitCounters);
    expect(rows).toEqual([expect.objectContaining({ key: `write:${alice.sub}`, count: 10 })]);
  });
});

describe('exports per user', () => {
  it('refuses the report download over the limit with 429 and Retry-After', async () => {
    const ctx = await createTestApp({ env: limits({ RATE_LIMIT_EXPORTS_PER_USER: 2 }) });
    await seedLeaveFixture(ctx.database.db);
    const headers = { authorization: `Bearer ${await ctx.tokens.idToken(alice)}` };
    const download = () => ctx.app.inject({ url: '/api/leave/admin/reports/utilisation.xlsx?year=2027', headers });
    expect((await download()).statusCode).toBe(200);
    expect((await download()).statusCode).toBe(200);
    expectRefused(await download());
    // The same report as JSON is a read, not an export.
    const json = await ctx.app.inject({ url: '/api/leave/admin/reports/utilisation?year=2027', headers });
    expect(json.statusCode).toBe(200);
  });
});

describe('the identity endpoint', () => {
  const initiateAuth = (ctx: TestContext, username: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth',
        ...headers,
      },
      payload: JSON.stringify({
        ClientId: ctx.config.identity.clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: 'Wrong-password-1' },
      }),
    });

  function expectTooMany(response: Awaited<ReturnType<typeof initiateAuth>>) {
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ __type: 'TooManyRequestsException' });
    expect(response.headers['x-amzn-errortype']).toMatch(/^TooManyRequestsException/);
    expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }

  it('refuses calls naming one username over its limit, as Cognito does, and not other usernames', async () => {
    const ctx = await createTestApp({ realIdentity: true, env: limits({ RATE_LIMIT_IDENTITY_PER_ACCOUNT: 3 }) });
    for (let i = 0; i < 3; i++)
      expect((await initiateAuth(ctx, 'someone@staffportal.example')).json()).toMatchObject({
        __type: 'NotAuthorizedException',
      });
    expectTooMany(await initiateAuth(ctx, 'SomeOne@staffportal.example'));
    expect((await initiateAuth(ctx, 'other@staffportal.example')).json()).toMatchObject({
      __type: 'NotAuthorizedException',
    });
    const keys = (await ctx.database.db.select().from(rateLimitCounters)).map((row) => row.key).join(' ');
    expect(keys).not.toContain('staffportal.example');
  });

  it('refuses a client address over its limit, the forwarded one behind a trusted proxy', async () => {
    const ctx = await createTestApp({
      realIdentity: true,
      env: { ...limits({ RATE_LIMIT_IDENTITY_PER_CLIENT: 3 }), TRUST_PROXY: 'true' },
    });
    const from = (address: string) => ({ 'x-forwarded-for': address });
    for (let i = 0; i < 3; i++) {
      const response = await initiateAuth(ctx, `user${i}@staffportal.example`, from('203.0.113.7'));
      expect(response.json()).toMatchObject({ __type: 'NotAuthorizedException' });
    }
    expectTooMany(await initiateAuth(ctx, 'user9@staffportal.example', from('203.0.113.7')));
    expect((await initiateAuth(ctx, 'user9@staffportal.example', from('198.51.100.2'))).json()).toMatchObject({
      __type: 'NotAuthorizedException',
    });
  });
});
