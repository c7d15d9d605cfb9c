import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { testAuth, testUser } from './auth';
import { LocationProbe } from './location-probe';
import { renderWithProviders } from './render';
import { AuthContext } from '../lib/auth-context';

/** One leave page at its URL, inside the app's providers, as a signed-in HR user. */
export function renderLeavePage(page: ReactElement, url: string, user: SignedInUser = testUser()) {
  const path = url.split('?')[0] ?? url;
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </AuthContext>,
  );
}
