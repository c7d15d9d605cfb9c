import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { AUTHENTICATOR, signIn } from './sign-in';

const NOT_FOUND =
  "Oops! The page you're looking for doesn't exist. Please contact your administrator if you believe this is an error.";
const UNDER_CONSTRUCTION =
  'This page is currently under construction. Please check back later or contact your administrator if you have questions.';

describe('the web app', () => {
  const { open, session } = useSession();

  it('loads under the strict CSP with its runtime configuration', async () => {
    const page = await open('/');
    await expect.poll(() => page.title()).toBe('Staff Portal');
    // An anonymous visitor gets the sign-in widget and nothing of the shell behind it.
    await page.locator(AUTHENTICATOR).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    await signIn(page, accounts.HR);
    // Home greets by name and links what the HR department may open (docs/product/specification.md §1).
    await page.getByRole('heading', { level: 1, name: /^Welcome, / }).waitFor();
    await page.getByRole('link', { name: 'Open E-Leave System' }).waitFor();
    expect(await page.getByRole('link', { name: 'Open Access Control Page' }).count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
    const csp = (await page.request.get(session.server.url)).headers()['content-security-policy'];
    expect(csp).toContain("script-src 'self'");
    expect(session.errors).toEqual([]);
  });

  it("shows the seed's 404 text for an unknown route, and Go Back returns to the previous page", async () => {
    // PoPage is the Under Construction page (docs/product/screens.md).
    const page = await open('/shared/po');
    await signIn(page, accounts.HR);
    await page.getByText(UNDER_CONSTRUCTION).waitFor();
    await page.goto(new URL('/no/such/page', session.server.url).toString());
    await page.getByText(NOT_FOUND).waitFor();
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(new URL('/shared/po', session.server.url).toString());
    await page.getByText(UNDER_CONSTRUCTION).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('serves hashed assets for a year and pages for no time', async () => {
    const page = await open('/');
    const index = await page.request.get(new URL('/some/deep/link', session.server.url).toString(), {
      headers: { accept: 'text/html' },
    });
    expect(index.status()).toBe(200);
    expect(index.headers()['cache-control']).toBe('no-cache');
    const script = (await index.text()).match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await page.request.get(new URL(script!, session.server.url).toString());
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
