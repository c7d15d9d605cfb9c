import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { deliveredMessages } from './gate-checks';
import { expect, useSession } from './harness';
import { fillDate } from './dates';
import { staff } from './leave-steps';
import { todayInKualaLumpur } from './leave-api';
import { checkScreens } from './screens';
import { AUTHENTICATOR, signIn, submitSignIn } from './sign-in';

/**
 * The access-control page (docs/product/screens.md §14, docs/product/access.md §5) as the admins
 * use it, and what its changes do to the people they are made to: a new colleague invited and
 * signing in, a department removed from a session that is open, an account disabled.
 */
const ACCESS_CONTROL = '/shared/access-control';
const NEW_PASSWORD = 'Cendana-2026-baru!';

/** Finds an account in the list and opens its details panel. */
async function openAccount(page: Page, email: string) {
  await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill(email);
  const table = page.getByRole('table', { name: 'Accounts' });
  await expect.poll(() => table.getByRole('row').count()).toBe(2);
  await table.getByRole('link').first().click();
  const panel = page.getByRole('dialog');
  await panel.getByText(email).first().waitFor();
  return panel;
}

describe('access control', () => {
  // LOG_LEVEL=info: the invitation is read from the server's log, as gate-checks.ts reads codes.
  const { session, openAs: as } = useSession({ env: { LOG_LEVEL: 'info' } });

  /** A second browser, signed in as someone else, beside the test's own page. */
  async function otherSession(email: string, pathname: string) {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL(pathname, session.server.url).toString());
    await signIn(page, email);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    return { page, close: () => context.close() };
  }

  it('invites a new colleague, who signs in with the e-mailed password and must choose their own', async () => {
    const page = await as(accounts.ITAdmin, ACCESS_CONTROL);
    const table = page.getByRole('table', { name: 'Accounts' });
    await expect.poll(() => table.getByRole('row').count()).toBeGreaterThan(5);
    await checkScreens(page, 'access-control-list');

    // A sortable column's header shows where the keyboard is.
    const nameHeader = table.getByRole('button', { name: /^Name/ });
    await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).focus();
    for (let presses = 0; presses < 40; presses++) {
      if (await nameHeader.evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('Tab');
    }
    expect(await nameHeader.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await nameHeader.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await checkScreens(page, 'access-control-list-keyboard');

    await page.getByRole('button', { name: 'New account' }).click();
    const dialog = page.getByRole('dialog', { name: 'New account' });
    await dialog.getByRole('textbox', { name: 'E-mail' }).fill('Farah.Colleague@staffportal.example');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Farah Colleague');
    // Departments read by code and name.
    await dialog.getByRole('checkbox', { name: 'HR – Human Resources', exact: true }).check();
    await checkScreens(page, 'access-control-create');
    await dialog.getByRole('button', { name: 'Create and send invitation' }).click();
    await page.getByText('Invitation sent to farah.colleague@staffportal.example.').waitFor();
    const panel = page.getByRole('dialog', { name: /Farah Colleague/ });
    await panel.getByText('Must choose a password').first().waitFor();
    await checkScreens(page, 'access-control-account');

    // The invitation, as the colleague reads it.
    await expect
      .poll(() => deliveredMessages(session.server, 'farah.colleague@staffportal.example').length)
      .toBeGreaterThan(0);
    const invitation = deliveredMessages(session.server, 'farah.colleague@staffportal.example').at(-1)!.body;
    const temporary = /temporary password is (\S+)\. /.exec(invitation)?.[1];
    expect(temporary).toBeDefined();

    const colleague = await otherSessionSignedOut('/shared/hr-services/leave');
    await submitSignIn(colleague.page, 'farah.colleague@staffportal.example', temporary);
    await colleague.page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await colleague.page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await colleague.page.getByRole('button', { name: 'Change Password', exact: true }).click();
    await colleague.page.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
    await colleague.page.getByRole('heading', { name: 'E-Leave System', level: 1 }).waitFor();
    await colleague.close();

    // Signed in once: no more "delete", and the panel, the list and its status filter all say Confirmed.
    await page.reload();
    await panel.getByText('Confirmed').first().waitFor();
    expect(await panel.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'hidden' });
    await page.getByRole('searchbox', { name: 'Search by e-mail or name' }).fill('farah.colleague');
    await table.getByRole('row').filter({ hasText: 'Farah Colleague' }).getByText('Confirmed').waitFor();
    await page.getByLabel('Status').selectOption({ label: 'Must choose a password' });
    await expect.poll(() => table.getByRole('row').filter({ hasText: 'Farah Colleague' }).count()).toBe(0);
    expect(session.errors).toEqual([]);
  });

  it('a removed department is refused at once in the session that held it; an HRAdmin cannot touch HRAdmin', async () => {
    const member = await otherSession(accounts.HR, '/shared/hr-services/leave/my-leaves');
    const page = await as(accounts.HRAdmin, ACCESS_CONTROL);

    // HRAdmin and ITAdmin are shown but cannot be changed by an HRAdmin.
    const panel = await openAccount(page, accounts.HR);
    await expect
      .poll(() => panel.getByRole('checkbox', { name: 'ITAdmin – IT Administration', exact: true }).isDisabled())
      .toBe(true);
    await panel.getByRole('checkbox', { name: 'HR – Human Resources', exact: true }).uncheck();
    await panel.getByRole('checkbox', { name: 'CLUB – Staff Club', exact: true }).check();
    await panel.getByRole('button', { name: 'Save' }).click();
    await panel.getByText(/Departments of .* saved\./).waitFor();

    // The open session's token is refused at its next call; the app takes a new one, which
    // carries the new departments (decision record 0041): no E-Leave, and no new sign-in.
    await member.page.reload();
    await member.page.getByRole('heading', { name: 'Unauthorized' }).waitFor({ timeout: 30_000 });
    expect(await member.page.locator(AUTHENTICATOR).count()).toBe(0);
    await member.close();
    expect(session.errors).toEqual([]);
  });

  it('a disabled account is signed out and cannot sign in until enabled again', async () => {
    const member = await otherSession(accounts.UNION, '/shared/hr-services/leave/my-leaves');
    const page = await as(accounts.HRAdmin, ACCESS_CONTROL);
    const panel = await openAccount(page, accounts.UNION);
    await panel.getByRole('button', { name: 'Disable' }).click();
    await page.getByRole('button', { name: 'Disable account' }).click();
    await panel.getByText('Disabled').first().waitFor();

    // Its next API call is refused, and the app returns to sign-in.
    await member.page.reload();
    await member.page.locator(AUTHENTICATOR).waitFor({ timeout: 30_000 });
    await submitSignIn(member.page, accounts.UNION);
    // Said plainly, with whom to ask.
    await member.page
      .getByText('Your account is disabled. To use the portal again, ask an HR or IT administrator to enable it.')
      .waitFor();

    await panel.getByRole('button', { name: 'Enable' }).click();
    await page.getByRole('button', { name: 'Enable account' }).click();
    await panel.getByText('Enabled').first().waitFor();
    await submitSignIn(member.page, accounts.UNION);
    await member.page.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
    await member.close();
    expect(session.errors).toEqual([]);
  });

  it('creates accounts from a CSV file after a preview, and gives one of them a staff record', async () => {
    const page = await as(accounts.ITAdmin, ACCESS_CONTROL);
    await page.getByRole('button', { name: 'Create from CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create accounts from a CSV file' });
    const csv = [
      'email,name,departments',
      'aina.bulk@staffportal.example,Aina Bulk,HR;UNION',
      'not-an-email,Bad Row,HR',
      'ben.bulk@staffportal.example,Ben Bulk,club',
      'AINA.BULK@staffportal.example,Aina Again,HR',
      'cara.bulk@staffportal.example,,HR;Payroll',
    ].join('\r\n');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'accounts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const rows = dialog.getByRole('table', { name: 'Rows of the file' });
    await expect.poll(() => rows.getByRole('row').count()).toBe(6);
    // A problem names its column, and a department that is none is shown.
    const cara = rows.getByRole('row').filter({ hasText: 'cara.bulk@staffportal.example' });
    await cara.getByText('HR, Payroll (no such department)').waitFor();
    await cara.getByText('Skipped: There is no department Payroll. Name is required.').waitFor();
    await checkScreens(page, 'access-control-bulk-preview');
    await dialog.getByRole('button', { name: 'Create 2 accounts' }).click();
    await dialog.getByText('2 created, 0 failed, 3 skipped, 0 not created.').waitFor();
    await checkScreens(page, 'access-control-bulk-report');
    // Each got its invitation.
    for (const email of ['aina.bulk@staffportal.example', 'ben.bulk@staffportal.example']) {
      await expect.poll(() => deliveredMessages(session.server, email).length).toBeGreaterThan(0);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Aina has no staff record yet: one is created from her account's page, prefilled.
    const panel = await openAccount(page, 'aina.bulk@staffportal.example');
    await panel.getByText('No staff record is linked to this account.').waitFor();
    await panel.getByRole('button', { name: 'Create a staff record' }).click();
    const form = page.getByRole('dialog', { name: 'Add a staff record' });
    expect(await form.getByRole('textbox', { name: 'E-mail' }).inputValue()).toBe('aina.bulk@staffportal.example');
    await form.getByRole('combobox', { name: 'Department' }).selectOption('HR');
    await form.getByRole('combobox', { name: 'Approver' }).fill('Tan');
    await page.getByRole('option', { name: `${staff.tan.name} (${staff.tan.id})` }).click();
    await fillDate(form.getByLabel('Join date'), `${Number(todayInKualaLumpur().slice(0, 4)) - 1}-06-02`);
    await form.getByRole('button', { name: 'Add record' }).click();
    await page.getByText(/^Staff record LVUSR\d{10} created for Aina Bulk\.$/).waitFor();
    await panel.getByRole('button', { name: 'Unlink' }).waitFor();
    await checkScreens(page, 'access-control-staff-record');
    expect(session.errors).toEqual([]);
  });

  /** A second browser at the sign-in step. */
  async function otherSessionSignedOut(pathname: string) {
    const context = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(new URL(pathname, session.server.url).toString());
    await page.locator(AUTHENTICATOR).waitFor();
    return { page, close: () => context.close() };
  }
});
