import type { Locator, Page, Route } from 'playwright-core';
import { describe, it } from 'vitest';
import { SUPER_ADMIN } from './accounts';
import { expect, useSession } from './harness';
import { staff } from './leave-steps';
import { checkScreens } from './screens';

/**
 * One list of each module, whose request fails under a new filter: the rows of the earlier filter
 * stay while it loads, go as soon as one try has failed, and the error takes their place, with Try
 * again once the retries are spent; Try again brings the new filter's answer
 * (docs/product/qualities.md §2, decision record 0089).
 */
interface ListCase {
  module: string;
  as: string;
  path: string;
  /** The list's API path: its reads fail while the network is cut. */
  api: string;
  /** The rows of the first answer, before the filter changes. */
  rows: (page: Page) => Locator;
  change: (page: Page) => Promise<unknown>;
  /** The new filter's answer, once the network is back. */
  answer: (page: Page) => Locator;
  /** The name under which the failed list's screen is checked (one list does: the state is the kit's). */
  screen?: string;
}

const table = (name: string) => (page: Page) => page.getByRole('table', { name }).getByRole('row').nth(1);
const rowWith = (name: string, text: string) => (page: Page) =>
  page.getByRole('table', { name }).getByRole('row').filter({ hasText: text }).first();

const LISTS: ListCase[] = [
  {
    module: 'access control',
    as: SUPER_ADMIN,
    path: '/shared/access-control',
    api: '/api/access-control/accounts',
    rows: table('Accounts'),
    change: (page) => page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill('hradmin@'),
    answer: rowWith('Accounts', 'hradmin@staffportal.example'),
  },
  {
    module: 'E-Leave admin',
    as: SUPER_ADMIN,
    path: '/shared/hr-services/leave/admin',
    api: '/api/leave/admin/staff',
    rows: table('Staff'),
    change: (page) => page.getByRole('searchbox', { name: 'Search by name, e-mail or staff id' }).fill('Nurul'),
    answer: rowWith('Staff', staff.nurul.name),
  },
  {
    module: 'E-Leave',
    as: staff.hafiz.email,
    path: '/shared/hr-services/leave/my-leaves/history',
    api: '/api/leave/requests/mine',
    rows: (page) =>
      page.getByRole('table', { name: 'Leave History' }).or(page.getByRole('list', { name: 'Leave History' })),
    change: (page) => page.getByRole('combobox', { name: 'Year' }).selectOption({ index: 2 }),
    answer: (page) =>
      page
        .getByRole('table', { name: 'Leave History' })
        .or(page.getByRole('list', { name: 'Leave History' }))
        .or(page.getByText('No requests match these filters.')),
  },
  {
    module: 'grievances',
    as: SUPER_ADMIN,
    path: '/shared/industrial-relations/grievances',
    api: '/api/ir/grievances',
    rows: table('Grievance cases'),
    change: (page) => page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'CASE CLOSED' }),
    answer: rowWith('Grievance cases', 'CASE CLOSED'),
    screen: 'list-request-failed',
  },
  {
    module: 'announcements',
    as: SUPER_ADMIN,
    path: '/announcements',
    api: '/api/posts/admin',
    rows: table('Posts'),
    change: (page) => page.getByRole('searchbox', { name: 'Search titles and text' }).fill('welcome'),
    answer: rowWith('Posts', 'Welcome to the new Staff Portal'),
  },
  {
    module: 'IT admin',
    as: SUPER_ADMIN,
    path: '/it-admin',
    api: '/api/it-admin/activity',
    rows: table('Activity'),
    change: (page) => page.getByLabel('Area').selectOption({ label: 'Sign-in' }),
    answer: table('Activity'),
  },
  {
    module: 'team space',
    as: SUPER_ADMIN,
    path: '/team-space',
    api: '/api/team/people',
    rows: table('People'),
    change: (page) => page.getByRole('searchbox', { name: 'Name or e-mail' }).fill('hradmin@'),
    answer: rowWith('People', staff.tan.name),
  },
];

/** Holds every request to the list's API; the test answers them one by one, in order. */
async function holdRequests(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  await page.route(matches, (route) => void held.push(route));
  return {
    async next(): Promise<Route> {
      await expect.poll(() => held.length).toBeGreaterThan(0);
      return held.shift()!;
    },
  };
}

