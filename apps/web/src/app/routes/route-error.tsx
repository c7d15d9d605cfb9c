import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { FailurePage } from '../../components/failure-page';

/**
 * Shown instead of React Router's developer screen when a page throws or its code cannot be
 * loaded, typically because a new release replaced the hashed files this tab still refers to.
 * Not lazy: it must work exactly when loading a chunk fails.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation('shell');
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);
  return <FailurePage title={t('routeError.title')} message={t('routeError.message')} offerHome />;
}
