import { and, asc, count, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../test/clock';
import { identityOutbox, identityUserGroups } from '@staff-portal/identity/schema';
import {
  adminPostPageSchema,
  adminPostSchema,
  readerPostPageSchema,
  readerPostSchema,
  unseenPageSchema,
  type AdminPost,
} from '@staff-portal/shared/posts';
import { homeSchema } from '@staff-portal/shared/home';
import { auditEntries } from '../../db/schema/audit';
import { postAttachments, postReceiptCounts, postReceipts, posts } from '../../db/schema/posts';
import { checkAttachment } from '../../files/attachments';
import { createUser } from '../../identity/identity-test-kit';
import { seedDemoPosts } from '../../seed/demo-posts';
import { createTestApp, type TestContext } from '../../test/app';
import { EXE, NOT_ADMIN, PDF, PNG } from '../../test/leave-fixture';
import { eventually } from '../../test/eventually';

// The posts API (docs/product/screens.md §2 and §13, docs/product/access.md §3, decision record 0048).

interface Caller {
  sub: string;
  email: string;
  groups: string[];
}

/**
 * Accounts of the identity provider (the audiences are counted there): an HR admin, two HR staff,
 * an IR officer and an IR admin. Five enabled accounts: "everyone" is 5, HR's audience 3 (HR and
 * HRAdmin), IR's 2 (IR and IRAdmin).
 */
async function setup(deps: { postMailIntervalMs?: number } = {}) {
  const ctx = await createTestApp({ deps });
  const account = async (email: string, groups: string[]): Promise<Caller> => ({
    sub: await createUser(ctx.app, email, { groups }),
    email,
    groups,
  });
  const people = {
    hradmin: await account('tan.hradmin@example.org', ['HRAdmin']),
    hr: await account('hafiz.hr@example.org', ['HR']),
    hr2: await account('priya.hr@example.org', ['HR']),
    ir: await account('nurul.ir@example.org', ['IR']),
    iradmin: await account('lim.iradmin@example.org', ['IRAdmin']),
    /** No account: the super-admin group by its token alone. */
    itadmin: { sub: '00000000-0000-4000-8000-0000000000aa', email: 'it@example.org', groups: ['ITAdmin'] },
  };
  return { ctx, people };
}

/** An id token as the identity provider issues it, with the account's name. */
const tokenOf = (ctx: TestContext, who: Caller) => ctx.tokens.idToken(who, { name: who.email.split('@')[0] });

async function call(
  ctx: TestContext,
  who: Caller | undefined,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: who ? { authorization: `Bearer ${await tokenOf(ctx, who)}` } : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

const announcement = (extra: object = {}) => ({
  kind: 'announcement',
  title: 'Office closed on Friday',
  body: '## Notice\n\nThe office is **closed** on Friday for maintenance.',
  audience: 'everyone',
  publishAt: inHours(-1),
  ...extra,
});

async function create(ctx: TestContext, who: Caller, body: object): Promise<AdminPost> {
  const response = await call(ctx, who, 'POST', '/api/posts/admin', body);
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
  return adminPostSchema.parse(response.json());
}

/** A multipart body with any number of files, all under `attachments`. */
function filesForm(files: { filename: string; contentType: string; data: Buffer }[]) {
  const boundary = `----posts-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="attachments"; filename="${file.filename}"\r\ncontent-type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A create form: the post as JSON in its `post` field, and any files under `attachments`. */
function createForm(
  post: object | string | undefined,
  files: { filename: string; contentType: string; data: Buffer }[],
) {
  const boundary = `----posts-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  if (post !== undefined) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="post"\r\n\r\n${typeof post === 'string' ? post : JSON.stringify(post)}\r\n`,
      ),
    );
  }
  const rest = filesForm(files);
  const body = rest.payload.toString('latin1').replaceAll(/----posts-test-[0-9a-f]+/g, boundary);
  chunks.push(Buffer.from(body, 'latin1'));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function createWithFiles(ctx: TestContext, who: Caller, form: ReturnType<typeof createForm>) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/posts/admin',
    headers: { authorization: `Bearer ${await tokenOf(ctx, who)}`, 'content-type': form.contentType },
    payload: form.payload,
  });
}

async function uploadForm(ctx: TestContext, who: Caller, postId: string, form: ReturnType<typeof filesForm>) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/posts/admin/${postId}/attachments`,
    headers: { authorization: `Bearer ${await tokenOf(ctx, who)}`, 'content-type': form.contentType },
    payload: form.payload,
  });
}

/** Adds files through the API and answers the post; fails the test on anything but 201. */
async function attach(
  ctx: TestContext,
  who: Caller,
  postId: string,
  files: { filename: string; contentType: string; data: Buffer }[],
): Promise<AdminPost> {
  const response = await uploadForm(ctx, who, postId, filesForm(files));
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return adminPostSchema.parse(response.json());
}

/** The rows of the posts tables, the audit trail and the outbox: what "nothing written" compares. */
async function counts(ctx: TestContext) {
  const db = ctx.database.db;
  const tables = {
    posts,
    attachments: postAttachments,
    receipts: postReceipts,
    audit: auditEntries,
    outbox: identityOutbox,
  };
  const result: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables))
    result[name] = (await db.select({ n: count() }).from(table))[0]!.n;
  return result as Record<keyof typeof tables, number>;
}

async function auditActions(ctx: TestContext) {
  const rows = await ctx.database.db
    .select({ action: auditEntries.action, target: auditEntries.target })
    .from(auditEntries)
    .where(eq(auditEntries.area, 'posts'))
    .orderBy(asc(auditEntries.id));
  return rows.map((row) => row.action);
}

afterEach(() => {
  vi.useRealTimers();
});

