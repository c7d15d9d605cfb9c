import { AdminUpdateUserAttributesCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { accounts, DEMO_PASSWORD, identityClient, SUPER_ADMIN, USER_POOL_ID } from './accounts';
import { expect, useSession } from './harness';
import { seriousViolations } from './screens';
import { AUTHENTICATOR, signIn, submitSignIn } from './sign-in';

const PROFILE_HEADING = { level: 1, name: 'Profile' } as const;
const CHANGE_PASSWORD_HEADING = { level: 1, name: 'Change Password' } as const;
const NEW_PASSWORD = 'Tukar-Kata-2027!';
const SUCCESS = 'Password changed successfully!';

/** Seed §2/§5 checklist lines, in order, with whether each is met (green). */
async function checklist(page: Page): Promise<Record<string, boolean>> {
  const items = page.getByRole('list', { name: 'Password requirements' }).getByRole('listitem');
  const entries = await items.evaluateAll((elements) =>
    elements.map((element) => [
      (element.textContent ?? '').replace(/ \((not )?met\)$/, ''),
      element.getAttribute('data-met') === 'true',
    ]),
  );
  return Object.fromEntries(entries) as Record<string, boolean>;
}

/** The three password inputs by their labels (MUI adds " *" to a required field's label). */
function passwordInputs(page: Page) {
  const byLabel = (label: string) => page.getByLabel(new RegExp(`^${label}\\W*\\*$`)).and(page.locator('input'));
  return {
    old: byLabel('Old Password'),
    new: byLabel('New Password'),
    confirm: byLabel('Confirm New Password'),
  };
}

/** Fills the three fields and submits. */
async function changePassword(page: Page, oldPassword: string, newPassword: string) {
  const inputs = passwordInputs(page);
  await inputs.old.fill(oldPassword);
  await inputs.new.fill(newPassword);
  await inputs.confirm.fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
}

describe('the account pages', () => {
  const { open, session } = useSession();

  async function signedInAt(pathname: string, email: string, password = DEMO_PASSWORD) {
    const page = await open(pathname);
    await signIn(page, email, password);
    return page;
  }

  it("shows the super admin's merged departments, admin entries with (admin)", async () => {
    const page = await signedInAt('/profile', SUPER_ADMIN);
    await page.getByRole('heading', PROFILE_HEADING).waitFor();
    await expect
      .poll(() => page.getByRole('list', { name: 'Department' }).getByRole('listitem').allTextContents())
      .toEqual(['HR (admin)', 'IR (admin)', 'IT (admin)']);
    // The sidebar's user card names the user too: look in the page's own content.
    const main = page.getByRole('main');
    await main.getByText('Portal Super Admin').waitFor();
    await main.getByText(SUPER_ADMIN).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it("shows an HR member's department, and Change Password opens the change-password page", async () => {
    const page = await signedInAt('/profile', accounts.HR);
    await page.getByRole('heading', PROFILE_HEADING).waitFor();
    expect(await page.getByRole('list', { name: 'Department' }).getByRole('listitem').allTextContents()).toEqual([
      'HR',
    ]);
    await page.getByRole('main').getByText(accounts.HR).waitFor();
    await page.getByRole('link', { name: 'Change Password' }).click();
    await page.getByRole('heading', CHANGE_PASSWORD_HEADING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/reset-password');
    expect(session.errors).toEqual([]);
  });

  it('switches to Bahasa Malaysia and keeps it after a reload', async () => {
    const page = await signedInAt('/profile', accounts.UNION);
    await page.getByRole('heading', PROFILE_HEADING).waitFor();
    await page.getByRole('button', { name: 'Bahasa Malaysia' }).click();

    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    await page.getByRole('link', { name: 'Tukar Kata Laluan' }).waitFor();
    // Every screen at once: the layout around the page too.
    await page.getByRole('link', { name: 'Laman Utama' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ms');
    await expect.poll(() => page.title()).toBe('Profil · Portal Kakitangan');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Profil' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('ms');
    expect(await page.getByRole('button', { name: 'Bahasa Malaysia' }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('link', { name: 'Tukar Kata Laluan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tukar Kata Laluan' }).waitFor();
    await page.getByText('Kata laluan baharu mesti sepadan').waitFor();

    await page.goBack();
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', PROFILE_HEADING).waitFor();
    expect(session.errors).toEqual([]);
  });

  it('turns the checklist green as the password is typed, and refuses the old password again', async () => {
    const page = await signedInAt('/profile/reset-password', accounts.HRAdmin);
    await page.getByRole('heading', CHANGE_PASSWORD_HEADING).waitFor();
    await page.getByText('You are required to change your password every 6 months for security reasons.').waitFor();
    // Seeded just now: the expiry is six months from today, in the seed's format.
    expect(await page.getByTestId('password-expiry').textContent()).toMatch(
      /^You password will expire on \d{2} [A-Z][a-z]{2} \d{4}, \d{1,2}\.\d{2}(am|pm)$/,
    );
    const inputs = passwordInputs(page);
    const submit = page.getByRole('button', { name: 'Change Password' });

    expect(Object.values(await checklist(page))).toEqual([false, false, false, false, false, false]);
    expect(await submit.isDisabled()).toBe(true);
    const red = await page
      .getByRole('list', { name: 'Password requirements' })
      .getByRole('listitem')
      .first()
      .evaluate((element) => getComputedStyle(element).color);

    await inputs.old.fill(DEMO_PASSWORD);
    await inputs.new.fill('lower');
    expect(await checklist(page)).toEqual({
      'At least 8 characters long': false,
      'Includes at least one lowercase letter': true,
      'Includes at least one uppercase letter': false,
      'Includes at least one number': false,
      'Includes at least one special character': false,
      'New passwords must match': false,
    });
    await inputs.new.fill(NEW_PASSWORD);
    await inputs.confirm.fill(NEW_PASSWORD);
    expect(Object.values(await checklist(page))).toEqual([true, true, true, true, true, true]);
    const green = await page
      .getByRole('list', { name: 'Password requirements' })
      .getByRole('listitem')
      .first()
      .evaluate((element) => getComputedStyle(element).color);
    expect([red, green]).toEqual(['rgb(198, 40, 40)', 'rgb(27, 94, 32)']);
    expect(await submit.isEnabled()).toBe(true);

    // The old password again: every line is met, but the seed's message shows and submit stays off.
    await inputs.new.fill(DEMO_PASSWORD);
    await inputs.confirm.fill(DEMO_PASSWORD);
    await page.getByText('New password cannot be the same as old password').waitFor();
    expect(Object.values(await checklist(page))).toEqual([true, true, true, true, true, true]);
    expect(await submit.isDisabled()).toBe(true);

    // The show/hide toggle reveals what was typed.
    await page.getByRole('button', { name: 'Show New Password' }).click();
    await expect.poll(() => inputs.new.getAttribute('type')).toBe('text');
    expect(await seriousViolations(page)).toEqual([]);
    expect(session.errors).toEqual([]);
  });

  it("shows the identity service's message for a wrong old password and stays", async () => {
    const page = await signedInAt('/profile/reset-password', accounts.IR);
    await page.getByRole('heading', CHANGE_PASSWORD_HEADING).waitFor();
    const inputs = passwordInputs(page);
    await inputs.old.fill('Not-The-Password-1');
    await inputs.new.fill(NEW_PASSWORD);
    await inputs.confirm.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();

    await page.getByRole('alert').filter({ hasText: 'Incorrect username or password.' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/reset-password');
    // The identity service answers 400 for the refusal, which the browser logs as a failed load.
    expect(session.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });

  it('changes the password: home with the success message, and the new password signs in', async () => {
    const email = 'hr2@staffportal.example';
    const page = await signedInAt('/profile/reset-password', email);
    await page.getByRole('heading', CHANGE_PASSWORD_HEADING).waitFor();
    await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);

    await page.getByText(SUCCESS).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(session.errors).toEqual([]);

    // A browser that has never seen this user: the old password is refused, the new one works.
    const other = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const fresh = await other.newPage();
      await fresh.goto(new URL('/profile', session.server.url).toString());
      await fresh.locator(AUTHENTICATOR).waitFor();
      await submitSignIn(fresh, email, DEMO_PASSWORD);
      await fresh.getByText('Incorrect username or password.').waitFor();
      await fresh.locator(`${AUTHENTICATOR} form`).getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
      await fresh.locator(`${AUTHENTICATOR} form`).getByRole('button', { name: 'Sign in', exact: true }).click();
      await fresh.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
      await fresh.getByRole('heading', PROFILE_HEADING).waitFor();
    } finally {
      await other.close();
    }
  });

  it('sends a user whose password has expired to change it, and lets them go once changed', async () => {
    const email = accounts.CLUB;
    const sevenMonthsAgo = new Date();
    sevenMonthsAgo.setMonth(sevenMonthsAgo.getMonth() - 7);
    const sdk = identityClient(session.server.url, { admin: true });
    await sdk.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: USER_POOL_ID,
        Username: email,
        UserAttributes: [{ Name: 'custom:passwordChangedAt', Value: sevenMonthsAgo.toISOString() }],
      }),
    );

    const page = await signedInAt('/team-space', email);
    await page.getByRole('heading', CHANGE_PASSWORD_HEADING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile/reset-password');
    await page.getByText('Your password has expired. Change it to continue using the portal.').waitFor();
    await page.getByText(/^Your password expired on \d{2} [A-Z][a-z]{2} \d{4}, \d{1,2}\.\d{2}(am|pm)$/).waitFor();

    await changePassword(page, DEMO_PASSWORD, NEW_PASSWORD);
    await page.getByText(SUCCESS).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // No longer expired: other pages open where they are.
    await page.goto(new URL('/profile', session.server.url).toString());
    await page.getByRole('heading', PROFILE_HEADING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/profile');
    expect(session.errors).toEqual([]);
  });
});
