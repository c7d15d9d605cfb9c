import { passesGuards } from '@staff-portal/shared/groups';
import type { GuardGroup } from '@staff-portal/shared/groups';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { LoadingFallback } from '../components/loading-fallback';
import { useAuth } from '../lib/auth-context';

export const UNAUTHORIZED_PATH = '/unauthorized';
export const CHANGE_PASSWORD_PATH = '/profile/reset-password';

/**
 * Navigates once. React Router's <Navigate> navigates in an effect, which StrictMode runs twice
 * in development; in a browser that pushed /unauthorized twice, and Go Back's two steps landed
 * on the first copy instead of the page before the refused one. (jsdom's memory router merges
 * the two navigations, so only a browser in development shows it.)
 */
function Redirect({ to, replace }: { to: string; replace: boolean }) {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}

interface RouteGuardProps {
  /** The route's guard groups (route-table.ts); empty: every signed-in user. */
  guards: readonly GuardGroup[];
  children: ReactNode;
}

/**
 * Seed §6 route guard: a spinner while the user loads; an expired password sends the user to
 * the change-password page from every other route (replacing the entry, so Back cannot return
 * to a page they may not use yet); a user outside the route's groups goes to /unauthorized.
 * That one is pushed, not replaced: the Unauthorized page's Go Back goes two steps, past the
 * refused page, to where the user came from.
 */
export function RouteGuard({ guards, children }: RouteGuardProps) {
  const { user, superAdminUserId } = useAuth();
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');

  if (user === null) return <LoadingFallback label={t('guard.checking')} />;
  // Keyed by the path: while a slow page chunk loads, React may keep an earlier route's tree,
  // and a Redirect reused from it would think it had already navigated.
  if (user.passwordExpired && pathname !== CHANGE_PASSWORD_PATH)
    return <Redirect key={pathname} to={CHANGE_PASSWORD_PATH} replace />;
  if (!passesGuards({ id: user.id, groups: user.department }, guards, { superAdminUserId })) {
    return <Redirect key={pathname} to={UNAUTHORIZED_PATH} replace={false} />;
  }
  return children;
}
