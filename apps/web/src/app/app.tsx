import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FailurePage } from '../components/failure-page';
import { PageSpinner } from '../components/page-spinner';
import { Gate } from '../features/auth/gate';
import { currentIdToken } from '../lib/amplify';
import type { RuntimeConfigResult } from '../lib/runtime-config';
import { AppErrorBoundary } from './app-error-boundary';
import { BaseProvider } from './base-provider';
import { SignedInApp } from './preload-signed-in-app';

// SignedInApp is loaded once the gate lets the user in (or sooner, with a kept session), so the
// sign-in screen loads only what the gate needs (docs/product/qualities.md: sign-in route JS ≤
// 300 KB gzip); MUI, the query client, the router, the layout and every page follow.

/** While a lazy part loads. */
function Loading() {
  const { t } = useTranslation();
  return <PageSpinner label={t('loading')} />;
}

/** Shown instead of the app when the runtime config is missing or unusable (docs/product/specification.md §8). */
function ConfigErrorPage() {
  const { t } = useTranslation('shell');
  return <FailurePage title={t('configError.title')} message={t('configError.message')} />;
}

const signedInApp = (
  <Suspense fallback={<Loading />}>
    <SignedInApp />
  </Suspense>
);

/** The whole app once the runtime config is known: the gate and behind it the router, or the configuration error. */
export function App({ configResult }: { configResult: RuntimeConfigResult }) {
  if (!configResult.ok) {
    return <ConfigErrorPage />;
  }
  return (
    <AppErrorBoundary>
      <BaseProvider config={configResult.config} getToken={currentIdToken}>
        <Gate>{signedInApp}</Gate>
      </BaseProvider>
    </AppErrorBoundary>
  );
}
