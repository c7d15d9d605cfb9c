import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n';
import { testRuntimeConfig } from '../../test/fixtures';
import { LocationProbe } from '../../test/location-probe';
import { renderWithProviders } from '../../test/render';
import { AuthContext } from '../../lib/auth-context';
import type { AuthContextValue } from '../../lib/auth-context';
import { ChangePasswordPage } from './change-password-page';
import type { PasswordChangeProvider } from './password-change-provider';
import { testAuth, testUser } from '../../test/auth';

const OLD = 'Old-Password-1';
const NEW = 'New-Password-2';

/** The identity calls the page makes, answered as the test says and recorded. */
function recordingProvider(answers: { password?: () => Promise<void>; attributes?: () => Promise<unknown> } = {}) {
  const calls: { updatePassword: unknown[]; updateUserAttributes: unknown[] } = {
    updatePassword: [],
    updateUserAttributes: [],
  };
  const provider: PasswordChangeProvider = {
    updatePassword: (input) => {
      calls.updatePassword.push(input);
      return answers.password?.() ?? Promise.resolve();
    },
    updateUserAttributes: (input) => {
      calls.updateUserAttributes.push(input);
      return answers.attributes?.() ?? Promise.resolve({});
    },
  };
  return { provider, calls };
}

interface RenderOptions {
  user?: SignedInUser;
  auth?: Partial<AuthContextValue>;
  provider?: PasswordChangeProvider;
  months?: number;
}

function renderPage({
  user = testUser(),
  auth = {},
  provider = recordingProvider().provider,
  months = 6,
}: RenderOptions = {}) {
  const config = { ...testRuntimeConfig, auth: { ...testRuntimeConfig.auth, passwordExpiryMonths: months } };
  return renderWithProviders(
    <AuthContext value={testAuth(user, auth)}>
      <MemoryRouter initialEntries={['/profile', '/profile/reset-password']} initialIndex={1}>
        <Routes>
          <Route path="/profile/reset-password" element={<ChangePasswordPage provider={provider} />} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AuthContext>,
    { config },
  );
}

