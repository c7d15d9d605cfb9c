import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { AuthContext } from '../../../lib/auth-context';
import { testAuth } from '../../../test/auth';
import { renderWithProviders } from '../../../test/render';
import { GrievanceDetailsPage } from '../grievance-details-page';
import { MemberDetailsPage } from '../member-details-page';
import { MemberLookupPage } from '../member-lookup-page';
import { GRIEVANCES_PATH, MEMBER_LOOKUP_PATH } from '../paths';
import { SearchGrievancesPage } from '../search-grievances-page';

/** Where the router is (path and search), and the browser's Back button. */
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Browser back
      </button>
    </>
  );
}

/** The IR pages at their routes inside the app's providers, as the given user, starting at `url`. */
export function renderIr(url: string, user: SignedInUser) {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={MEMBER_LOOKUP_PATH} element={<MemberLookupPage />} />
          <Route path={`${MEMBER_LOOKUP_PATH}/:id`} element={<MemberDetailsPage />} />
          <Route path={GRIEVANCES_PATH} element={<SearchGrievancesPage />} />
          <Route path={`${GRIEVANCES_PATH}/:grievanceId`} element={<GrievanceDetailsPage />} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AuthContext>,
  );
}

/** The router's path and search parameters now, as the probe shows them. */
export const where = (element: { getByTestId: (id: string) => HTMLElement }) => ({
  path: element.getByTestId('location').textContent,
  search: new URLSearchParams(element.getByTestId('search').textContent),
});
