import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { configure } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { testAuth, testUser } from '../../../test/auth';
import { LocationProbe } from '../../../test/location-probe';
import { renderWithProviders } from '../../../test/render';
import { AuthContext } from '../../auth/auth-context';

// A page answers after a debounce and a fetch double; on a busy machine that can take more than
// Testing Library's default second. Each test file runs in its own module scope.
configure({ asyncUtilTimeout: 4_000 });

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
