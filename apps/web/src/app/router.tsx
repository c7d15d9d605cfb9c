import { useQueryClient } from '@tanstack/react-query';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { useContext, useEffect, useRef, useState } from 'react';
// RouterProvider from 'react-router', not 'react-router/dom': under Vitest the two entry points
// load separate copies of the router, and the Outlet of one cannot see the other's routes. The
// dom entry only adds `flushSync` support for navigations, which nothing here uses.
import { createBrowserRouter, RouterProvider } from 'react-router';
import type { RouteObject } from 'react-router';
import { useAuth } from '../lib/auth-context';
import { createApiClient, TokenProviderContext } from '../lib/api-client';
// Initialises the translations before the first render of any route.
import '../lib/i18n';
import { useRuntimeConfig } from '../lib/runtime-config';
import { LoadingFallback } from '../components/loading-fallback';
import { AppLayout } from './layout/app-layout';
import { RouteGuard } from './route-guard';
import { startRoute } from './route-prefetch';
import type { PrefetchContext } from './route-prefetch';
import { routeTable } from './route-paths';
import type { GuardGroup, PageName } from './route-paths';
import { pages } from './route-table';
import { RouteErrorPage } from './routes/route-error';

/** Carried on every route match, for whatever needs to know the page (titles, tests). */
export interface AppRouteHandle {
  page: PageName;
  guards: readonly GuardGroup[];
}

/**
 * Every route inside the common layout. With a prefetch context, each route's loader starts its
 * page's code and data as the route is entered (route-prefetch.ts), before the page renders.
 */
export function appRoutes(prefetch?: PrefetchContext): RouteObject[] {
  return [
    {
      Component: AppLayout,
      ErrorBoundary: RouteErrorPage,
      // Shown while the first loaders run: they return at once, so for a moment at most.
      HydrateFallback: LoadingFallback,
      children: routeTable.map((entry) => {
        const { path, page, guards } = entry;
        const Page = pages[page];
        return {
          path,
          element: (
            <RouteGuard guards={guards}>
              <Page />
            </RouteGuard>
          ),
          handle: { page, guards } satisfies AppRouteHandle,
          ...(prefetch === undefined
            ? {}
            : {
                loader: async ({ params, request }) => {
                  await startRoute(prefetch, entry, { params, search: new URL(request.url).searchParams });
                  return null;
                },
              }),
        } satisfies RouteObject;
      }),
    },
  ];
}

/** The routes without loaders, for tests that look at the table or drive a memory router. */
export const routes: RouteObject[] = appRoutes();

/**
 * The signed-in user as the gate hands it over (null until loaded): a loader that runs before
 * then waits for it.
 */
function useCurrentUser(): () => Promise<SignedInUser | null> {
  const { user } = useAuth();
  const latest = useRef(user);
  const [first] = useState(() => {
    let resolve: (user: SignedInUser) => void = () => {};
    const promise = new Promise<SignedInUser>((settle) => (resolve = settle));
    return { promise, resolve };
  });
  useEffect(() => {
    latest.current = user;
    if (user !== null) first.resolve(user);
  }, [user, first]);
  return () => (latest.current === null ? first.promise : Promise.resolve(latest.current));
}

/** What the loaders need, from the signed-in app's providers. */
export function usePrefetchContext(): PrefetchContext {
  const queryClient = useQueryClient();
  const { api, organisation } = useRuntimeConfig();
  const getToken = useContext(TokenProviderContext);
  const { superAdminUserId } = useAuth();
  return {
    queryClient,
    leave: createApiClient({ baseUrl: api.leaveApiUrl, getToken }),
    ir: createApiClient({ baseUrl: api.irApiUrl, getToken }),
    timeZone: organisation.timeZone,
    user: useCurrentUser(),
    superAdminUserId,
  };
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The session's router, kept outside React state for the reason the query client is
 * (provider.tsx): its first loaders start fetching as it is made, and a render React drops must
 * not leave a second router behind, listening to the history and fetching again.
 */
let sessionRouter: Router | undefined;

export function AppRouter() {
  const prefetch = usePrefetchContext();
  // Made on first render rather than at import, so importing this module has no side effects.
  // Its first loaders run at once: a cold load's data starts with the page's code.
  const [router] = useState(() => (sessionRouter ??= createBrowserRouter(appRoutes(prefetch))));
  useEffect(
    () => () => {
      if (sessionRouter === router) sessionRouter = undefined;
      router.dispose();
    },
    [router],
  );
  return <RouterProvider router={router} />;
}
