import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getCurrentUser, signOut as amplifySignOut } from 'aws-amplify/auth';
import type * as AmplifyAuth from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { configureAmplify } from '../../lib/amplify';
import { changeLanguage, i18n } from '../../lib/i18n';
import { jsonResponse, testRuntimeConfig } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { followAppLanguage } from './amplify-language';
import { Gate } from './gate';

// Only sign-out is replaced, to see that the gate asks for it; the widget itself is Amplify's,
// with nobody signed in. Token refreshes against the real service are exercised end to end.
vi.mock('aws-amplify/auth', async (importOriginal) => {
  const original = await importOriginal<typeof AmplifyAuth>();
  return { ...original, signOut: vi.fn(() => Promise.resolve()), getCurrentUser: vi.fn(original.getCurrentUser) };
});

const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

function hubEvent(payload: Parameters<typeof Hub.dispatch<'auth'>>[1]) {
  act(() => {
    // The channel is Amplify's own; it warns about outside dispatches, which is what a test is.
    vi.spyOn(console, 'warn').mockImplementationOnce(() => undefined);
    Hub.dispatch('auth', payload);
  });
}

function refreshFailed(name: string) {
  hubEvent({ event: 'tokenRefresh_failure', data: { error: Object.assign(new Error(name), { name }) } });
}

beforeAll(() => {
  configureAmplify(testRuntimeConfig);
  // As main.tsx does before the first render.
  followAppLanguage(i18n);
});

afterEach(async () => {
  vi.clearAllMocks();
  vi.unstubAllGlobals();
  await changeLanguage('en');
  localStorage.clear();
});

/** Every label, placeholder and button the sign-in step shows, as a user or screen reader meets them. */
function signInTexts() {
  const email = screen.getByRole<HTMLInputElement>('textbox');
  const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
  const form = email.closest('form')!;
  return {
    emailLabel: email.labels?.[0]?.textContent,
    emailPlaceholder: email.getAttribute('placeholder'),
    passwordLabel: password.labels?.[0]?.textContent,
    passwordPlaceholder: password.getAttribute('placeholder'),
    showPassword: within(form).getByRole('switch').getAttribute('aria-label'),
    buttons: within(form)
      .getAllByRole('button')
      .map((button) => button.textContent),
  };
}

const MALAY_SIGN_IN = {
  emailLabel: 'E-mel',
  emailPlaceholder: 'Masukkan E-mel anda',
  passwordLabel: 'Kata Laluan',
  passwordPlaceholder: 'Masukkan Kata Laluan anda',
  showPassword: 'Tunjukkan kata laluan',
  buttons: ['Log masuk', 'Lupa kata laluan anda?'],
};

describe('Gate', () => {
  it('shows only the sign-in widget to a visitor, without sign-up', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Staff Portal' })).toBeInTheDocument();
    expect(screen.queryByText('the application')).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Create Account' })).not.toBeInTheDocument();
  });

  it('shows the sign-in widget in Bahasa Malaysia when the app is in Malay', async () => {
    await changeLanguage('ms');
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Log masuk' });
    expect(signInTexts()).toEqual(MALAY_SIGN_IN);

    // The password switch speaks its state, and a refusal's alert its dismiss button, in Malay.
    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: 'Tunjukkan kata laluan' }));
    expect(await screen.findByText('Kata laluan ditunjukkan')).toBeInTheDocument();
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        jsonResponse({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }, 400),
      ),
    );
    await user.type(screen.getByRole('textbox', { name: 'E-mel' }), 'hr@staffportal.example');
    await user.type(document.querySelector<HTMLInputElement>('input[name="password"]')!, 'Wrong-pass-1!');
    await user.click(screen.getByRole('button', { name: 'Log masuk' }));
    expect(await screen.findByText('Nama pengguna atau kata laluan tidak betul.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tutup makluman' })).toBeInTheDocument();
  });

  it('turns every label of the widget into Malay when the language is switched under it', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Sign in' });
    expect(signInTexts()).toMatchObject({ emailLabel: 'Email', passwordLabel: 'Password' });
    await user.click(screen.getByRole('button', { name: 'Bahasa Malaysia' }));
    await screen.findByRole('button', { name: 'Log masuk' });
    expect(signInTexts()).toEqual(MALAY_SIGN_IN);
    await user.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('button', { name: 'Sign in' });
    expect(signInTexts()).toMatchObject({ emailLabel: 'Email', passwordLabel: 'Password' });
  });

  it('warns once that the session has expired and signs out when a token refresh is refused', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Sign in' });

    refreshFailed('NotAuthorizedException');
    refreshFailed('NotAuthorizedException');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SESSION_EXPIRED);
    // Seed §8: a warning, not an error.
    expect(alert.className).toMatch(/Warning/i);
    expect(amplifySignOut).toHaveBeenCalledOnce();
  });

  it('keeps the user signed in when a refresh failed only for want of a network', async () => {
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    await screen.findByRole('button', { name: 'Sign in' });

    refreshFailed('NetworkError');

    expect(screen.queryByText(SESSION_EXPIRED)).not.toBeInTheDocument();
    expect(amplifySignOut).not.toHaveBeenCalled();
  });

  /** The gate for a user whose session Amplify kept, once the application shows. */
  async function renderWithKeptSession() {
    vi.mocked(getCurrentUser).mockResolvedValueOnce({ username: 'hr@staffportal.example', userId: 'u-1' });
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    expect(await screen.findByText('the application')).toBeInTheDocument();
  }

  it('lets a user with a kept session straight in, without the sign-in widget, and shows it again at sign-out', async () => {
    await renderWithKeptSession();
    expect(document.querySelector('[data-amplify-authenticator]')).toBeNull();

    hubEvent({ event: 'signedOut' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByText('the application')).not.toBeInTheDocument();
  });

  it('shows a spinner, and neither the widget nor the application, while Amplify looks for a session', async () => {
    let found: (user: { username: string; userId: string }) => void = () => {};
    vi.mocked(getCurrentUser).mockReturnValueOnce(new Promise((resolve) => (found = resolve)));
    renderWithProviders(
      <Gate>
        <p>the application</p>
      </Gate>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.queryByText('the application')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in' })).not.toBeInTheDocument();
    act(() => found({ username: 'hr@staffportal.example', userId: 'u-1' }));
    expect(await screen.findByText('the application')).toBeInTheDocument();
  });

  it('asks Amplify for the session once, not again when the language changes', async () => {
    await renderWithKeptSession();
    await act(() => changeLanguage('ms'));
    expect(screen.getByText('the application')).toBeInTheDocument();
    expect(getCurrentUser).toHaveBeenCalledOnce();
  });
});
