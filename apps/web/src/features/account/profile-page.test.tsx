import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, storedLanguage } from '../../lib/i18n';
import { LocationProbe } from '../../test/location-probe';
import { renderWithProviders } from '../../test/render';
import { AuthContext } from '../../lib/auth-context';
import { ProfilePage } from './profile-page';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { testAuth, testUser } from '../../test/auth';

function renderProfile(user: SignedInUser) {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={['/profile']}>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
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
});
