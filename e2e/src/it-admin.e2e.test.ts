import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { checkScreens } from './screens';
import { AUTHENTICATOR, submitSignIn } from './sign-in';

/**
 * The IT admin page (docs/product/screens.md §15) as ITAdmin uses it: the activity of the
 * portal (sign-ins, a sign-in refused, and changes made on the access-control page), who made
 * each, the system's status, and a message of the outbox opened, which is itself audited.
 * HRAdmin is refused.
 */
describe('IT admin', () => {
  const { session, openAs: as } = useSession();

  it('shows a change in the activity with its before and after, the status, and an audited outbox message', async () => {
    // A sign-in refused: a wrong password, typed by someone at the gate.
    const stranger = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const gate = await stranger.newPage();
    await gate.goto(new URL('/', session.server.url).toString());
    await gate.locator(AUTHENTICATOR).waitFor();
    await submitSignIn(gate, accounts.CLUB, 'Not-the-password-2026!');
    await gate.getByText('Incorrect username or password.').waitFor();
    await stranger.close();

    // Changes to audit: an HR admin moves a colleague to CLUB as well, and resets their password.
    let page = await as(accounts.HRAdmin, `/shared/access-control?search=${encodeURIComponent(accounts.UNION)}`);
    await page.getByRole('table', { name: 'Accounts' }).getByRole('link').first().click();
    const panel = page.getByRole('dialog');
    await panel.getByRole('checkbox', { name: 'CLUB – Staff Club', exact: true }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText(/Departments of .* saved\./).waitFor();
    // And a message for the outbox: a password reset code.
    await panel.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reset password' }).last().click();
    await panel.getByText(/A password reset code was sent/).waitFor();

    page = await as(accounts.ITAdmin, '/it-admin');
    const activity = page.getByRole('table', { name: 'Activity' });
    const change = activity.getByRole('row').filter({ hasText: 'Departments changed' });
    await change.first().waitFor();
    // Who made it, by name and e-mail.
    await change.first().getByText('hradmin@staffportal.example').waitFor();
    // The sign-ins of both admins are there too (the logging API's entries).
    await expect
      .poll(() => activity.getByRole('row').filter({ hasText: 'Signed in' }).count())
      .toBeGreaterThanOrEqual(2);
    await checkScreens(page, 'it-admin-activity');

    // The refused sign-in, found by its area and action, chosen from lists, with the account's e-mail.
    await page.getByLabel('Area').selectOption({ label: 'Sign-in' });
    await page.getByLabel('Action').selectOption({ label: 'Sign-in refused' });
    const refused = activity.getByRole('row').filter({ hasText: 'Sign-in refused: wrong password' });
    await refused.filter({ hasText: accounts.CLUB }).first().waitFor();
    await expect.poll(() => activity.getByRole('row').count()).toBe(2);
    await checkScreens(page, 'it-admin-activity-refused');
    // The free text finds sign-ins by e-mail.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByLabel('Search').fill(accounts.HRAdmin);
    await activity.getByRole('row').filter({ hasText: 'Signed in' }).first().waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // The password reset reads as the status it left.
    await activity.getByRole('row').filter({ hasText: 'Password reset' }).first().getByRole('button').first().click();
    const reset = page.getByRole('dialog');
    await reset.getByText('RESET_REQUIRED').waitFor();
    await page.keyboard.press('Escape');
    await reset.waitFor({ state: 'hidden' });
    await change.first().getByRole('button').first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByText('Before and after').waitFor();
    await drawer.getByText('hradmin@staffportal.example').first().waitFor();
    await checkScreens(page, 'it-admin-activity-entry');
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'System status' }).click();
    await page.getByText('pglite').first().waitFor();
    await checkScreens(page, 'it-admin-status');

    await page.getByRole('tab', { name: 'Outbox' }).click();
    const outbox = page.getByRole('table', { name: 'Outbox' });
    await outbox.getByRole('row').nth(1).waitFor();
    await checkScreens(page, 'it-admin-outbox');
    await outbox.getByRole('row').nth(1).getByRole('button').first().click();
    const message = page.getByRole('dialog');
    await message.getByText('Opening a message is recorded in the audit trail').waitFor();
    await message.getByRole('button', { name: 'Open the message' }).click();
    const text = message.getByRole('region', { name: 'Text of the message' });
    await expect.poll(() => text.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await message.waitFor({ state: 'hidden' });

    // The opening is in the activity now.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await page.reload();
    await activity.getByRole('row').filter({ hasText: 'Message opened' }).first().waitFor();
    expect(session.errors).toEqual([]);
  });

  it('is refused to HRAdmin', async () => {
    const page = await as(accounts.HRAdmin, '/it-admin');
    await page.getByRole('heading', { name: 'Unauthorized' }).waitFor();
  });
});