// MUI marks a required field's label with an asterisk.
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\W*\\*$`), { selector: 'input' });
const submitButton = () => screen.getByRole('button', { name: 'Change Password' });
const checklistState = () =>
  Object.fromEntries(
    within(screen.getByRole('list', { name: 'Password requirements' }))
      .getAllByRole('listitem')
      .map((item) => [item.textContent.replace(/ \((not )?met\)$/, ''), item.getAttribute('data-met') === 'true']),
  );

/** Pastes each value into its field: one input event each, as fast under load as at rest. */
async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: { old?: string; new?: string; confirm?: string },
) {
  const entries: [string, string | undefined][] = [
    ['Old Password', values.old],
    ['New Password', values.new],
    ['Confirm New Password', values.confirm],
  ];
  for (const [label, value] of entries) {
    if (value === undefined) continue;
    await user.click(field(label));
    await user.paste(value);
  }
}

// Typing through user-event is slow on a busy machine; the default 5 s is not a statement.
describe('ChangePasswordPage', () => {
  afterEach(async () => {
    await changeLanguage('en');
    localStorage.clear();
  });

  it('shows the three required fields and the expiry texts', () => {
    renderPage({ user: testUser({ passwordExpiry: '2026-05-01T02:00:00.000Z' }), months: 3 });
    expect(screen.getByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    for (const label of ['Old Password', 'New Password', 'Confirm New Password']) {
      expect(field(label)).toBeRequired();
      expect(field(label)).toHaveAttribute('type', 'password');
    }
    expect(
      screen.getByText('You are required to change your password every 3 months for security reasons.'),
    ).toBeInTheDocument();
    // Last change + 3 months, in Kuala Lumpur time (UTC+8).
    expect(screen.getByText('You password will expire on 01 Aug 2026, 10.00am')).toBeInTheDocument();
  });

  it('shows "Invalid Date" when the recorded change is unreadable', () => {
    renderPage({ user: testUser({ passwordExpiry: 'garbled' }) });
    expect(screen.getByText('You password will expire on Invalid Date')).toBeInTheDocument();
  });

  it('shows now + the months when the last change is unknown', () => {
    renderPage({ user: testUser({ passwordExpiry: null }), months: 6 });
    const text = screen.getByTestId('password-expiry').textContent;
    expect(text).toMatch(/^You password will expire on \d{2} [A-Z][a-z]{2} \d{4}, \d{1,2}\.\d{2}(am|pm)$/);
    expect(text).not.toContain('Invalid Date');
  });

  it('turns the checklist from red to green as the password is typed', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(checklistState()).toEqual({
      'At least 8 characters long': false,
      'Includes at least one lowercase letter': false,
      'Includes at least one uppercase letter': false,
      'Includes at least one number': false,
      'Includes at least one special character': false,
      'New passwords must match': false,
    });
    expect(submitButton()).toBeDisabled();

    await fill(user, { old: OLD, new: 'abc' });
    expect(checklistState()).toMatchObject({
      'At least 8 characters long': false,
      'Includes at least one lowercase letter': true,
      'Includes at least one uppercase letter': false,
    });

    await user.clear(field('New Password'));
    await fill(user, { new: NEW });
    expect(Object.values(checklistState())).toEqual([true, true, true, true, true, false]);
    expect(submitButton()).toBeDisabled();

    await fill(user, { confirm: NEW });
    expect(Object.values(checklistState())).toEqual([true, true, true, true, true, true]);
    expect(submitButton()).toBeEnabled();
  });

  it('colours met requirements green and unmet ones red', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user, { new: 'abcdefgh' });
    const items = within(screen.getByRole('list', { name: 'Password requirements' })).getAllByRole('listitem');
    // jsdom resolves the theme's success.dark / error.dark to these.
    expect(getComputedStyle(items[1]!).color).toBe('rgb(27, 94, 32)');
    expect(getComputedStyle(items[2]!).color).toBe('rgb(198, 40, 40)');
    expect(items[1]).toHaveTextContent('Includes at least one lowercase letter (met)');
    expect(items[2]).toHaveTextContent('Includes at least one uppercase letter (not met)');
  });

  it('refuses a new password equal to the old one', async () => {
    const user = userEvent.setup();
    renderPage();
    await fill(user, { old: NEW, new: NEW, confirm: NEW });
    expect(screen.getByText('New password cannot be the same as old password')).toBeInTheDocument();
    expect(field('New Password')).toHaveAccessibleDescription('New password cannot be the same as old password');
    expect(submitButton()).toBeDisabled();

    await user.type(field('Old Password'), 'x');
    expect(screen.queryByText('New password cannot be the same as old password')).not.toBeInTheDocument();
    expect(submitButton()).toBeEnabled();
  });

  it('asks for the old password when it is left empty', async () => {
    const user = userEvent.setup();
    const { provider, calls } = recordingProvider();
    renderPage({ provider });
    await fill(user, { new: NEW, confirm: NEW });
    await user.click(submitButton());
    expect(await screen.findByText('This field is required')).toBeInTheDocument();
    expect(field('Old Password')).toHaveFocus();
    expect(calls.updatePassword).toEqual([]);
  });

  it('shows and hides each password', async () => {
    const user = userEvent.setup();
    renderPage();
    const toggle = screen.getByRole('button', { name: 'Show Old Password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field('Old Password')).toHaveAttribute('type', 'text');
    expect(field('New Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Hide Old Password' }));
    expect(field('Old Password')).toHaveAttribute('type', 'password');
  });

  it('changes the password, records the change, refreshes the user and goes home', async () => {
    const user = userEvent.setup();
    const { provider, calls } = recordingProvider();
    let refreshed = 0;
    const before = Date.now();
    renderPage({
      provider,
      auth: {
        refreshUser: () => {
          refreshed += 1;
          return Promise.resolve(testUser());
        },
      },
    });
    await fill(user, { old: OLD, new: NEW, confirm: NEW });
    await user.click(submitButton());

    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(calls.updatePassword).toEqual([{ oldPassword: OLD, newPassword: NEW }]);
    expect(calls.updateUserAttributes).toHaveLength(1);
    const { userAttributes } = calls.updateUserAttributes[0] as { userAttributes: Record<string, string> };
    expect(Object.keys(userAttributes)).toEqual(['custom:passwordChangedAt']);
    const changedAt = Date.parse(userAttributes['custom:passwordChangedAt']!);
    expect(changedAt).toBeGreaterThanOrEqual(before);
    expect(changedAt).toBeLessThanOrEqual(Date.now());
    expect(refreshed).toBe(1);
  });

  it("shows the provider's message when the password change is refused, and stays", async () => {
    const user = userEvent.setup();
    const refused = Object.assign(new Error('Incorrect username or password.'), { name: 'NotAuthorizedException' });
    const { provider, calls } = recordingProvider({ password: () => Promise.reject(refused) });
    renderPage({ provider });
    await fill(user, { old: 'Wrong-Password-9', new: NEW, confirm: NEW });
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect username or password.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\/reset-password$/);
    expect(calls.updateUserAttributes).toEqual([]);
    await waitFor(() => {
      expect(submitButton()).toBeEnabled();
    });
  });

  it('says "Error updating user attribute." when recording the change fails, and stays', async () => {
    const user = userEvent.setup();
    let refreshed = 0;
    const { provider, calls } = recordingProvider({ attributes: () => Promise.reject(new Error('boom')) });
    renderPage({
      provider,
      auth: {
        refreshUser: () => {
          refreshed += 1;
          return Promise.resolve(null);
        },
      },
    });
    await fill(user, { old: OLD, new: NEW, confirm: NEW });
    await user.click(submitButton());

    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating user attribute.');
    expect(calls.updatePassword).toHaveLength(1);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\/reset-password$/);
    expect(refreshed).toBe(0);
  });

  it('disables the button while the change is in flight', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const { provider } = recordingProvider({
      password: () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    });
    renderPage({ provider });
    await fill(user, { old: OLD, new: NEW, confirm: NEW });
    await user.click(submitButton());
    expect(await screen.findByRole('button', { name: 'Changing Password…' })).toBeDisabled();
    finish();
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
  });

  it('tells a user with an expired password why they are here and offers no way out', () => {
    renderPage({ user: testUser({ passwordExpired: true, passwordExpiry: '2025-01-01T00:00:00.000Z' }) });
    expect(screen.getByText('Your password has expired. Change it to continue using the portal.')).toBeInTheDocument();
    // "will expire" would be wrong for a date in the past.
    expect(screen.getByTestId('password-expiry')).toHaveTextContent('Your password expired on 01 Jul 2025, 8.00am');
    expect(screen.queryByRole('link', { name: 'Cancel' })).not.toBeInTheDocument();
  });

  it('offers Cancel back to the profile otherwise', () => {
    renderPage();
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/profile');
  });

  it('speaks Bahasa Malaysia, with the month names too', async () => {
    await changeLanguage('ms');
    renderPage({ user: testUser({ passwordExpiry: '2026-02-15T04:00:00.000Z' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Tukar Kata Laluan' })).toBeInTheDocument();
    expect(field('Kata Laluan Lama')).toBeInTheDocument();
    expect(screen.getByText('Kata laluan anda akan tamat tempoh pada 15 Ogs 2026, 12.00pm')).toBeInTheDocument();
    expect(screen.getByText('Sekurang-kurangnya 8 aksara', { exact: false })).toBeInTheDocument();
  });
});
