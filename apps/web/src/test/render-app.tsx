import { createMemoryRouter, RouterProvider } from 'react-router';
import { routes } from '../app/router';
import { AuthContext } from '../lib/auth-context';
import type { AuthContextValue } from '../lib/auth-context';
import { renderWithProviders } from './render';

/**
 * The app's real routes (layout, guards, pages) in a memory router, with the given signed-in
 * state as the gate would provide it. The last entry is the current one; the others are the
 * history Back returns through.
 */
export function renderApp(entries: string[], auth: AuthContextValue) {
  const router = createMemoryRouter(routes, { initialEntries: entries, initialIndex: entries.length - 1 });
  const view = renderWithProviders(
    <AuthContext value={auth}>
      <RouterProvider router={router} />
    </AuthContext>,
  );
  return { router, view, pathname: () => router.state.location.pathname };
}