// One server and browser for the file's two kinds of failure.
const { session, open, openAs } = useSession();

describe('a list whose request fails', () => {
  it.each(LISTS)('$module: the error replaces the earlier rows, and Try again brings the new ones', async (list) => {
    const page = await openAs(list.as, list.path);
    const earlier = list.rows(page);
    await earlier.waitFor();
    const cut = (url: URL) => url.pathname === list.api;
    const tries = await holdRequests(page, cut);

    await list.change(page);
    // The new filter's first try is on its way: the earlier rows stay meanwhile. Then it fails,
    // and while the second is on its way they are gone, the error in their place.
    const first = await tries.next();
    expect(await earlier.count()).toBeGreaterThan(0);
    await first.abort('internetdisconnected');
    const error = page.getByRole('alert').filter({ hasText: 'Trying again…' });
    await error.waitFor();
    expect(await error.textContent()).toContain('Network error');
    expect(await earlier.count()).toBe(0);

    // The other two tries fail too (lib/query-client.ts): Try again, which works once the network is back.
    await (await tries.next()).abort('internetdisconnected');
    await (await tries.next()).abort('internetdisconnected');
    const tryAgain = page.getByRole('button', { name: 'Try again' });
    await tryAgain.waitFor();
    expect(await earlier.count()).toBe(0);
    if (list.screen !== undefined) await checkScreens(page, list.screen);
    await page.unroute(cut);
    await tryAgain.click();
    await list.answer(page).first().waitFor();
    await tryAgain.waitFor({ state: 'detached' });
    // Only the cut requests' own messages.
    expect(session.errors.filter((text) => !text.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });
});

/**
 * The code of a part of the portal fails to load (the network drops between the page and its
 * code): the failure page with Reload instead of a blank page, signed out and signed in alike;
 * Reload, with the network back, brings the part (docs/product/qualities.md §2).
 */
describe('a part of the portal whose code fails to load', () => {
  /** Cuts the network under the code files `file` matches, until `restore`. */
  async function cutCode(page: Page, file: RegExp) {
    const matches = (url: URL) => file.test(url.pathname);
    await page.route(matches, (route) => route.abort('internetdisconnected'));
    return { restore: () => page.unroute(matches) };
  }

  async function failsThenReloads(page: Page, cut: { restore: () => Promise<void> }, shown: Locator) {
    const failed = page.getByRole('heading', { level: 1, name: 'Something Went Wrong' });
    await failed.waitFor();
    expect(await shown.count()).toBe(0);
    await cut.restore();
    await page.getByRole('button', { name: 'Reload' }).click();
    await shown.waitFor();
    expect(await failed.count()).toBe(0);
    // Only the cut files' own messages, and the boundary's report of them.
    expect(
      session.errors.filter(
        (text) =>
          !text.includes('net::ERR_INTERNET_DISCONNECTED') && !/App error|dynamically imported module/.test(text),
      ),
    ).toEqual([]);
  }

  it('signed out: the sign-in widget', async () => {
    // Cut before the page's own scripts run: a fresh context, the route, then the address.
    const page = await open('about:blank');
    const cut = await cutCode(page, /\/assets\/sign-in-widget-[^/]+\.js$/);
    await page.goto(session.server.url);
    await page.getByRole('heading', { level: 1, name: 'Something Went Wrong' }).waitFor();
    await checkScreens(page, 'code-failed-to-load');
    await failsThenReloads(page, cut, page.getByRole('button', { name: 'Sign in' }));
  });

  it('signed in: the signed-in app, with a kept session', async () => {
    // Signed in once; then a new tab of that browser, as a returning user's.
    await openAs(SUPER_ADMIN, '/');
    const kept = await session.context.storageState();
    await session.context.close();
    const page = await open('about:blank', { storageState: kept });
    const cut = await cutCode(page, /\/assets\/signed-in-app-[^/]+\.js$/);
    await page.goto(session.server.url);
    await failsThenReloads(page, cut, page.getByRole('heading', { level: 1, name: /^Welcome, / }));
  });
});
