import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AuthContext } from '../../../lib/auth-context';
import { testAuth, testUser } from '../../../test/auth';
import { renderWithProviders } from '../../../test/render';
import { PostEditorPage } from '../post-editor-page';
import { AnnouncementsPage, StaffInformationPage } from '../posts-list-page';

/** An HRAdmin, who may manage posts (docs/product/access.md §3). */
export const hrAdmin = testUser({ id: 'admin-1', department: ['HR', 'HRAdmin'] });

/** Where the router is: the path and the search, so a test can assert what the address says. */
function Probe() {
  const location = useLocation();
  return (
    <>
      <output data-testid="location">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

/** The posts screens at their routes (app/route-table.ts) inside the app's providers, starting at `url`. */
export function renderPosts(url: string) {
  return renderWithProviders(
    <AuthContext value={testAuth(hrAdmin)}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/announcements" element={<AnnouncementsPage />} />
          <Route path="/announcements/create" element={<PostEditorPage />} />
          <Route path="/announcements/:id" element={<PostEditorPage />} />
          <Route path="/staff-info" element={<StaffInformationPage />} />
          <Route path="/staff-info/create" element={<PostEditorPage />} />
          <Route path="/staff-info/:id" element={<PostEditorPage />} />
        </Routes>
        <Probe />
      </MemoryRouter>
    </AuthContext>,
  );
}

/** The router's path and search parameters as the probe shows them now. */
export function where(screen: { getByTestId: (id: string) => HTMLElement }) {
  return {
    path: screen.getByTestId('location').textContent,
    search: new URLSearchParams(screen.getByTestId('search').textContent),
  };
}
