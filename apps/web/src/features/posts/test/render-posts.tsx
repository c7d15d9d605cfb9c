import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
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

/**
 * The posts screens at their routes (app/route-table.ts) inside the app's providers, starting at
 * `url`: a data router, as the app's, so the editor can ask before unsaved changes are left.
 */
export function renderPosts(url: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <Probe />
          </>
        ),
        children: [
          { path: '/announcements', element: <AnnouncementsPage /> },
          { path: '/announcements/create', element: <PostEditorPage /> },
          { path: '/announcements/:id', element: <PostEditorPage /> },
          { path: '/staff-info', element: <StaffInformationPage /> },
          { path: '/staff-info/create', element: <PostEditorPage /> },
          { path: '/staff-info/:id', element: <PostEditorPage /> },
        ],
      },
    ],
    { initialEntries: [url] },
  );
  return renderWithProviders(
    <AuthContext value={testAuth(hrAdmin)}>
      <RouterProvider router={router} />
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
