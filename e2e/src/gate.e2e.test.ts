import { describe, it } from 'vitest';
import { accounts, DEMO_PASSWORD } from './accounts';
import { expect, useSession } from './harness';
import { AUTHENTICATOR, signIn } from './sign-in';

/** The page behind the gate: the team space (docs/product/screens.md §16). */
const TEAM_SPACE_HEADING = { level: 1, name: 'Team Space' } as const;

describe('the gate', () => {
  const { open, session } = useSession();

  it('shows only the sign-in widget to a visitor, and lets a demo account in', async () => {
    const page = await open('/team-space');
    await page.locator(AUTHENTICATOR).waitFor();
    await expect.poll(() => page.getByRole('button', { name: 'Sign in', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', TEAM_SPACE_HEADING).count()).toBe(0);

    await signIn(page, accounts.HR);
    await page.getByRole('heading', TEAM_SPACE_HEADING).waitFor();
    expect(new URL(page.url()).pathname).toBe('/team-space');
    expect(session.errors).toEqual([]);
  });

  it('speaks Bahasa Malaysia once it is chosen under the widget: labels, placeholders, buttons', async () => {
    const page = await open('/');
    const form = page.locator(`${AUTHENTICATOR} form`);
    await form.getByLabel('Email').waitFor();
    await page.getByRole('button', { name: 'Bahasa Malaysia' }).click();

    const email = form.getByLabel('E-mel', { exact: true });
    const password = form.getByLabel('Kata Laluan', { exact: true });
    expect(await email.getAttribute('placeholder')).toBe('Masukkan E-mel anda');
    expect(await password.getAttribute('placeholder')).toBe('Masukkan Kata Laluan anda');
    await form.getByRole('switch', { name: 'Tunjukkan kata laluan' }).waitFor();
    await form.getByRole('button', { name: 'Lupa kata laluan anda?' }).waitFor();
    expect(await form.getByText(/Email|Password|Sign in/).count()).toBe(0);

    // A refusal in Malay too, with its dismiss button.
    await email.fill(accounts.HR);
    await password.fill('Not-the-password-1!');
    await form.getByRole('button', { name: 'Log masuk', exact: true }).click();
    await page.getByText('Nama pengguna atau kata laluan tidak betul.').waitFor();
    await page.getByRole('button', { name: 'Tutup makluman' }).click();

    await password.fill(DEMO_PASSWORD);
    await form.getByRole('button', { name: 'Log masuk', exact: true }).click();
    await page.locator(AUTHENTICATOR).waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByRole('heading', { level: 1, name: /^Selamat datang/ }).waitFor();
    // The refused attempt's 400 is the browser's only complaint.
    expect(session.errors.filter((error) => !error.includes('status of 400'))).toEqual([]);
  });
});
