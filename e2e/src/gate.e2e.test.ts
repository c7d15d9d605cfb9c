import { describe, it } from 'vitest';
import { accounts } from './accounts';
import { expect, useSession } from './harness';
import { AUTHENTICATOR, signIn } from './sign-in';

const UNDER_CONSTRUCTION =
  'This page is currently under construction. Please check back later or contact your administrator if you have questions.';

describe('the gate', () => {
  const { open, session } = useSession();

  it('shows only the sign-in widget to a visitor, and lets a demo account in', async () => {
    const page = await open('/team-space');
    await page.locator(AUTHENTICATOR).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(UNDER_CONSTRUCTION).count()).toBe(0);

    await signIn(page, accounts.HR);
    await page.getByText(UNDER_CONSTRUCTION).waitFor();
    expect(new URL(page.url()).pathname).toBe('/team-space');
    expect(session.errors).toEqual([]);
  });
});