describe('posts API: who may call it', () => {
  it('answers 401 without a token on every endpoint, and 403 to every department but ADMIN on the admin ones, writing nothing', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement());
    const withFile = await attach(ctx, people.hradmin, post.id, [
      { filename: 'a.png', contentType: 'image/png', data: PNG },
    ]);
    const attachmentId = withFile.attachments[0]!.id;
    const id = post.id;
    const admin: [string, string, object?][] = [
      ['GET', '/api/posts/admin'],
      ['POST', '/api/posts/admin', announcement()],
      ['GET', `/api/posts/admin/${id}`],
      ['PUT', `/api/posts/admin/${id}`, announcement({ title: 'Changed' })],
      ['POST', `/api/posts/admin/${id}/unpublish`],
      ['POST', `/api/posts/admin/${id}/duplicate`],
      ['DELETE', `/api/posts/admin/${id}`],
      ['POST', `/api/posts/admin/${id}/attachments`, {}],
      ['DELETE', `/api/posts/admin/${id}/attachments/${attachmentId}`],
      ['GET', `/api/posts/admin/${id}/unseen`],
    ];
    const readers: [string, string][] = [
      ['GET', '/api/posts'],
      ['GET', `/api/posts/${id}`],
      ['GET', `/api/posts/${id}/attachments/${attachmentId}`],
    ];
    const before = await counts(ctx);
    for (const [method, url, payload] of [...admin, ...readers]) {
      const anonymous = await call(ctx, undefined, method as 'GET', url, payload);
      expect({ method, url, status: anonymous.statusCode }).toEqual({ method, url, status: 401 });
    }
    for (const department of NOT_ADMIN) {
      const caller = { sub: '00000000-0000-4000-9000-000000000001', email: 'x@access.example', groups: [department] };
      for (const [method, url, payload] of admin) {
        const response = await call(ctx, caller, method as 'GET', url, payload);
        expect({ department, method, url, status: response.statusCode }).toEqual({
          department,
          method,
          url,
          status: 403,
        });
        expect(response.json<{ message: string }>().message).toContain('HRAdmin');
      }
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('lets both ADMIN departments manage posts', async () => {
    const { ctx, people } = await setup();
    for (const who of [people.hradmin, people.itadmin]) {
      const response = await call(ctx, who, 'GET', '/api/posts/admin');
      expect(response.statusCode).toBe(200);
      await create(ctx, who, announcement());
    }
    expect((await counts(ctx)).posts).toBe(2);
  });
});

describe('a post from writing to reading', () => {
  it('is created, read by its audience once each, counted as seen, and audited', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement({ pinned: true }));
    expect(post).toMatchObject({
      kind: 'announcement',
      title: 'Office closed on Friday',
      audience: 'everyone',
      status: 'published',
      pinned: true,
      emailAudience: false,
      emailedAt: null,
      authorId: people.hradmin.sub,
      authorName: 'tan.hradmin',
      lastEditorName: 'tan.hradmin',
      excerpt: 'Notice The office is closed on Friday for maintenance.',
      seen: { readers: 0, audience: 5 },
    });

    const list = readerPostPageSchema.parse((await call(ctx, people.hr, 'GET', '/api/posts')).json());
    expect(list).toMatchObject({ total: 1, unread: 1 });
    expect(list.items[0]).toMatchObject({ id: post.id, read: false, pinned: true });
    expect(list.items[0]).not.toHaveProperty('body');

    const first = await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    expect(first.statusCode).toBe(200);
    const opened = readerPostSchema.parse(first.json());
    expect(opened.body).toBe(announcement().body);
    // Opening again changes nothing: the first view is the one kept.
    for (let i = 0; i < 3; i++) {
      const again = readerPostSchema.parse((await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`)).json());
      expect(again.readAt).toBe(opened.readAt);
    }
    expect((await counts(ctx)).receipts).toBe(1);
    expect((await call(ctx, people.hr, 'GET', '/api/posts')).json()).toMatchObject({
      unread: 0,
      items: [{ read: true }],
    });
    // Another reader's list is still unread.
    expect((await call(ctx, people.ir, 'GET', '/api/posts')).json()).toMatchObject({
      unread: 1,
      items: [{ read: false }],
    });

    await call(ctx, people.ir, 'GET', `/api/posts/${post.id}`);
    // The admin's own opening, from the admin pages, is not a read.
    await call(ctx, people.hradmin, 'GET', `/api/posts/admin/${post.id}`);
    const page = adminPostPageSchema.parse((await call(ctx, people.hradmin, 'GET', '/api/posts/admin')).json());
    expect(page.items[0]!.seen).toEqual({ readers: 2, audience: 5 });

    const unseen = unseenPageSchema.parse(
      (await call(ctx, people.hradmin, 'GET', `/api/posts/admin/${post.id}/unseen`)).json(),
    );
    expect(unseen.total).toBe(3);
    expect(unseen.items.map((item) => item.email)).toEqual([
      'lim.iradmin@example.org',
      'priya.hr@example.org',
      'tan.hradmin@example.org',
    ]);
    expect(await auditActions(ctx)).toEqual(['post.create']);
  });

  it('counts "seen by N" again when a reader opens the post or the audience changes, never from a stale count', async () => {
    setClock(Date.now());
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement({ audience: ['HR'] }));
    const seen = async () =>
      adminPostPageSchema.parse((await call(ctx, people.hradmin, 'GET', '/api/posts/admin')).json()).items[0]!.seen;
    const receiptCount = async () =>
      (
        await ctx.database.db
          .select({ n: postReceiptCounts.receipts })
          .from(postReceiptCounts)
          .where(eq(postReceiptCounts.postId, post.id))
      )[0]!.n;

    expect(await seen()).toEqual({ readers: 0, audience: 3 });
    await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    expect(await seen()).toEqual({ readers: 1, audience: 3 });
    // Counted again (the same answer) while nothing moved, then once more after the next reader.
    expect(await seen()).toEqual({ readers: 1, audience: 3 });
    await call(ctx, people.hr2, 'GET', `/api/posts/${post.id}`);
    await call(ctx, people.hr2, 'GET', `/api/posts/${post.id}`);
    expect(await receiptCount()).toBe(2);
    expect(await seen()).toEqual({ readers: 2, audience: 3 });

    // A reader who leaves the department no longer counts, with the same receipts, once the
    // directory is asked again (decision record 0048: after 30 seconds).
    await ctx.database.db
      .delete(identityUserGroups)
      .where(and(eq(identityUserGroups.userId, people.hr.sub), eq(identityUserGroups.groupName, 'HR')));
    vi.setSystemTime(Date.now() + 31_000);
    // The first list after that renews the directory in the background (decision record 0096);
    // the counts follow as soon as the new one is in.
    await vi.waitFor(async () => expect(await seen()).toEqual({ readers: 1, audience: 2 }), eventually);
    expect(await receiptCount()).toBe(2);
  });

  it('keeps each post’s receipt count for every writer, a bulk insert of receipts too', async () => {
    const { ctx, people } = await setup();
    const [a, b] = [
      await create(ctx, people.hradmin, announcement()),
      await create(ctx, people.hradmin, announcement()),
    ];
    await ctx.database.db.insert(postReceipts).values([
      { postId: a.id, readerId: 'reader-1' },
      { postId: a.id, readerId: 'reader-2' },
      { postId: b.id, readerId: 'reader-1' },
    ]);
    await ctx.database.db.insert(postReceipts).values({ postId: a.id, readerId: 'reader-1' }).onConflictDoNothing();
    const rows = await ctx.database.db.select().from(postReceiptCounts);
    expect(Object.fromEntries(rows.map((row) => [row.postId, row.receipts]))).toEqual({ [a.id]: 2, [b.id]: 1 });
  });

  it('lists pinned posts first, then the newest, and filters by kind', async () => {
    const { ctx, people } = await setup();
    const old = await create(ctx, people.hradmin, announcement({ title: 'Old', publishAt: inHours(-5) }));
    const pinned = await create(
      ctx,
      people.hradmin,
      announcement({ title: 'Pinned', publishAt: inHours(-9), pinned: true }),
    );
    const info = await create(
      ctx,
      people.hradmin,
      announcement({ kind: 'staffInfo', title: 'Info', publishAt: inHours(-2) }),
    );
    const newest = await create(ctx, people.hradmin, announcement({ title: 'Newest', publishAt: inHours(-1) }));
    const list = readerPostPageSchema.parse((await call(ctx, people.hr, 'GET', '/api/posts')).json());
    expect(list.items.map((item) => item.id)).toEqual([pinned.id, newest.id, info.id, old.id]);
    const infos = readerPostPageSchema.parse((await call(ctx, people.hr, 'GET', '/api/posts?kind=staffInfo')).json());
    expect(infos.items.map((item) => item.id)).toEqual([info.id]);
    const paged = readerPostPageSchema.parse(
      (await call(ctx, people.hr, 'GET', '/api/posts?page=2&pageSize=3')).json(),
    );
    expect(paged).toMatchObject({ total: 4, page: 2, pageSize: 3, unread: 4 });
    expect(paged.items.map((item) => item.id)).toEqual([old.id]);
  });
});

describe('the audience (docs/product/access.md §3)', () => {
  it('keeps an IR post and its attachment from an HR-only user: not listed, 404 by id and for the file', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement({ title: 'IR briefing', audience: ['IR'] }));
    const withFile = await attach(ctx, people.hradmin, post.id, [
      { filename: 'briefing.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const fileUrl = `/api/posts/${post.id}/attachments/${withFile.attachments[0]!.id}`;
    expect(withFile.seen).toEqual({ readers: 0, audience: 2 });

    for (const outsider of [people.hr, people.hradmin]) {
      expect((await call(ctx, outsider, 'GET', '/api/posts')).json()).toMatchObject({ total: 0, items: [] });
      const byId = await call(ctx, outsider, 'GET', `/api/posts/${post.id}`);
      expect(byId.statusCode).toBe(404);
      // The same answer as for a post that does not exist: nothing is revealed.
      const missing = await call(ctx, outsider, 'GET', '/api/posts/00000000-0000-4000-8000-000000000123');
      expect(byId.json()).toEqual(missing.json());
    }
    expect((await call(ctx, people.hr, 'GET', fileUrl)).statusCode).toBe(404);
    expect((await counts(ctx)).receipts).toBe(0);

    // IR, and IRAdmin (in IR by the group check's reading), read it and its file.
    for (const insider of [people.ir, people.iradmin]) {
      expect((await call(ctx, insider, 'GET', '/api/posts')).json()).toMatchObject({ total: 1 });
      expect((await call(ctx, insider, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(200);
      const file = await call(ctx, insider, 'GET', fileUrl);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('briefing.pdf');
      expect(file.rawPayload.equals(PDF)).toBe(true);
    }
    // ADMIN may fetch the file of any post, to check what they publish.
    expect((await call(ctx, people.hradmin, 'GET', fileUrl)).statusCode).toBe(200);
    const admin = adminPostSchema.parse((await call(ctx, people.hradmin, 'GET', `/api/posts/admin/${post.id}`)).json());
    expect(admin.seen).toEqual({ readers: 2, audience: 2 });
  });

  it('shows a scheduled post only from its publish time, and an expiring one only until its expiry', async () => {
    const start = Date.parse('2027-03-01T01:00:00Z');
    setClock(start);
    const { ctx, people } = await setup();
    const post = await create(
      ctx,
      people.hradmin,
      announcement({ publishAt: '2027-03-01T10:00:00+08:00', expireAt: '2027-03-02T10:00:00+08:00' }),
    );
    const draft = await create(ctx, people.hradmin, announcement({ title: 'Draft', publishAt: null }));
    const visible = async () => {
      const list = readerPostPageSchema.parse((await call(ctx, people.hr, 'GET', '/api/posts')).json());
      const byId = await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
      expect((await call(ctx, people.hr, 'GET', `/api/posts/${draft.id}`)).statusCode).toBe(404);
      // Home counts as the list does, from the same remembered counts (decision record 0053).
      const home = homeSchema.parse((await call(ctx, people.hr, 'GET', '/api/home')).json());
      expect(home.announcements.total).toBe(list.total);
      expect(list.total).toBe(list.items.length);
      return { listed: list.items.map((item) => item.id), status: byId.statusCode };
    };
    const statusOf = async (status: string) =>
      adminPostPageSchema
        .parse((await call(ctx, people.hradmin, 'GET', `/api/posts/admin?status=${status}`)).json())
        .items.map((item) => item.id);

    expect(post.status).toBe('scheduled');
    expect(await visible()).toEqual({ listed: [], status: 404 });
    expect(await statusOf('scheduled')).toEqual([post.id]);
    expect(await statusOf('draft')).toEqual([draft.id]);

    vi.setSystemTime(Date.parse('2027-03-01T02:00:00Z')); // 10:00 in Kuala Lumpur: published
    expect(await visible()).toEqual({ listed: [post.id], status: 200 });
    expect(await statusOf('published')).toEqual([post.id]);

    vi.setSystemTime(Date.parse('2027-03-02T02:00:00Z')); // the expiry time: expired
    expect(await visible()).toEqual({ listed: [], status: 404 });
    expect(await statusOf('expired')).toEqual([post.id]);
    expect(await statusOf('published')).toEqual([]);
  });

  it('counts what a reader may see and has not opened again after every write, on Home and the list', async () => {
    const { ctx, people } = await setup();
    const counts = async () => {
      const list = readerPostPageSchema.parse((await call(ctx, people.ir, 'GET', '/api/posts')).json());
      const home = homeSchema.parse((await call(ctx, people.ir, 'GET', '/api/home')).json());
      expect({
        total: home.announcements.total + home.staffInfo.total,
        unread: home.announcements.unread + home.staffInfo.unread,
      }).toEqual({ total: list.total, unread: list.unread });
      return { total: list.total, unread: list.unread };
    };
    const a = await create(ctx, people.hradmin, announcement());
    expect(await counts()).toEqual({ total: 1, unread: 1 });
    const b = await create(ctx, people.hradmin, announcement({ kind: 'staffInfo', audience: ['IR'] }));
    await create(ctx, people.hradmin, announcement({ audience: ['HR'] }));
    expect(await counts()).toEqual({ total: 2, unread: 2 });
    await call(ctx, people.ir, 'GET', `/api/posts/${b.id}`);
    expect(await counts()).toEqual({ total: 2, unread: 1 });
    expect((await call(ctx, people.hradmin, 'POST', `/api/posts/admin/${b.id}/unpublish`)).statusCode).toBe(200);
    expect(await counts()).toEqual({ total: 1, unread: 1 });
    expect((await call(ctx, people.hradmin, 'DELETE', `/api/posts/admin/${a.id}`)).statusCode).toBe(204);
    expect(await counts()).toEqual({ total: 0, unread: 0 });
  });

  // Decision record 0059: the readers' answers and the admin totals are kept, and must never be
  // served once a post, the clock, the reader's receipts or their audience says otherwise.
  it('answers the list and Home afresh once a post is edited, published or expires, a receipt is written anywhere, or the audience changes', async () => {
    const start = Date.parse('2027-03-01T01:00:00Z');
    setClock(start);
    const { ctx, people } = await setup();
    const seen = async (who: Caller) => {
      const list = readerPostPageSchema.parse((await call(ctx, who, 'GET', '/api/posts')).json());
      const home = homeSchema.parse((await call(ctx, who, 'GET', '/api/home')).json());
      expect(home.announcements.items.map((item) => [item.title, item.read])).toEqual(
        list.items.map((item) => [item.title, item.read]),
      );
      expect(home.announcements.unread).toBe(list.unread);
      return { items: list.items.map((item) => [item.title, item.read]), total: list.total, unread: list.unread };
    };
    const adminTotal = async (query: string) =>
      adminPostPageSchema.parse((await call(ctx, people.hradmin, 'GET', `/api/posts/admin${query}`)).json()).total;

    const post = await create(ctx, people.hradmin, announcement({ title: 'First', audience: ['HR'] }));
    const scheduled = await create(
      ctx,
      people.hradmin,
      announcement({ title: 'Later', publishAt: '2027-03-01T10:00:00+08:00', expireAt: '2027-03-02T10:00:00+08:00' }),
    );
    expect(await seen(people.hr)).toEqual({ items: [['First', false]], total: 1, unread: 1 });
    expect(await seen(people.hr)).toEqual({ items: [['First', false]], total: 1, unread: 1 });
    expect(await adminTotal('?status=published')).toBe(1);

    // Edited: the version moves.
    const edited = { ...announcement({ title: 'Edited', audience: ['HR'] }), publishAt: post.publishAt };
    expect((await call(ctx, people.hradmin, 'PUT', `/api/posts/admin/${post.id}`, edited)).statusCode).toBe(200);
    expect(await seen(people.hr)).toEqual({ items: [['Edited', false]], total: 1, unread: 1 });

    // Opened, through the API and (another server's write) straight into the table.
    await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    expect(await seen(people.hr)).toEqual({ items: [['Edited', true]], total: 1, unread: 0 });
    expect(await seen(people.hr2)).toEqual({ items: [['Edited', false]], total: 1, unread: 1 });
    await ctx.database.db.insert(postReceipts).values({ postId: post.id, readerId: people.hr2.sub });
    expect(await seen(people.hr2)).toEqual({ items: [['Edited', true]], total: 1, unread: 0 });

    // The same account with another department (a new token after an admin's change) sees its audience's.
    expect(await seen({ ...people.hr, groups: ['IR'] })).toEqual({ items: [], total: 0, unread: 0 });
    expect(await seen(people.hr)).toEqual({ items: [['Edited', true]], total: 1, unread: 0 });

    // Published by the clock, then expired by it, with nothing written.
    vi.setSystemTime(Date.parse('2027-03-01T02:00:00Z'));
    expect(await seen(people.hr)).toEqual({
      items: [
        ['Later', false],
        ['Edited', true],
      ],
      total: 2,
      unread: 1,
    });
    expect(await adminTotal('?status=published')).toBe(2);
    expect(await adminTotal('?status=scheduled')).toBe(0);
    vi.setSystemTime(Date.parse('2027-03-02T02:00:00Z'));
    expect(await seen(people.hr)).toEqual({ items: [['Edited', true]], total: 1, unread: 0 });
    expect(await adminTotal('?status=published')).toBe(1);
    expect(await adminTotal('?status=expired')).toBe(1);
    expect(scheduled.status).toBe('scheduled');

    // A post written by another writer than the API raises the version all the same.
    expect(await adminTotal('')).toBe(2);
    await ctx.database.db.insert(posts).values({
      kind: 'announcement',
      title: 'Written elsewhere',
      body: 'Text',
      audienceEveryone: true,
      publishAt: new Date(Date.now() - HOUR),
      authorId: people.hradmin.sub,
      authorName: 'tan',
      lastEditorId: people.hradmin.sub,
      lastEditorName: 'tan',
    });
    expect(await adminTotal('')).toBe(3);
    expect((await seen(people.hr)).total).toBe(2);
  });

  it('takes a post back to a draft, out of its readers’ sight, and keeps their receipts', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement());
    await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    const response = await call(ctx, people.hradmin, 'POST', `/api/posts/admin/${post.id}/unpublish`);
    expect(response.statusCode).toBe(200);
    expect(adminPostSchema.parse(response.json())).toMatchObject({ status: 'draft', publishAt: null });
    expect((await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`)).statusCode).toBe(404);
    // A draft already: answered as it is, nothing written.
    const before = await counts(ctx);
    expect((await call(ctx, people.hradmin, 'POST', `/api/posts/admin/${post.id}/unpublish`)).statusCode).toBe(200);
    expect(await counts(ctx)).toEqual(before);
    expect(before.receipts).toBe(1);
    expect(await auditActions(ctx)).toEqual(['post.create', 'post.unpublish']);
  });
});

