import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { createUser, latestCode } from '../identity/identity-test-kit';
import { seedLeaveFixture, users } from '../test/leave-fixture';
import { createTestApp, type TestContext } from '../test/app';

// Codes, temporary passwords and iCal feed tokens never reach the log, even at trace level where
// every request's URL is logged, unless LOG_IDENTITY_MESSAGES asks for messages (development).
const TEMPORARY_PASSWORD = 'Tmp-Secret-2027!x';

async function appLogging(env: Record<string, string> = {}) {
  let log = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  const ctx = await createTestApp({
    env: { LOG_LEVEL: 'trace', ...env },
    deps: { logger: { level: 'trace', stream } },
  });
  await seedLeaveFixture(ctx.database.db);
  return { ctx, log: () => log };
}

/** An invitation (temporary password), a reset code and a feed read: every secret the portal sends. */
async function sendSecrets(ctx: TestContext) {
  const identity = ctx.app.identity!.context;
  await admin.adminCreateUser(identity, {
    UserPoolId: identity.config.userPoolId,
    Username: 'invited@staffportal.example',
    UserAttributes: [{ Name: 'email', Value: 'invited@staffportal.example' }],
    TemporaryPassword: TEMPORARY_PASSWORD,
  });
  await createUser(ctx.app, 'reset@staffportal.example');
  const forgot = await ctx.app.inject({
    method: 'POST',
    url: '/identity/',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': 'AWSCognitoIdentityProviderService.ForgotPassword',
    },
    payload: JSON.stringify({ ClientId: identity.config.clientId, Username: 'reset@staffportal.example' }),
  });
  expect(forgot.statusCode).toBe(200);
  const code = await latestCode(ctx.app, 'reset@staffportal.example');

  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/leave/ical-feeds',
    headers: { authorization: `Bearer ${await ctx.tokens.idToken(users.hr)}` },
    payload: { kind: 'me' },
  });
  expect(created.statusCode).toBe(201);
  const feedPath = new URL(created.json<{ url: string }>().url).pathname;
  const feed = await ctx.app.inject({ url: feedPath });
  expect(feed.statusCode).toBe(200);
  const token = /([A-Za-z0-9_-]{43})\.ics$/.exec(feedPath)![1]!;
  return { code, token };
}

describe('the log', () => {
  it('holds no code, temporary password or feed token at trace level by default', async () => {
    const { ctx, log } = await appLogging();
    const { code, token } = await sendSecrets(ctx);
    expect(log()).toContain('identity message queued');
    expect(log()).toContain('/api/leave/ical/[redacted].ics');
    expect(log()).not.toContain(TEMPORARY_PASSWORD);
    expect(log()).not.toContain(code);
    expect(log()).not.toContain(token);
  });

  it('holds the messages, for development, only when LOG_IDENTITY_MESSAGES is set', async () => {
    const { ctx, log } = await appLogging({ LOG_IDENTITY_MESSAGES: 'true' });
    const { code, token } = await sendSecrets(ctx);
    const messages = log()
      .split('\n')
      .filter((line) => line.includes('"identity message"'))
      .map((line) => JSON.parse(line) as { to: string; body: string });
    expect(messages.map((m) => m.to)).toEqual(['invited@staffportal.example', 'reset@staffportal.example']);
    expect(messages[0]!.body).toContain(TEMPORARY_PASSWORD);
    expect(messages[1]!.body).toContain(code);
    expect(log()).not.toContain(token);
  });
});
