import { describe, expect, it } from 'vitest';
import { HOME_POSTS, homeSchema, type Home } from '@staff-portal/shared/home';
import { leaveSummarySchema } from '@staff-portal/shared/leave';
import { adminPostSchema, readerPostSchema, type AdminPost } from '@staff-portal/shared/posts';
import { createTestApp, type TestContext } from '../../test/app';
import {
  NOT_SHARED,
  applyAs,
  call,
  departmentHeader,
  seedLeaveFixture,
  users,
  type FixtureUser,
} from '../../test/leave-fixture';

// GET /api/home (docs/product/screens.md §2, docs/product/access.md §3, decision record 0048).

async function setup() {
  const ctx = await createTestApp();
  await seedLeaveFixture(ctx.database.db);
  return ctx;
}

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/** A post written by the HR admin through the posts API, published an hour ago to everyone unless said. */
async function post(ctx: TestContext, extra: object): Promise<AdminPost> {
  const response = await call(ctx, 'hradmin', 'POST', '/api/posts/admin', {
    kind: 'announcement',
    title: 'Notice',
    body: 'The office is **closed** on Friday.',
    audience: 'everyone',
    publishAt: inHours(-1),
    ...extra,
  });
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return adminPostSchema.parse(response.json());
}

async function homeOf(ctx: TestContext, who: FixtureUser): Promise<Home> {
  const response = await call(ctx, who, 'GET', '/api/home');
  expect(response.statusCode, response.body).toBe(200);
  return homeSchema.parse(response.json());
}

const titles = (posts: Home['announcements']) => posts.items.map((item) => item.title);