describe('admin functions', () => {
  it('searches title and body, and filters by kind, status and audience', async () => {
    const { ctx, people } = await setup();
    const a = await create(ctx, people.hradmin, announcement({ title: 'Hari Raya closure', audience: ['HR', 'IR'] }));
    const b = await create(
      ctx,
      people.hradmin,
      announcement({ kind: 'staffInfo', title: 'Handbook', body: 'Read the 50% rule_' }),
    );
    const c = await create(
      ctx,
      people.hradmin,
      announcement({ title: 'Draft closure', publishAt: null, audience: ['IR'] }),
    );
    const ids = async (query: string) =>
      adminPostPageSchema
        .parse((await call(ctx, people.hradmin, 'GET', `/api/posts/admin?${query}`)).json())
        .items.map((item) => item.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    // Words by their starts, in any order, whatever their case; punctuation is no search.
    expect(await ids('q=CLOSURE')).toEqual([c.id, a.id]);
    expect(await ids('q=clos')).toEqual([c.id, a.id]);
    expect(await ids('q=raya hari')).toEqual([a.id]);
    expect(await ids('q=hari draft')).toEqual([]);
    expect(await ids('q=50%25 rule_')).toEqual([b.id]);
    expect(await ids('q=%25')).toEqual([c.id, b.id, a.id]);
    expect(await ids('kind=staffInfo')).toEqual([b.id]);
    expect(await ids('status=draft')).toEqual([c.id]);
    expect(await ids('audience=IR')).toEqual([c.id, a.id]);
    expect(await ids('audience=everyone')).toEqual([b.id]);
    expect(await ids('audience=IR&status=published')).toEqual([a.id]);
    const paged = adminPostPageSchema.parse(
      (await call(ctx, people.hradmin, 'GET', '/api/posts/admin?pageSize=2&page=2')).json(),
    );
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.items.map((item) => item.id)).toEqual([a.id]);

    // Sorted by a column either way; a draft without a publish time comes last either way.
    expect(await ids('sort=created&order=asc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort=title')).toEqual([c.id, b.id, a.id]);
    expect(await ids('sort=title&order=desc')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort=publishAt')).toEqual([a.id, b.id, c.id]);
    expect(await ids('sort=publishAt&order=desc')).toEqual([b.id, a.id, c.id]);
    expect(await ids('sort=title&order=desc&pageSize=2&page=2')).toEqual([c.id]);
    for (const query of ['sort=seen', 'order=newest']) {
      const refused = await call(ctx, people.hradmin, 'GET', `/api/posts/admin?${query}`);
      expect(refused.statusCode, query).toBe(400);
      expect(refused.json(), query).toMatchObject({ field: query.split('=')[0] });
    }
  });

  it('updates a post in full, keeping its receipts and attachments, and names the editor', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement());
    await attach(ctx, people.hradmin, post.id, [{ filename: 'map.png', contentType: 'image/png', data: PNG }]);
    await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    const response = await call(
      ctx,
      people.itadmin,
      'PUT',
      `/api/posts/admin/${post.id}`,
      announcement({ kind: 'staffInfo', title: 'Office closed on Monday', audience: ['HR'], pinned: true }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(adminPostSchema.parse(response.json())).toMatchObject({
      kind: 'staffInfo',
      title: 'Office closed on Monday',
      audience: ['HR'],
      pinned: true,
      authorId: people.hradmin.sub,
      lastEditorId: people.itadmin.sub,
      attachmentCount: 1,
      seen: { readers: 1, audience: 3 },
    });
    const [entry] = await ctx.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.area, 'posts'), eq(auditEntries.action, 'post.update')));
    expect(entry).toMatchObject({
      actorId: people.itadmin.sub,
      target: post.id,
      before: expect.objectContaining({ title: 'Office closed on Friday', audience: 'everyone' }) as unknown,
      after: expect.objectContaining({ title: 'Office closed on Monday', audience: ['HR'] }) as unknown,
    });
    expect(
      (await call(ctx, people.hradmin, 'PUT', '/api/posts/admin/00000000-0000-4000-8000-000000000123', announcement()))
        .statusCode,
    ).toBe(404);
  });

  it('duplicates a post as a draft with copies of its files, and deletes one with its files and receipts', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement({ emailAudience: false }));
    await attach(ctx, people.hradmin, post.id, [
      { filename: 'a.pdf', contentType: 'application/pdf', data: PDF },
      { filename: 'b.png', contentType: 'image/png', data: PNG },
    ]);
    await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`);
    const response = await call(ctx, people.itadmin, 'POST', `/api/posts/admin/${post.id}/duplicate`);
    expect(response.statusCode).toBe(201);
    const copy = adminPostSchema.parse(response.json());
    expect(copy).toMatchObject({
      title: post.title,
      body: post.body,
      status: 'draft',
      publishAt: null,
      authorId: people.itadmin.sub,
      seen: { readers: 0, audience: 5 },
    });
    expect(copy.id).not.toBe(post.id);
    expect(copy.attachments.map((file) => file.fileName)).toEqual(['a.pdf', 'b.png']);

    const deleted = await call(ctx, people.hradmin, 'DELETE', `/api/posts/admin/${post.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(await counts(ctx)).toMatchObject({ posts: 1, attachments: 2, receipts: 0 });
    expect((await call(ctx, people.hradmin, 'GET', `/api/posts/admin/${post.id}`)).statusCode).toBe(404);
    expect((await call(ctx, people.hradmin, 'DELETE', `/api/posts/admin/${post.id}`)).statusCode).toBe(404);
    expect(await auditActions(ctx)).toEqual(['post.create', 'attachment.add', 'post.duplicate', 'post.delete']);
    const [entry] = await ctx.database.db.select().from(auditEntries).where(eq(auditEntries.action, 'post.delete'));
    expect(entry!.before).toMatchObject({ attachments: ['a.pdf', 'b.png'], receipts: 1 });
  });
});

