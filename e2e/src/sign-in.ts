import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './accounts';

/** The Amplify Authenticator's root element; gone once the app is shown. */
export const AUTHENTICATOR = '[data-amplify-authenticator]';

/** Fills the sign-in step of the gate and presses Sign in, without waiting for what follows. */
export async function submitSignIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const form = page.locator(`${AUTHENTICATOR} form`);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Signs in through the gate and waits until the signed-in application is shown: the widget is
 * gone and the page has left the gate. Depends on nothing of the application's own markup, so
 * every screen's test can start with it. The page must be showing the sign-in step (open any
 * URL of the app while signed out); the app then shows that URL.
 */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.locator(AUTHENTICATOR).waitFor();
  await submitSignIn(page, email, password);
  await page.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
  // The signed-in application is loaded lazily: wait until its code has arrived and rendered.
  await page.waitForLoadState('networkidle');
}
