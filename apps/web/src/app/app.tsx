import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../components/page-spinner';
import { Gate } from '../features/auth/gate';
import { currentIdToken } from '../lib/amplify';
import type { RuntimeConfigResult } from '../lib/runtime-config';
import { BaseProvider } from './base-provider';
import { SignedInApp } from './preload-signed-in-app';

// SignedInApp is loaded once the gate lets the user in (or sooner, with a kept session), so the
// sign-in screen loads only what the gate needs (docs/product/qualities.md: sign-in route JS ≤
// 300 KB gzip); MUI, the query client, the router, the layout and every page follow. The
// configuration error is as rare, and as lazy.
const ConfigErrorScreen = lazy(() =>
  import('./config-error-page').then((module) => ({ default: module.ConfigErrorScreen })),
);

/** While a lazy part loads. */
function Loading() {
  const { t } = useTranslation();
  return <PageSpinner label={t('loading')} />;
}

const signedInApp = (
  <Suspense fallback={<Loading />}>
    <SignedInApp />
  </Suspense>
);

/** The whole app once the runtime config is known: the gate and behind it the router, or the configuration error. */
export function App({ configResult }: { configResult: RuntimeConfigResult }) {
  if (!configResult.ok) {
    return (
      <Suspense fallback={<Loading />}>
        <ConfigErrorScreen />
      </Suspense>
    );
  }
  return (
    <BaseProvider config={configResult.config} getToken={currentIdToken}>
      <Gate>{signedInApp}</Gate>
    </BaseProvider>
  );
}