describe('bad input (docs/product/qualities.md §1)', () => {
  const bad: [string, object, string][] = [
    ['an unknown kind', announcement({ kind: 'news' }), 'kind'],
    ['no title', announcement({ title: '' }), 'title'],
    ['a title too long', announcement({ title: 'x'.repeat(201) }), 'title'],
    ['a blank body', announcement({ body: '   ' }), 'body'],
    ['a body too long', announcement({ body: 'x'.repeat(20_001) }), 'body'],
    ['an empty audience', announcement({ audience: [] }), 'audience'],
    ['an audience of neither form', announcement({ audience: 'all' }), 'audience'],
    ['an unknown department', announcement({ audience: ['HR', 'SALES'] }), 'audience.1'],
    ['a publish time that is not one', announcement({ publishAt: '1 March' }), 'publishAt'],
    ['an expiry before the publish time', announcement({ expireAt: inHours(-2) }), 'expireAt'],
    [
      'an expiry at the publish time',
      announcement({ publishAt: '2027-01-01T00:00:00Z', expireAt: '2027-01-01T08:00:00+08:00' }),
      'expireAt',
    ],
    ['pinned as text', announcement({ pinned: 'yes' }), 'pinned'],
    ['a field it does not know', announcement({ colour: 'red' }), ''],
    ['NUL in the title', announcement({ title: 'a\u0000b' }), 'title'],
    ['NUL in a department', announcement({ audience: ['HR', 'a\u0000b'] }), 'audience.1'],
  ];

  it.each(bad)(
    'refuses %s with 400 naming the field, writing nothing (create and update)',
    async (_case, body, field) => {
      const { ctx, people } = await setup();
      const post = await create(ctx, people.hradmin, announcement());
      const before = await counts(ctx);
      const [row] = await ctx.database.db.select().from(posts).where(eq(posts.id, post.id));
      for (const [method, url] of [
        ['POST', '/api/posts/admin'],
        ['PUT', `/api/posts/admin/${post.id}`],
      ] as const) {
        const response = await call(ctx, people.hradmin, method, url, body);
        expect(response.statusCode, response.body).toBe(400);
        const answer = response.json<{ code: string; field?: string; reason?: string }>();
        expect(answer.code).toBe('VALIDATION_ERROR');
        expect(answer.field ?? '').toBe(field);
        expect(answer.reason).toBeDefined();
      }
      expect(await counts(ctx)).toEqual(before);
      expect((await ctx.database.db.select().from(posts).where(eq(posts.id, post.id)))[0]).toEqual(row);
    },
  );

  it.each([
    ['GET', '/api/posts/admin?status=live', 'status'],
    ['GET', '/api/posts/admin?kind=news', 'kind'],
    ['GET', '/api/posts/admin?pageSize=500', 'pageSize'],
    ['GET', '/api/posts?page=0', 'page'],
    ['GET', '/api/posts/not-an-id', 'id'],
    ['GET', '/api/posts/admin/not-an-id', 'id'],
    ['POST', '/api/posts/admin/not-an-id/duplicate', 'id'],
    ['GET', '/api/posts/00000000-0000-4000-8000-000000000001/attachments/x', 'attachmentId'],
  ] as const)('%s %s: 400 naming %s', async (method, url, field) => {
    const { ctx, people } = await setup();
    const response = await call(ctx, people.hradmin, method, url);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });
});

