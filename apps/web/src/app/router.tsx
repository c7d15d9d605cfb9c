import { useState } from 'react';
// RouterProvider from 'react-router', not 'react-router/dom': under Vitest the two entry points
// load separate copies of the router, and the Outlet of one cannot see the other's routes. The
// dom entry only adds `flushSync` support for navigations, which nothing here uses.
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
// Initialises the translations before the first render of any route.
import '../lib/i18n';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './route-guard';
import { pages, routeTable } from './route-table';
import type { GuardGroup, PageName } from './route-table';
import { RouteErrorPage } from './routes/route-error';

/** Carried on every route match, for whatever needs to know the page (titles, tests). */
export interface AppRouteHandle {
  page: PageName;
  guards: readonly GuardGroup[];
}

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    ErrorBoundary: RouteErrorPage,
    children: routeTable.map(({ path, page, guards }) => {
      const Page = pages[page];
      return {
        path,
        element: (
          <RouteGuard guards={guards}>
            <Page />
          </RouteGuard>
        ),
        handle: { page, guards } satisfies AppRouteHandle,
      };
    }),
  },
];

export function AppRouter() {
  // Created on mount rather than at import, so importing this module has no side effects.
  const [router] = useState(() => createBrowserRouter(routes));
  return <RouterProvider router={router} />;
}