describe('GET /api/home: who may call it', () => {
  it('needs a valid token (401), and writes nothing on the way', async () => {
    const ctx = await setup();
    expect((await ctx.app.inject({ method: 'GET', url: '/api/home' })).statusCode).toBe(401);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/home',
      headers: { authorization: 'Bearer not.a.token' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  // Every department of docs/product/access.md §1, and none: Home is every signed-in user's page.
  it.each([...NOT_SHARED, 'HR', 'HRAdmin', 'ITAdmin', 'NO_DEPARTMENT'])(
    'answers a user of %s, with the leave glance only where E-Leave admits them',
    async (department) => {
      const ctx = await setup();
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/home',
        headers:
          department === 'NO_DEPARTMENT'
            ? { authorization: `Bearer ${await ctx.tokens.idToken({ sub: 'f0000000-0000-4000-8000-000000000001' })}` }
            : await departmentHeader(ctx, department),
      });
      expect(response.statusCode, response.body).toBe(200);
      const home = homeSchema.parse(response.json());
      const empty = { items: [], total: 0, unread: 0 };
      expect(home.announcements).toEqual(empty);
      expect(home.staffInfo).toEqual(empty);
      if (['HR', 'HRAdmin', 'ITAdmin'].includes(department)) {
        // No staff record: a glance with no balances, as GET /leave/summary gives it.
        expect(home.leave).toMatchObject({ balances: null, myRequestsWaiting: null });
      } else {
        expect(home.leave).toBeNull();
      }
    },
  );

  it('refuses a user whose password has expired (403), as every signed-in route does', async () => {
    const ctx = await setup();
    const token = await ctx.tokens.idToken(users.ir, { 'custom:passwordChangedAt': '2000-01-01T00:00:00.000Z' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/home',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'PASSWORD_EXPIRED' });
  });
});

describe('GET /api/home: the posts', () => {
  it("gives a reader the published posts of their departments' audience, pinned first, then newest", async () => {
    const ctx = await setup();
    await post(ctx, { title: 'Everyone, older', publishAt: inHours(-5) });
    await post(ctx, { title: 'IR only', audience: ['IR'], publishAt: inHours(-3) });
    await post(ctx, { title: 'HR only', audience: ['HR'], publishAt: inHours(-2) });
    await post(ctx, { title: 'Pinned, oldest', publishAt: inHours(-9), pinned: true });
    await post(ctx, { title: 'Everyone, newest', publishAt: inHours(-1) });
    // Never shown: a draft, a scheduled post, an expired one.
    await post(ctx, { title: 'Draft', publishAt: null });
    await post(ctx, { title: 'Scheduled', publishAt: inHours(2) });
    await post(ctx, { title: 'Expired', publishAt: inHours(-6), expireAt: inHours(-4) });
    await post(ctx, { kind: 'staffInfo', title: 'Staff handbook', audience: ['IR', 'HR'], publishAt: inHours(-4) });
    await post(ctx, { kind: 'staffInfo', title: 'HR forms', audience: ['HR'], publishAt: inHours(-7) });

    const ir = await homeOf(ctx, 'ir');
    expect(titles(ir.announcements)).toEqual(['Pinned, oldest', 'Everyone, newest', 'IR only', 'Everyone, older']);
    expect(ir.announcements).toMatchObject({ total: 4, unread: 4 });
    expect(ir.announcements.items.map((item) => [item.kind, item.pinned, item.read])).toEqual([
      ['announcement', true, false],
      ['announcement', false, false],
      ['announcement', false, false],
      ['announcement', false, false],
    ]);
    expect(titles(ir.staffInfo)).toEqual(['Staff handbook']);
    expect(ir.staffInfo).toMatchObject({ total: 1, unread: 1 });
    expect(ir.leave).toBeNull();

    const hr = await homeOf(ctx, 'hr');
    expect(titles(hr.announcements)).toEqual(['Pinned, oldest', 'Everyone, newest', 'HR only', 'Everyone, older']);
    expect(titles(hr.staffInfo)).toEqual(['Staff handbook', 'HR forms']);

    // ITAdmin passes every guard, but is in no department's audience but its own (decision record 0048).
    const itadmin = await homeOf(ctx, 'itadmin');
    expect(titles(itadmin.announcements)).toEqual(['Pinned, oldest', 'Everyone, newest', 'Everyone, older']);
    expect(itadmin.staffInfo.total).toBe(0);
  });

  it('answers each post as the readers list does: excerpt, author and attachments, no body', async () => {
    const ctx = await setup();
    const created = await post(ctx, { title: 'Office closed', body: '## Notice\n\nThe office is **closed**.' });
    const home = await homeOf(ctx, 'ir');
    expect(home.announcements.items).toEqual([
      {
        id: created.id,
        kind: 'announcement',
        title: 'Office closed',
        excerpt: 'Notice The office is closed.',
        publishAt: created.publishAt,
        expireAt: null,
        pinned: false,
        authorName: created.authorName,
        attachmentCount: 0,
        read: false,
      },
    ]);
    // The same items as GET /api/posts gives the reader, first page.
    const list = await call(ctx, 'ir', 'GET', '/api/posts?kind=announcement');
    expect(list.json<{ items: unknown[] }>().items).toEqual(home.announcements.items);
  });

  it('marks a post read once the reader opens it, and counts the unread among all, not only those shown', async () => {
    const ctx = await setup();
    const posts: AdminPost[] = [];
    for (let i = 1; i <= HOME_POSTS + 2; i++) {
      posts.push(await post(ctx, { title: `Notice ${i}`, publishAt: inHours(-20 + i) }));
    }
    const before = await homeOf(ctx, 'ir');
    expect(before.announcements.items).toHaveLength(HOME_POSTS);
    expect(titles(before.announcements)[0]).toBe(`Notice ${HOME_POSTS + 2}`);
    expect(before.announcements).toMatchObject({ total: HOME_POSTS + 2, unread: HOME_POSTS + 2 });

    const newest = posts.at(-1)!;
    const opened = await call(ctx, 'ir', 'GET', `/api/posts/${newest.id}`);
    expect(opened.statusCode).toBe(200);
    readerPostSchema.parse(opened.json());
    // The oldest is not on Home, and still counts once opened.
    expect((await call(ctx, 'ir', 'GET', `/api/posts/${posts[0]!.id}`)).statusCode).toBe(200);

    const after = await homeOf(ctx, 'ir');
    expect(after.announcements).toMatchObject({ total: HOME_POSTS + 2, unread: HOME_POSTS });
    expect(after.announcements.items.map((item) => [item.title, item.read])).toEqual([
      [`Notice ${HOME_POSTS + 2}`, true],
      ...Array.from({ length: HOME_POSTS - 1 }, (_, i) => [`Notice ${HOME_POSTS + 1 - i}`, false]),
    ]);
    // Another reader's marks are their own.
    expect((await homeOf(ctx, 'hr')).announcements.unread).toBe(HOME_POSTS + 2);
  });

  it('gives a user in no department the posts to everyone, and those alone', async () => {
    const ctx = await setup();
    await post(ctx, { title: 'To everyone' });
    await post(ctx, { title: 'HR only', audience: ['HR'] });
    const token = await ctx.tokens.idToken({ sub: 'f0000000-0000-4000-8000-000000000002', groups: [] });
    const headers = { authorization: `Bearer ${token}` };
    const home = homeSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/home', headers })).json());
    expect(titles(home.announcements)).toEqual(['To everyone']);
    expect(home.leave).toBeNull();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/posts', headers });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, unread: 1 });
  });

  it('gives a reader outside the audience nothing of a post, from Home or by its id', async () => {
    const ctx = await setup();
    const hrOnly = await post(ctx, { title: 'HR only', audience: ['HR'] });
    const ir = await homeOf(ctx, 'ir');
    expect(ir.announcements).toEqual({ items: [], total: 0, unread: 0 });
    const byId = await call(ctx, 'ir', 'GET', `/api/posts/${hrOnly.id}`);
    expect(byId.statusCode).toBe(404);
    expect(JSON.stringify(byId.json())).not.toContain('HR only');
  });
});

describe('GET /api/home: the leave glance', () => {
  it('is the leave summary for an E-Leave user, and follows their requests and approvals', async () => {
    const ctx = await setup();
    const summary = await call(ctx, 'hr', 'GET', '/api/leave/summary');
    expect(summary.statusCode).toBe(200);
    const home = await homeOf(ctx, 'hr');
    expect(home.leave).toEqual(leaveSummarySchema.parse(summary.json()));
    expect(home.leave!.balances!.length).toBeGreaterThan(0);
    expect(home.leave).toMatchObject({ myRequestsWaiting: 0, approvalsWaiting: 0 });

    await applyAs(ctx, 'hr', {
      leaveTypeId: 'LVE0001',
      startDate: '2027-03-08',
      endDate: '2027-03-09',
      reason: 'Family trip',
    });
    expect((await homeOf(ctx, 'hr')).leave).toMatchObject({ myRequestsWaiting: 1 });
    // Tan Mei Ling (HRAdmin) approves HR's requests: one waits for her.
    expect((await homeOf(ctx, 'hradmin')).leave).toMatchObject({ approvalsWaiting: 1 });
  });

  it('is null for a user E-Leave does not admit, whatever their staff record', async () => {
    const ctx = await setup();
    // Nurul Izzah has a staff record, but IR alone does not pass the SHARED guard.
    expect((await call(ctx, 'ir', 'GET', '/api/leave/summary')).statusCode).toBe(403);
    expect((await homeOf(ctx, 'ir')).leave).toBeNull();
    expect((await homeOf(ctx, 'club')).leave).toBeNull();
  });

  it('has no balances for an HR user with no staff leave record', async () => {
    const ctx = await setup();
    expect((await homeOf(ctx, 'stranger')).leave).toMatchObject({
      balances: null,
      myRequestsWaiting: null,
      approvalsWaiting: 0,
    });
  });
});