describe('attachments (docs/product/files-mail-logs.md §1)', () => {
  it('are told by their content, not their name, and at most 5 MB; a refused upload writes nothing', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement());
    const before = await counts(ctx);
    const refused = [
      filesForm([{ filename: 'notice.pdf', contentType: 'application/pdf', data: EXE }]),
      // One good file and one bad: neither is kept.
      filesForm([
        { filename: 'a.png', contentType: 'image/png', data: PNG },
        { filename: 'b.jpg', contentType: 'image/jpeg', data: Buffer.from('not a jpeg at all') },
      ]),
      filesForm([
        {
          filename: 'big.pdf',
          contentType: 'application/pdf',
          data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024)]),
        },
      ]),
      filesForm([]),
    ];
    for (const form of refused) {
      const response = await uploadForm(ctx, people.hradmin, post.id, form);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'attachments' });
    }
    const json = await call(ctx, people.hradmin, 'POST', `/api/posts/admin/${post.id}/attachments`, { file: 'x' });
    expect(json.statusCode).toBe(400);
    expect(await counts(ctx)).toEqual(before);

    // A PNG under a name that says otherwise is a PNG; a JPEG by its first bytes is a JPEG.
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    const added = await attach(ctx, people.hradmin, post.id, [
      { filename: 'photo.txt', contentType: 'text/plain', data: PNG },
      { filename: 'C:\\Users\\tan\\team.jpg', contentType: 'application/octet-stream', data: jpeg },
    ]);
    expect(added.attachments.map(({ id: _id, ...file }) => file)).toEqual([
      { fileName: 'photo.txt', contentType: 'image/png', size: PNG.length },
      { fileName: 'team.jpg', contentType: 'image/jpeg', size: jpeg.length },
    ]);
    const image = await call(ctx, people.hr, 'GET', `/api/posts/${post.id}/attachments/${added.attachments[0]!.id}`);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
  });

  it('are at most ten to a post, and are removed one by one', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement());
    const png = { filename: 'p.png', contentType: 'image/png', data: PNG };
    const nine = await attach(
      ctx,
      people.hradmin,
      post.id,
      Array.from({ length: 9 }, () => png),
    );
    expect(nine.attachmentCount).toBe(9);
    const before = await counts(ctx);
    const tooMany = await uploadForm(ctx, people.hradmin, post.id, filesForm([png, png]));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({
      field: 'attachments',
      reason: 'tooManyAttachments',
      params: { maximum: 10 },
    });
    expect(await counts(ctx)).toEqual(before);

    const target = nine.attachments[0]!;
    const removed = await call(ctx, people.hradmin, 'DELETE', `/api/posts/admin/${post.id}/attachments/${target.id}`);
    expect(removed.statusCode).toBe(200);
    expect(adminPostSchema.parse(removed.json()).attachmentCount).toBe(8);
    // The lists count them too: the admin's and the readers'.
    const adminList = adminPostPageSchema.parse((await call(ctx, people.hradmin, 'GET', '/api/posts/admin')).json());
    expect(adminList.items.map((item) => item.attachmentCount)).toEqual([8]);
    const readerList = readerPostPageSchema.parse((await call(ctx, people.hr, 'GET', '/api/posts')).json());
    expect(readerList.items.map((item) => item.attachmentCount)).toEqual([8]);
    expect((await call(ctx, people.hr, 'GET', `/api/posts/${post.id}/attachments/${target.id}`)).statusCode).toBe(404);
    expect(
      (await call(ctx, people.hradmin, 'DELETE', `/api/posts/admin/${post.id}/attachments/${target.id}`)).statusCode,
    ).toBe(404);
    expect(await auditActions(ctx)).toEqual(['post.create', 'attachment.add', 'attachment.delete']);
  });
});

