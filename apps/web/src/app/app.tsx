import { lazy, Suspense } from 'react';
import { LoadingFallback } from '../components/loading-fallback';
import { Gate } from '../features/auth/gate';
import { currentIdToken } from '../lib/amplify';
import type { RuntimeConfigResult } from '../lib/runtime-config';
import { ConfigErrorPage } from './config-error-page';
import { AppProvider, ThemeRoot } from './provider';

// Loaded once the gate lets the user in, so the sign-in screen loads only what the gate needs
// (PRODUCT.md §8: sign-in route JS ≤ 300 KB gzip); the router, the layout and every page follow.
const AppRouter = lazy(() => import('./router').then((module) => ({ default: module.AppRouter })));

const signedInApp = (
  <Suspense fallback={<LoadingFallback />}>
    <AppRouter />
  </Suspense>
);

/** The whole app once the runtime config is known: the gate and behind it the router, or the configuration error. */
export function App({ configResult }: { configResult: RuntimeConfigResult }) {
  if (!configResult.ok) {
    return (
      <ThemeRoot>
        <ConfigErrorPage />
      </ThemeRoot>
    );
  }
  return (
    <AppProvider config={configResult.config} getToken={currentIdToken}>
      <Gate>{signedInApp}</Gate>
    </AppProvider>
  );
}
