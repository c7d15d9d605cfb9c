import { crc32, deflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { hostileBody, hostileMarkdown } from './hostile-markdown';
import { idTokenOf } from './leave-api';
import { CERTIFICATE, staff } from './leave-steps';
import { PHONE, checkScreens } from './screens';
import { signIn } from './sign-in';

/** The organisation's time zone (Asia/Kuala_Lumpur, UTC+8 all year), in which the editor takes times. */
const ORGANISATION_OFFSET_MS = 8 * 3_600_000;

/** `at` as a `datetime-local` field in the organisation's time zone takes it: YYYY-MM-DDTHH:mm. */
const localTime = (at: number) => new Date(at + ORGANISATION_OFFSET_MS).toISOString().slice(0, 16);

/** The demo's pinned announcement for everyone (apps/server/src/seed/demo-posts.ts): Home has loaded its posts once it shows. */
const WELCOME = /^Welcome to the new Staff Portal/;

/** A real PNG picture, 48×24 pixels of the portal's blue, built here so the test needs no file. */
function bluePng(width = 48, height = 24): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [0x1e, 0x40, 0xaf]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A call to the API as a demo account; fails the test unless it answers `expected`. */
async function api(
  serverUrl: string,
  email: string,
  method: string,
  path: string,
  body?: object,
  expected = 200,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${serverUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${await idTokenOf(serverUrl, email)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== expected)
    throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Moves a post's publish and expiry times as its editor would (PUT replaces the post and keeps
 * its files and read receipts): what the clock would do to a scheduled post, without the test
 * waiting for it (CONTRIBUTING.md §5: wait for a state, never for the clock).
 */
async function reschedule(serverUrl: string, id: string, times: { publishAt: number; expireAt: number }) {
  const post = await api(serverUrl, accounts.HRAdmin, 'GET', `/posts/admin/${id}`);
  await api(serverUrl, accounts.HRAdmin, 'PUT', `/posts/admin/${id}`, {
    kind: post['kind'],
    title: post['title'],
    body: post['body'],
    audience: post['audience'],
    pinned: post['pinned'],
    emailAudience: post['emailAudience'],
    publishAt: new Date(times.publishAt).toISOString(),
    expireAt: new Date(times.expireAt).toISOString(),
  });
}

/**
 * What a rendered post body holds that could run or carry script: any element outside plain
 * Markdown's, any `on…` attribute, any address that is not http(s), mailto, blob or this site's.
 */
async function activeContent(body: Locator): Promise<string[]> {
  return body.evaluate((root) => {
    const found: string[] = [];
    const inert = ['p', 'br', 'hr', 'strong', 'em', 'del', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img'];
    for (const element of root.querySelectorAll('*')) {
      const tag = element.tagName.toLowerCase();
      if (
        !inert.includes(tag) &&
        !/^h[1-6]$/.test(tag) &&
        !/^(table|thead|tbody|tr|th|td|span|input|sup|section)$/.test(tag)
      )
        found.push(`<${tag}>`);
      for (const attribute of element.attributes) {
        if (attribute.name.startsWith('on')) found.push(`<${tag} ${attribute.name}>`);
        const address = ['href', 'src', 'action', 'data', 'xlink:href', 'formaction'].includes(attribute.name);
        if (address && !/^(https?:|mailto:|blob:|\/(?!\/)|#|$)/i.test(attribute.value.trim()))
          found.push(`<${tag} ${attribute.name}="${attribute.value}">`);
      }
    }
    return found;
  });
}

/** How far the page reaches past the right edge of the window, in CSS pixels: 0 when nothing scrolls sideways. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Whatever the payloads managed: the flag they set, and the alerts they opened. */
function watchForPayloads(page: Page) {
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  return {
    alerts,
    pwned: () => page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned ?? null),
  };
}

describe('posts', () => {
  const { open, session, openAs: as } = useSession();

  it('an HR admin schedules an announcement for IR with a picture and a PDF; an IR officer reads it only while it is published, HR never', async () => {
    const server = session.server.url;
    const title = 'Union hall closed for repairs';

    let page = await as(accounts.HRAdmin, '/announcements');
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await page.getByRole('link', { name: 'New announcement' }).click();
    await page.getByRole('heading', { level: 1, name: 'New announcement' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page.getByRole('button', { name: 'Bold' }).click();
    await page
      .getByRole('textbox', { name: /^Text/ })
      .fill(
        'The **union hall** is closed while the roof is repaired.\n\n- Meetings move to room 2\n- Files: see below',
      );
    await page.getByRole('tab', { name: 'Preview' }).click();
    await page.locator('.markdown-view strong', { hasText: 'union hall' }).waitFor();
    await page.getByRole('tab', { name: 'Write' }).click();
    await page.getByRole('radio', { name: 'Chosen departments' }).check();
    await page.getByRole('checkbox', { name: 'IR', exact: true }).check();
    // Published tomorrow at this whole minute; expired an hour later.
    const publishAt = Math.ceil((Date.now() + 86_400_000) / 60_000) * 60_000;
    const expireAt = publishAt + 3_600_000;
    await page.getByLabel('Publish time').fill(localTime(publishAt));
    await page.getByLabel('Expiry time').fill(localTime(expireAt));
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit announcement' }).waitFor();
    const id = /\/announcements\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByLabel('Add files').setInputFiles([
      { name: 'hall-plan.png', mimeType: 'image/png', buffer: bluePng() },
      { name: 'repair-notice.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE },
    ]);
    await page.getByText('2 files added.').waitFor();
    await page.getByText('Scheduled', { exact: true }).first().waitFor();
    await checkScreens(page, 'post-editor');

    // Before its time: neither the IR officer nor HR sees it, nor may open its link.
    page = await as(accounts.IR, '/');
    await page.getByRole('link', { name: WELCOME }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(title) }).count()).toBe(0);
    await api(server, accounts.IR, 'GET', `/posts/${id}`, undefined, 404);
    // Scheduled for the very minute typed, in the organisation's time zone.
    const scheduled = await api(server, accounts.HRAdmin, 'GET', `/posts/admin/${id}`);
    expect([Date.parse(String(scheduled['publishAt'])), Date.parse(String(scheduled['expireAt']))]).toEqual([
      publishAt,
      expireAt,
    ]);

    // Its time comes: published a minute ago, expiring in an hour.
    await reschedule(server, id, { publishAt: Date.now() - 60_000, expireAt: Date.now() + 3_600_000 });
    page = await as(accounts.IR, '/');
    const link = page.getByRole('link', { name: `${title}, not read yet` });
    await link.waitFor();
    await checkScreens(page, 'home-with-posts');
    await link.click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.locator('.markdown-view strong', { hasText: 'union hall' }).waitFor();
    // The picture is shown in the post, loaded whole; the PDF is offered to download.
    const picture = dialog.getByRole('img', { name: 'hall-plan.png' });
    await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(48);
    await dialog.getByRole('button', { name: 'Download repair-notice.pdf' }).waitFor();
    expect(page.url()).toContain(`?post=${id}`);
    await checkScreens(page, 'post-reader');
    await dialog.getByRole('button', { name: 'Close' }).click();
    // Read now: the mark has gone.
    await page.getByRole('link', { name: title, exact: true }).waitFor();

    // HR is not in the audience: nothing on Home, and the shared link says only that it is not there.
    page = await open(`/?post=${id}`);
    await signIn(page, staff.hafiz.email);
    await page.getByText('This post is not available').waitFor();
    expect(await page.getByText(title).count()).toBe(0);
    await api(server, staff.hafiz.email, 'GET', `/posts/${id}`, undefined, 404);

    // The HR admin sees who has read it: the IR officer, and not the IR admin yet.
    page = await as(accounts.HRAdmin, '/announcements');
    const row = page.getByRole('row').filter({ hasText: title });
    await expect.poll(() => row.textContent()).toMatch(/Seen by 1 of \d+/);
    await checkScreens(page, 'posts-list');
    page = await as(accounts.HRAdmin, `/announcements/${id}`);
    const unseen = page.getByRole('list', { name: 'Not seen yet' });
    await unseen.getByText(staff.lim.name).waitFor();
    expect(await unseen.getByText(staff.nurul.name).count()).toBe(0);

    // After its expiry it is gone from the IR officer's Home and from its link.
    await reschedule(server, id, { publishAt: Date.now() - 120_000, expireAt: Date.now() - 1_000 });
    page = await as(accounts.IR, '/');
    await page.getByRole('link', { name: WELCOME }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(title) }).count()).toBe(0);
    await api(server, accounts.IR, 'GET', `/posts/${id}`, undefined, 404);
  });

  it('renders a corpus of hostile Markdown as text, to the reader and in the editor’s preview, and nothing runs', async () => {
    const server = session.server.url;
    const post = await api(
      server,
      accounts.HRAdmin,
      'POST',
      '/posts/admin',
      {
        kind: 'announcement',
        title: 'Hostile Markdown corpus',
        body: hostileBody,
        audience: 'everyone',
        publishAt: new Date(Date.now() - 60_000).toISOString(),
      },
      201,
    );
    const id = String(post['id']);

    // A reader opens it from the home page's link.
    let page = await open(`/?post=${id}`);
    await signIn(page, accounts.IR);
    let watch = watchForPayloads(page);
    const dialog = page.getByRole('dialog', { name: 'Hostile Markdown corpus' });
    await dialog.waitFor();
    let body = dialog.locator('.markdown-view');
    // The raw HTML is there to read, as text; the ordinary marks still work.
    await body.getByText(`<script>window.__pwned = 'script tag'</script>`).waitFor();
    await body.getByRole('link', { name: 'ordinary link' }).waitFor();
    expect(await body.getByRole('link', { name: 'ordinary link' }).getAttribute('href')).toBe(
      'https://example.org/handbook',
    );
    expect(await body.getByRole('link', { name: 'a mail link' }).getAttribute('href')).toBe(
      'mailto:hr@staffportal.example',
    );
    expect(await body.locator('strong').first().textContent()).toBe('bold');
    // Hover and click what looks like a link: none of them may run anything.
    for (const link of await body.locator('a, span').all()) await link.hover();
    for (const name of ['a javascript link', 'a mixed-case link', 'a tab link', 'a data link', 'a reference link'])
      await body.getByText(name, { exact: true }).click();
    expect(await activeContent(body)).toEqual([]);
    expect(await watch.pwned()).toBeNull();
    expect(watch.alerts).toEqual([]);
    expect(page.url()).toContain(`/?post=${id}`);

    // The admin's preview renders the same body the same way.
    page = await as(accounts.HRAdmin, `/announcements/${id}`);
    watch = watchForPayloads(page);
    await page.getByRole('tab', { name: 'Preview' }).click();
    body = page.locator('.markdown-view');
    await body.getByText(`<img src="x" onerror="window.__pwned = 'img onerror'">`).waitFor();
    expect(await activeContent(body)).toEqual([]);
    expect(await watch.pwned()).toBeNull();
    expect(watch.alerts).toEqual([]);
    expect(hostileMarkdown.length).toBeGreaterThan(20);
  });

  it('publishes now with a file chosen before Create, and e-mails the audience once: the post’s link, the text’s link addresses', async () => {
    const server = session.server.url;
    const title = 'New parking rules from Monday';
    const page = await as(accounts.HRAdmin, '/announcements/create');
    await page.getByRole('heading', { level: 1, name: 'New announcement' }).waitFor();
    await page.getByRole('textbox', { name: /^Title/ }).fill(title);
    await page
      .getByRole('textbox', { name: /^Text/ })
      .fill('Read [the parking rules](https://example.org/parking) before **Monday**.');
    await page.getByRole('radio', { name: 'Chosen departments' }).check();
    await page.getByRole('checkbox', { name: 'IR', exact: true }).check();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('checkbox', { name: 'E-mail the audience when it is published' }).check();
    await page
      .getByLabel('Add files')
      .setInputFiles([{ name: 'parking-map.pdf', mimeType: 'application/pdf', buffer: CERTIFICATE }]);
    await page.getByRole('list', { name: 'Files of this post' }).getByText('parking-map.pdf').waitFor();
    await checkScreens(page, 'post-create-with-files');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit announcement' }).waitFor();
    const id = /\/announcements\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
    await page.getByText(/, to \d+ people$/).waitFor();

    // The IR officer's e-mail: one, with the link's address kept and the post's own link.
    const outbox = await api(
      server,
      accounts.ITAdmin,
      'GET',
      `/it-admin/outbox?recipient=${encodeURIComponent(accounts.IR)}&limit=200`,
    );
    const mails = (outbox['items'] as { id: number; subject: string }[]).filter(
      (mail) => mail.subject === `Announcement: ${title}`,
    );
    expect(mails).toHaveLength(1);
    const mail = await api(server, accounts.ITAdmin, 'GET', `/it-admin/outbox/${mails[0]!.id}`);
    const link = `${server}/?post=${id}`;
    expect(mail['body']).toContain('Read the parking rules (https://example.org/parking) before Monday.');
    expect(mail['body']).toContain(link);

    // Following it, the officer finds the post with its file.
    const reader = await open(link);
    await signIn(reader, accounts.IR);
    const dialog = reader.getByRole('dialog', { name: title });
    await dialog.getByRole('button', { name: 'Download parking-map.pdf' }).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('leads an HR admin from Home to the announcements and staff information, and from a post to its editor', async () => {
    const home = new URL('/', session.server.url).href;
    const page = await as(accounts.HRAdmin, '/');
    await page.getByRole('link', { name: 'Open Announcements' }).click();
    await page.getByRole('heading', { level: 1, name: 'Announcements' }).waitFor();
    await page.goto(home);
    await page.getByRole('link', { name: 'Open Staff Information' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff Information' }).waitFor();

    // A post read on Home offers those who may manage posts its editor.
    await page.goto(home);
    await page.getByRole('link', { name: WELCOME }).click();
    await page.getByRole('dialog', { name: WELCOME }).getByRole('link', { name: 'Edit' }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit announcement' }).waitFor();
    expect(await page.getByRole('textbox', { name: /^Title/ }).inputValue()).toMatch(WELCOME);

    // A reader who may not manage posts is offered no Edit, and no way to the lists.
    const reader = await as(staff.hafiz.email, '/');
    await reader.getByRole('link', { name: WELCOME }).click();
    const dialog = reader.getByRole('dialog', { name: WELCOME });
    await dialog.getByRole('button', { name: 'Close' }).waitFor();
    expect(await dialog.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    expect(await reader.getByRole('link', { name: 'Open Announcements' }).count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('fits the announcements and staff information lists on a 390 px phone: nothing scrolls sideways', async () => {
    const page = await as(accounts.HRAdmin, '/announcements');
    await page.setViewportSize(PHONE);
    for (const [path, heading] of [
      ['/announcements', 'Announcements'],
      ['/staff-info', 'Staff Information'],
    ] as const) {
      await page.goto(new URL(path, session.server.url).href);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('table', { name: 'Posts' }).getByRole('row').nth(1).waitFor();
      expect(await sidewaysOverflow(page), path).toBe(0);
    }
  });
});
