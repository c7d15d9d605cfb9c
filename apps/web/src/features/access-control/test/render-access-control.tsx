import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthContext } from '../../../lib/auth-context';
import { testAuth, testUser } from '../../../test/auth';
import { renderWithProviders } from '../../../test/render';
import { AccessControlPage } from '../access-control-page';
import type { StaffRecordCreator } from '../components/staff-record-section';

export const PATH = '/shared/access-control';

/** An ITAdmin, who may grant every department; the id is their `sub`. */
export const itAdmin = testUser({
  id: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5eff',
  email: 'it.admin@staffportal.example',
  department: ['ITAdmin'],
});
/** An HRAdmin, who may not grant or revoke HRAdmin or ITAdmin (docs/product/access.md §3). */
export const hrAdmin = testUser({
  id: '0b6f6c1e-1c1f-4c4e-9f55-1a2b3c4d5eee',
  department: ['HR', 'HRAdmin'],
});

/** The URL's search part, so a test can assert what the address says (filters, the open account). */
function SearchProbe() {
  const location = useLocation();
  return <output data-testid="search">{location.search}</output>;
}

/** The page at its URL inside the app's providers, as the given admin. */
export function renderAccessControl(
  search = '',
  user: SignedInUser = itAdmin,
  { createStaffRecord }: { createStaffRecord?: StaffRecordCreator } = {},
) {
  return renderWithProviders(
    <AuthContext value={testAuth(user)}>
      <MemoryRouter initialEntries={[`${PATH}${search}`]}>
        <Routes>
          <Route path={PATH} element={<AccessControlPage {...(createStaffRecord ? { createStaffRecord } : {})} />} />
        </Routes>
        <SearchProbe />
      </MemoryRouter>
    </AuthContext>,
  );
}

/** The URL's search parameters as the probe shows them now. */
export function currentSearch(element: HTMLElement): URLSearchParams {
  return new URLSearchParams(element.textContent);
}
