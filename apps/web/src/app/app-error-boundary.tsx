import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { useTranslation } from 'react-i18next';
import { FailurePage } from '../components/failure-page';

function AppFailure() {
  const { t } = useTranslation('shell');
  return <FailurePage title={t('appError.title')} message={t('appError.message')} />;
}

/**
 * Above the gate: whatever fails to load or to render outside the router (the sign-in widget's
 * code, the signed-in app's, a provider) shows the failure page with Reload instead of a blank
 * page (docs/product/qualities.md §2). Inside the router, a page's failure is the router's
 * (routes/route-error.tsx), which keeps the layout's Go to Home.
 */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      FallbackComponent={AppFailure}
      onError={(error) => {
        // The user sees the failure page; the console keeps the details for whoever investigates.
        console.error('App error:', error);
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
