import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { describe, it } from 'vitest';
import { accounts, DEMO_PASSWORD, INVITED, MFA_REQUIRED, SMS_MFA, UNCONFIRMED, UNVERIFIED } from './accounts';
import { deliveredMessages, nextCode } from './gate-checks';
import { expect, useSession } from './harness';
import { checkScreen } from './screens';
import { AUTHENTICATOR, submitSignIn } from './sign-in';

const NEW_PASSWORD = 'Kenari-2026-baru!';

/** The signed-in application is shown: the widget is gone for good. */
async function expectSignedIn(page: Page) {
  await page.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

// Every step of the sign-in widget (docs/product/specification.md §2 "Gate"), against the embedded identity service,
// with the demo account that is in the state each step needs.
describe('the sign-in widget, step by step', () => {
  // Codes sent by e-mail and SMS are read from the server's log.
  const { open, session } = useSession({ env: { LOG_LEVEL: 'info' } });

  it('signIn: the logo above the widget, e-mail and password, a forgot-password link, no sign-up', async () => {
    const page = await open('/');
    await page.locator(AUTHENTICATOR).waitFor();
    const logo = page.locator(`${AUTHENTICATOR} header img`);
    await expect.poll(() => logo.getAttribute('alt')).toBe('Staff Portal');
    const form = page.locator(`${AUTHENTICATOR} form`);
    await form.getByLabel('Email').waitFor();
    await form.getByLabel('Password', { exact: true }).waitFor();
    await button(page, 'Forgot your password?').waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByText('Create Account').count()).toBe(0);
    // Seed §9: the container is at most 30rem wide, and the logo is centred above it.
    const container = await page.locator('[data-amplify-container]').boundingBox();
    expect(container!.width).toBeLessThanOrEqual(30 * 16);
    const logoBox = await logo.boundingBox();
    expect(Math.abs(logoBox!.x + logoBox!.width / 2 - (container!.x + container!.width / 2))).toBeLessThan(2);
    await checkScreen(page, 'gate-sign-in');

    await submitSignIn(page, accounts.HR, 'Not-the-password-1!');
    await page.getByText('Incorrect username or password.').waitFor();
    await checkScreen(page, 'gate-sign-in-error');
    expect(session.errors.filter((e) => !e.includes('400'))).toEqual([]);
  });

  it('forgotPassword and confirmResetPassword: a code by e-mail, resend, a new password', async () => {
    const email = 'hr2@staffportal.example';
    const page = await open('/');
    await button(page, 'Forgot your password?').click();
    await heading(page, 'Reset Password').waitFor();
    await button(page, 'Back to Sign In').waitFor();
    await checkScreen(page, 'gate-forgot-password');
    await page.getByLabel('Enter your email').fill(email);
    const before = deliveredMessages(session.server, email).length;
    await button(page, 'Send code').click();

    // Amplify titles both steps "Reset Password"; this one asks for the code.
    await heading(page, 'Reset Password').waitFor();
    await button(page, 'Resend Code').waitFor();
    await nextCode(session.server, email, before);
    await checkScreen(page, 'gate-confirm-reset-password');
    await button(page, 'Resend Code').click();
    const code = await nextCode(session.server, email, before + 1);
    await page.getByLabel('Code *', { exact: true }).fill(code);
    await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await button(page, 'Submit').click();

    // Back at sign in, which says the password was changed; the new password works.
    await button(page, 'Sign in').waitFor();
    await page.getByText('Your password has been changed. Sign in with your new password.').waitFor();
    await checkScreen(page, 'gate-password-changed');
    await submitSignIn(page, email, NEW_PASSWORD);
    await expectSignedIn(page);
  });

  it('forceNewPassword: an invited account chooses its password, checked as the seed says', async () => {
    const page = await open('/');
    await submitSignIn(page, INVITED, DEMO_PASSWORD);
    await heading(page, 'Change Password').waitFor();
    await button(page, 'Back to Sign In').waitFor();
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('short');
    await password.blur();
    await page.getByText('Password must have at least 8 characters').waitFor();
    await page.getByText('Password must have special characters').waitFor();
    await checkScreen(page, 'gate-force-new-password');
    await password.fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
    await button(page, 'Change Password').click();
    await expectSignedIn(page);
  });

  it('setupTotp, then confirmSignIn with an authenticator code', async () => {
    const page = await open('/');
    await submitSignIn(page, MFA_REQUIRED);
    await heading(page, 'Setup TOTP').waitFor();
    const qr = page.locator('img[data-amplify-qrcode]');
    await qr.waitFor();
    expect(await qr.getAttribute('width')).toBe('228');
    expect(await qr.getAttribute('height')).toBe('228');
    const secret = (await page.locator('[data-amplify-copy] > div').first().textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await checkScreen(page, 'gate-setup-totp');
    // Seed §2: the copy tooltip reads COPY, then a copied text; the secret is on the clipboard.
    await session.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const tooltip = page.locator('[data-amplify-copy-tooltip]');
    await expect.poll(() => tooltip.textContent()).toBe('COPY');
    await page.locator('[data-amplify-copy-svg]').click();
    await expect.poll(() => tooltip.textContent()).toBe('COPIED');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    await page.getByLabel('Code *', { exact: true }).fill(totp.generate());
    await button(page, 'Confirm').click();
    await expectSignedIn(page);

    // A second sign-in, in a fresh browser, asks for the authenticator code.
    const again = await open('/');
    await submitSignIn(again, MFA_REQUIRED);
    await heading(again, 'Confirm TOTP Code').waitFor();
    await checkScreen(again, 'gate-confirm-totp');
    await again.getByLabel('Code *', { exact: true }).fill('000000');
    await button(again, 'Confirm').click();
    await again.getByText('Invalid code received for user').waitFor();
    await again.getByLabel('Code *', { exact: true }).fill(totp.generate());
    await button(again, 'Confirm').click();
    await expectSignedIn(again);
  });

  it('confirmSignIn with a code sent by SMS', async () => {
    const page = await open('/');
    const before = deliveredMessages(session.server, '+60123456789').length;
    await submitSignIn(page, SMS_MFA);
    await heading(page, 'Confirm SMS Code').waitFor();
    const code = await nextCode(session.server, '+60123456789', before);
    await checkScreen(page, 'gate-confirm-sms');
    await page.getByLabel('Code *', { exact: true }).fill(code);
    await button(page, 'Confirm').click();
    await expectSignedIn(page);
  });

  it('verifyUser and confirmVerifyUser: an unverified e-mail can be skipped, then verified', async () => {
    const page = await open('/');
    await submitSignIn(page, UNVERIFIED);
    await heading(page, 'Account recovery requires verified contact information').waitFor();
    await checkScreen(page, 'gate-verify-user');
    await button(page, 'Skip').click();
    await expectSignedIn(page);

    const again = await open('/');
    await submitSignIn(again, UNVERIFIED);
    await heading(again, 'Account recovery requires verified contact information').waitFor();
    await again.getByRole('radio').first().check();
    const before = deliveredMessages(session.server, UNVERIFIED).length;
    await button(again, 'Verify').click();
    const code = await nextCode(session.server, UNVERIFIED, before);
    await button(again, 'Skip').waitFor();
    await checkScreen(again, 'gate-confirm-verify-user');
    await again.getByLabel('Code *', { exact: true }).fill(code);
    await button(again, 'Submit').click();
    await expectSignedIn(again);

    // Verified now: the next sign-in goes straight in.
    const third = await open('/');
    await submitSignIn(third, UNVERIFIED);
    await expectSignedIn(third);
  });

  it('confirmSignUp: an unconfirmed account is sent a new code and confirms it', async () => {
    const page = await open('/');
    const before = deliveredMessages(session.server, UNCONFIRMED).length;
    await submitSignIn(page, UNCONFIRMED);
    const code = await nextCode(session.server, UNCONFIRMED, before);
    await page.getByText('It may take a minute to arrive').waitFor();
    await button(page, 'Resend Code').waitFor();
    await checkScreen(page, 'gate-confirm-sign-up');
    await page.getByLabel('Confirmation Code', { exact: true }).fill(code);
    await button(page, 'Confirm').click();
    // Confirmed: signing in now goes straight in.
    await button(page, 'Sign in').waitFor();
    await submitSignIn(page, UNCONFIRMED);
    await expectSignedIn(page);
  });
});