describe('the publish e-mail (decision record 0048)', () => {
  const outbox = (ctx: TestContext) =>
    ctx.database.db.select().from(identityOutbox).orderBy(asc(identityOutbox.recipient));

  it('goes to the audience, once, when a post is published with it asked for', async () => {
    const { ctx, people } = await setup();
    const post = await create(ctx, people.hradmin, announcement({ audience: ['HR'], emailAudience: true }));
    expect(post.emailRecipients).toBe(3);
    expect(post.emailedAt).not.toBeNull();
    const sent = await outbox(ctx);
    expect(sent.map((row) => row.recipient)).toEqual([
      'hafiz.hr@example.org',
      'priya.hr@example.org',
      'tan.hradmin@example.org',
    ]);
    expect(sent[0]).toMatchObject({ channel: 'EMAIL', subject: 'Announcement: Office closed on Friday' });
    expect(sent[0]!.body).toContain('The office is closed on Friday for maintenance.');

    // Edited, unpublished and published again: never a second e-mail.
    await call(
      ctx,
      people.hradmin,
      'PUT',
      `/api/posts/admin/${post.id}`,
      announcement({ audience: 'everyone', emailAudience: true }),
    );
    await call(ctx, people.hradmin, 'POST', `/api/posts/admin/${post.id}/unpublish`);
    await call(ctx, people.hradmin, 'PUT', `/api/posts/admin/${post.id}`, announcement({ emailAudience: true }));
    expect(await outbox(ctx)).toHaveLength(3);
    // Not asked for: no e-mail; a draft asking for it: none yet.
    await create(ctx, people.hradmin, announcement());
    await create(ctx, people.hradmin, announcement({ publishAt: null, emailAudience: true }));
    expect(await outbox(ctx)).toHaveLength(3);
  });

  it('goes once, after the files chosen with the post are attached: a post is created with its files in one request', async () => {
    const { ctx, people } = await setup();
    const form = createForm(announcement({ audience: ['HR'], emailAudience: true }), [
      { filename: 'floor plan.png', contentType: 'image/png', data: PNG },
      { filename: 'notice.pdf', contentType: 'application/pdf', data: PDF },
    ]);
    const response = await createWithFiles(ctx, people.hradmin, form);
    expect(response.statusCode, response.body).toBe(201);
    const post = adminPostSchema.parse(response.json());
    expect(post).toMatchObject({ status: 'published', attachmentCount: 2, emailRecipients: 3 });
    expect(post.attachments.map((file) => [file.fileName, file.contentType])).toEqual([
      ['floor plan.png', 'image/png'],
      ['notice.pdf', 'application/pdf'],
    ]);
    // The e-mail was queued in the transaction that stored the files: a reader who follows it finds them.
    expect(await outbox(ctx)).toHaveLength(3);
    expect(await auditActions(ctx)).toEqual(['post.create', 'attachment.add']);
    const read = readerPostSchema.parse((await call(ctx, people.hr, 'GET', `/api/posts/${post.id}`)).json());
    expect(read.attachments).toHaveLength(2);
    // Files added later send nothing more.
    await attach(ctx, people.hradmin, post.id, [{ filename: 'more.png', contentType: 'image/png', data: PNG }]);
    expect(await outbox(ctx)).toHaveLength(3);
  });

  it('refuses a create form with anything wrong, naming the field, and writes nothing', async () => {
    const { ctx, people } = await setup();
    const png = { filename: 'p.png', contentType: 'image/png', data: PNG };
    const valid = announcement({ emailAudience: true });
    const before = await counts(ctx);
    const refused: [ReturnType<typeof createForm>, object][] = [
      [
        createForm(valid, [png, { filename: 'notice.pdf', contentType: 'application/pdf', data: EXE }]),
        { field: 'attachments' },
      ],
      [
        createForm(
          valid,
          Array.from({ length: 11 }, () => png),
        ),
        { field: 'attachments', reason: 'tooManyAttachments', params: { maximum: 10 } },
      ],
      [createForm('{"title": "cut short', [png]), { field: 'post', reason: 'invalidFormat' }],
      [createForm(undefined, [png]), { field: 'post', reason: 'required' }],
      [createForm({ ...valid, title: '' }, [png]), { field: 'title', reason: 'required' }],
      [
        createForm({ ...valid, audience: ['HR', 'PAYROLL'] }, [png]),
        { field: 'audience.1', reason: 'noSuchDepartment' },
      ],
    ];
    for (const [form, expected] of refused) {
      const response = await createWithFiles(ctx, people.hradmin, form);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', ...expected });
    }
    expect(await counts(ctx)).toEqual(before);
  });

  it('keeps the addresses of the text’s links, and links to the post itself', async () => {
    const { ctx, people } = await setup();
    const body = [
      '## Parking',
      '',
      'Read [the parking rules](https://example.org/parking "Rules") before **Monday**, or see <https://example.org/map>.',
      '',
      '- Ask [HR](mailto:hr@example.org)',
      '- Not this: [a trick](javascript:alert(1))',
      '',
      'The [handbook][h] has the rest.',
      '',
      '[h]: https://example.org/handbook',
    ].join('\n');
    const post = await create(ctx, people.hradmin, announcement({ audience: ['IR'], body, emailAudience: true }));
    const [mail] = await outbox(ctx);
    const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/?post=${post.id}`;
    expect(mail!.body).toBe(
      [
        'Office closed on Friday',
        '',
        'Parking',
        '',
        'Read the parking rules (https://example.org/parking) before Monday, or see https://example.org/map.',
        '',
        '- Ask HR (mailto:hr@example.org)',
        '- Not this: a trick',
        '',
        'The handbook (https://example.org/handbook) has the rest.',
        '',
        `Read it on the portal: ${link}`,
      ].join('\n'),
    );
  });

  it('goes at the publish time of a scheduled post, by the mail loop, exactly once', async () => {
    // The real clock: the identity provider's admin API, which lists the audience, signs its calls with it.
    const { ctx, people } = await setup({ postMailIntervalMs: 40 });
    const publishAt = new Date(Date.now() + 1500);
    const post = await create(
      ctx,
      people.hradmin,
      announcement({ kind: 'staffInfo', audience: ['IR'], publishAt: publishAt.toISOString(), emailAudience: true }),
    );
    expect(post).toMatchObject({ status: 'scheduled', emailedAt: null });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox(ctx)).toHaveLength(0);

    for (let waited = 0; (await outbox(ctx)).length === 0 && waited < 10_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // Several more rounds: still one e-mail to each.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const sent = await outbox(ctx);
    expect(sent.map((row) => row.recipient)).toEqual(['lim.iradmin@example.org', 'nurul.ir@example.org']);
    expect(sent[0]!.subject).toBe('Staff information: Office closed on Friday');
    const admin = adminPostSchema.parse((await call(ctx, people.hradmin, 'GET', `/api/posts/admin/${post.id}`)).json());
    expect(admin).toMatchObject({ status: 'published', emailRecipients: 2 });
    expect(Date.parse(admin.emailedAt!)).toBeGreaterThanOrEqual(publishAt.getTime());
  });
});

describe('the demo posts (apps/server/src/seed/demo-posts.ts)', () => {
  it('show every status, a post for IR only and a PDF that passes the attachment rules; seeded once', async () => {
    const { ctx, people } = await setup();
    await seedDemoPosts(ctx.database.db, { orgDepartment: 'UNION' });
    await seedDemoPosts(ctx.database.db, { orgDepartment: 'UNION' });
    const all = adminPostPageSchema.parse((await call(ctx, people.hradmin, 'GET', '/api/posts/admin')).json());
    expect(all.items.map((post) => post.status).sort()).toEqual([
      'draft',
      'expired',
      'published',
      'published',
      'published',
      'scheduled',
    ]);
    const titles = async (who: Caller) =>
      readerPostPageSchema.parse((await call(ctx, who, 'GET', '/api/posts')).json()).items.map((post) => post.title);
    expect(await titles(people.hr)).toEqual(['Welcome to the new Staff Portal', 'Staff handbook: a summary']);
    expect(await titles(people.ir)).toEqual([
      'Welcome to the new Staff Portal',
      'IR officers: case review every Monday',
      'Staff handbook: a summary',
    ]);
    const handbook = all.items.find((post) => post.kind === 'staffInfo')!;
    const detail = readerPostSchema.parse((await call(ctx, people.hr, 'GET', `/api/posts/${handbook.id}`)).json());
    const file = await call(
      ctx,
      people.hr,
      'GET',
      `/api/posts/${handbook.id}/attachments/${detail.attachments[0]!.id}`,
    );
    expect(file.statusCode).toBe(200);
    expect(checkAttachment({ data: file.rawPayload, filename: 'x' }).mime).toBe('application/pdf');
    expect(file.rawPayload.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
  });
});
