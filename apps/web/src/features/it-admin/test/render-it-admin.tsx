import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { TokenProvider } from '../../../lib/api-client';
import { AuthContext } from '../../../lib/auth-context';
import { testAuth, testUser } from '../../../test/auth';
import { renderWithProviders } from '../../../test/render';
import { ITAdminPage } from '../it-admin-page';
import { ADMIN_EMAIL, ADMIN_ID } from './it-admin-fixtures';

export const PATH = '/it-admin';

export const itAdmin = testUser({ id: ADMIN_ID, email: ADMIN_EMAIL, department: ['ITAdmin'] });

/** The URL's search part, so a test can assert what the address says (the tab, the filters). */
function SearchProbe() {
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

/** The page at its URL inside the app's providers, as an IT admin. */
export function renderItAdmin(
  search = '',
  { user = itAdmin, getToken }: { user?: SignedInUser; getToken?: TokenProvider } = {},
) {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={[`${PATH}${search}`]}>
        <Routes>
          <Route path={PATH} element={<ITAdminPage />} />
        </Routes>
        <SearchProbe />
      </MemoryRouter>
    </AuthContext>,
    getToken === undefined ? {} : { getToken },
  );
}

/** The URL's search parameters as the probe shows them now. */
export function currentSearch(element: HTMLElement): URLSearchParams {
  return new URLSearchParams(element.textContent);
}
