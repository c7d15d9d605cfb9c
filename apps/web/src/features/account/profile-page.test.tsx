import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, i18n, storedLanguage } from '../../lib/i18n';
import { LocationProbe } from '../../test/location-probe';
import { stubLeaveApi } from '../../test/leave-api-double';
import { renderWithProviders } from '../../test/render';
import { AuthContext } from '../../lib/auth-context';
import { ProfilePage } from './profile-page';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { testAuth, testUser } from '../../test/auth';

/** The account's attribute updates, answered as the identity service would (or refused). */
function identityDouble(refuse = false) {
  const updates: unknown[] = [];
  const updateUserAttributes = (input: { userAttributes: Record<string, string> }) => {
    updates.push(input);
    return refuse ? Promise.reject(new Error('Network error')) : Promise.resolve({});
  };
  return { updates, updateUserAttributes };
}

function renderProfile(user: SignedInUser, identity = identityDouble()) {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<ProfilePage updateUserAttributes={identity.updateUserAttributes} />} />
          <Route path="/profile/reset-password" element={<p>change password screen</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AuthContext>,
  );
}

const departmentList = () => screen.getByRole('list', { name: 'Department' });

describe('ProfilePage', () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en');
    localStorage.clear();
  });

  it('shows the name, the e-mail and the departments', () => {
    renderProfile(testUser());
    expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    // Seed §2/§3: the plain name (name, not the display name).
    expect(screen.getByText('Nur Aisyah binti Rahman')).toBeInTheDocument();
    expect(screen.getByText('aisyah@staffportal.example')).toBeInTheDocument();
    expect(
      within(departmentList())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HR']);
  });

  it('merges departments per base name, admin entries first with "(admin)"', () => {
    renderProfile(testUser({ department: ['UNION', 'HR', 'IRAdmin', 'HRAdmin', 'ITAdmin'] }));
    expect(
      within(departmentList())
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['HR (admin)', 'IR (admin)', 'IT (admin)', 'UNION']);
  });

  it('falls back to the e-mail local part for the name, and says so when the e-mail is invalid', () => {
    renderProfile(testUser({ name: null, email: 'siti@staffportal.example' }));
    expect(screen.getByText('siti')).toBeInTheDocument();
    renderProfile(testUser({ name: 'Siti', email: 'not-an-email' }));
    expect(screen.getByText('Invalid Email')).toBeInTheDocument();
  });

  it('says "Invalid Email" and "User" when the e-mail is missing', () => {
    renderProfile(testUser({ name: null, email: null, department: [] }));
    expect(screen.getByText('User')).toBeInTheDocument();
    expect(screen.getByText('Invalid Email')).toBeInTheDocument();
    expect(screen.getByText('No department assigned')).toBeInTheDocument();
  });

  it('opens the change-password page', async () => {
    const user = userEvent.setup();
    renderProfile(testUser());
    await user.click(screen.getByRole('link', { name: 'Change Password' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile\/reset-password$/);
  });

  it('switches the language of the page to Bahasa Malaysia and remembers it', async () => {
    const user = userEvent.setup();
    stubLeaveApi({ 'PUT /me/language': () => new Response(null, { status: 204 }) });
    renderProfile(testUser({ department: ['HRAdmin'] }));
    const english = screen.getByRole('button', { name: 'English' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Language' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Bahasa Malaysia' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tukar Kata Laluan' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Jabatan' })).getByText('HR (pentadbir)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bahasa Malaysia' })).toHaveAttribute('aria-pressed', 'true');
    expect(i18n.language).toBe('ms');
    expect(document.documentElement.lang).toBe('ms');
    expect(storedLanguage()).toBe('ms');

    // Pressing the chosen language again keeps it.
    await user.click(screen.getByRole('button', { name: 'Bahasa Malaysia' }));
    expect(i18n.language).toBe('ms');

    await user.click(screen.getByRole('button', { name: 'English' }));
    await waitFor(() => {
      expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
    });
    expect(storedLanguage()).toBe('en');
  });

  it('keeps the choice on the account too, for the messages sent to it', async () => {
    const user = userEvent.setup();
    const api = stubLeaveApi({ 'PUT /me/language': () => new Response(null, { status: 204 }) });
    const identity = identityDouble();
    renderProfile(testUser(), identity);
    await user.click(screen.getByRole('button', { name: 'Bahasa Malaysia' }));
    // The identity account's locale (its codes and invitations) and the portal's record (its e-mail).
    await waitFor(() => expect(identity.updates).toEqual([{ userAttributes: { locale: 'ms' } }]));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/me/language').map((call) => call.body)).toEqual([{ language: 'ms' }]),
    );
    expect(
      screen.getByText(
        'Digunakan pada setiap skrin, diingati pada peranti ini, dan menjadi bahasa e-mel yang dihantar oleh portal kepada anda.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says once when the choice could not be kept on the account, the screens switched all the same', async () => {
    const user = userEvent.setup();
    stubLeaveApi({ 'PUT /me/language': () => new Response(null, { status: 204 }) });
    renderProfile(testUser(), identityDouble(true));
    await user.click(screen.getByRole('button', { name: 'Bahasa Malaysia' }));
    expect(await screen.findByText('Ralat semasa mengemas kini atribut pengguna.')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(i18n.language).toBe('ms');
  });
});
