import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts, SUPER_ADMIN } from './accounts';
import { expect, useSession } from './harness';
import { seriousViolations } from './screens';
import { signIn } from './sign-in';

const PHONE = { width: 390, height: 844 };
const UNAUTHORIZED =
  'You do not have permission to access this page. Please contact your administrator if you believe this is an error.';

/**
 * Per demo account: pages its departments may open and pages they may not (docs/product/specification.md §1, §6, the
 * route table's guards, docs/product/access.md). ITAdmin and the super-admin pass every guard.
 */
const guardCases: { account: string; email: string; allowed: string[]; forbidden: string[] }[] = [
  {
    account: 'ITAdmin',
    email: accounts.ITAdmin,
    allowed: ['/it-admin', '/shared/industrial-relations/ir-admin'],
    forbidden: [],
  },
  {
    account: 'super-admin',
    email: SUPER_ADMIN,
    allowed: ['/it-admin', '/shared/hr-services/leave/admin'],
    forbidden: [],
  },
  {
    account: 'HRAdmin',
    email: accounts.HRAdmin,
    allowed: ['/shared/access-control', '/announcements/create'],
    forbidden: ['/it-admin', '/shared/industrial-relations/grievances'],
  },
  {
    account: 'HR',
    email: accounts.HR,
    allowed: ['/shared/hr-services/leave/approval'],
    forbidden: ['/announcements', '/shared/industrial-relations/member-lookup'],
  },
  {
    account: 'IRAdmin',
    email: accounts.IRAdmin,
    allowed: ['/shared/industrial-relations/ir-admin'],
    forbidden: ['/shared/hr-services/leave', '/staff-info'],
  },
  {
    account: 'IR',
    email: accounts.IR,
    allowed: ['/shared/industrial-relations/grievances', '/shared'],
    forbidden: ['/shared/access-control', '/shared/hr-services'],
  },
  // The demo's member of the organisation's own department uses the HR services too.
  {
    account: 'UNION and HR',
    email: accounts.UNION,
    allowed: ['/team-space', '/shared/hr-services/leave/my-leaves'],
    forbidden: ['/shared/hr-services/leave/admin', '/shared/industrial-relations/grievances'],
  },
  { account: 'CLUB', email: accounts.CLUB, allowed: ['/'], forbidden: ['/shared/industrial-relations'] },
  { account: 'CREDIT_COOP', email: accounts.CREDIT_COOP, allowed: ['/profile'], forbidden: ['/staff-info/create'] },
  { account: 'GS_COOP', email: accounts.GS_COOP, allowed: ['/team-space'], forbidden: ['/shared/po'] },
];

const urlOf = (page: Page, pathname: string) => new URL(pathname, page.url()).toString();
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The h1 of whatever page is shown, once one is. */
async function pageHeading(page: Page): Promise<string> {
  const heading = page.getByRole('heading', { level: 1 });
  await heading.first().waitFor();
  return (await heading.first().textContent()) ?? '';
}

describe('the application shell', () => {
  const { open, session } = useSession();

  it.each(guardCases)('guards every route for $account', async ({ email, allowed, forbidden }) => {
    const [first, ...others] = allowed;
    const page = await open(first);
    await signIn(page, email);

    for (const path of [first!, ...others]) {
      if (path !== first) await page.goto(urlOf(page, path));
      const heading = await pageHeading(page);
      expect(pathOf(page), path).toBe(path);
      expect(heading, path).not.toBe('Unauthorized');
      expect(heading, path).not.toBe('Page Not Found');
    }
    for (const path of forbidden) {
      await page.goto(urlOf(page, path));
      await page.getByText(UNAUTHORIZED).waitFor();
      expect(pathOf(page), path).toBe('/unauthorized');
    }
    expect(session.errors).toEqual([]);
  });

  it('shows a department with no pages of its own what it can do from home', async () => {
    const page = await open('/');
    await signIn(page, accounts.CLUB);
    await page.getByRole('heading', { level: 2, name: 'What you can do' }).waitFor();
    await page.getByRole('link', { name: 'Open Team Space' }).waitFor();
    await page.getByRole('link', { name: 'Open My Profile' }).click();
    await page.waitForURL(urlOf(page, '/profile'));
    expect(session.errors).toEqual([]);
  });

  it('Go Back on /unauthorized returns to the page before the refused one', async () => {
    const page = await open('/team-space');
    await signIn(page, accounts.HR);
    expect(await pageHeading(page)).toBe('Team Space');

    await page.goto(urlOf(page, '/announcements'));
    await page.getByText(UNAUTHORIZED).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();

    await page.waitForURL(urlOf(page, '/team-space'));
    expect(await pageHeading(page)).toBe('Team Space');
    expect(session.errors).toEqual([]);
  });

  it('shows the sidebar with the signed-in user, highlights the current area, and signs out', async () => {
    const page = await open('/shared/hr-services/leave');
    await signIn(page, accounts.HR);
    await pageHeading(page);

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.getByRole('link', { name: 'Shared' }).getAttribute('aria-current')).toBe('true');
    expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    const card = page.getByRole('link', { name: /^Open your profile: / });
    expect(await card.textContent()).toContain(accounts.HR);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual(['HOME', 'SHARED', 'HR-SERVICES', 'LEAVE']);
    await crumbs.getByRole('link', { name: 'HR-SERVICES' }).click();
    await page.waitForURL(urlOf(page, '/shared/hr-services'));

    expect(await seriousViolations(page)).toEqual([]);

    // The card cuts a long name short; focused from the keyboard, its tooltip shows it in full.
    for (let presses = 0; presses < 40 && !(await card.evaluate((el) => el === document.activeElement)); presses++) {
      await page.keyboard.press('Tab');
    }
    const tooltip = page.getByRole('tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(`Muhammad Hafiz${accounts.HR}`);

    await card.click();
    await page.waitForURL(urlOf(page, '/profile'));

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.locator('[data-amplify-authenticator]').waitFor();
    expect(session.errors).toEqual([]);
  });

  it('on a phone: the breadcrumb ellipsis, the temporary drawer, no serious accessibility violation', async () => {
    const page = await open('/shared/hr-services/leave/my-leaves');
    await page.setViewportSize(PHONE);
    await signIn(page, accounts.HR);
    await pageHeading(page);

    // No permanent sidebar: a menu button in the top bar opens it.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    expect(await nav.count()).toBe(0);

    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    const expand = crumbs.getByRole('button', { name: 'Show the full path' });
    await expand.waitFor();
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual(['', 'HR-SERVICES', 'LEAVE', 'MY-LEAVES']);
    expect(await seriousViolations(page)).toEqual([]);
    await expand.click();
    expect(await crumbs.getByRole('listitem').allTextContents()).toEqual([
      'HOME',
      'SHARED',
      'HR-SERVICES',
      'LEAVE',
      'MY-LEAVES',
    ]);

    const menu = page.getByRole('button', { name: 'Open navigation' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await nav.waitFor();
    // The open drawer is modal: everything behind it, the menu button too, is hidden from
    // assistive technology, so the button is found among hidden elements.
    const hiddenMenu = page.getByRole('button', { name: 'Open navigation', includeHidden: true });
    expect(await hiddenMenu.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await nav.getByRole('link', { name: 'Team Space' }).click();
    await page.waitForURL(urlOf(page, '/team-space'));
    await nav.waitFor({ state: 'detached' });
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem').allTextContents()).toEqual([
      'HOME',
      'TEAM-SPACE',
    ]);
    expect(session.errors).toEqual([]);
  });
});
