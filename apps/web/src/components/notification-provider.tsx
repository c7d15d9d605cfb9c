import { NOTIFICATION_AUTO_HIDE_MS } from '@staff-portal/shared/constants';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { NotificationContext } from './notification-context';
import type { NotificationAnchor, NotificationApi, NotifyOptions } from './notification-context';
import type { NotificationState } from './notification-view';

const NotificationView = lazy(() =>
  import('./notification-view').then((module) => ({ default: module.NotificationView })),
);

const DEFAULT_ANCHOR: NotificationAnchor = { vertical: 'bottom', horizontal: 'right' };

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<NotificationState | null>(null);

  const notify = useCallback((options: NotifyOptions) => {
    setState((previous) => ({
      key: (previous?.key ?? 0) + 1,
      open: true,
      message: options.message,
      severity: options.severity ?? 'success',
      autoHideDuration: options.autoHideDuration === undefined ? NOTIFICATION_AUTO_HIDE_MS : options.autoHideDuration,
      anchorOrigin: options.anchorOrigin ?? DEFAULT_ANCHOR,
      action: options.action,
    }));
  }, []);

  // Keeps the last message on screen while the exit transition runs.
  const close = useCallback(() => {
    setState((previous) => (previous === null ? null : { ...previous, open: false }));
  }, []);

  const api = useMemo<NotificationApi>(() => ({ notify, close }), [notify, close]);

  return (
    <NotificationContext value={api}>
      {children}
      {state !== null && (
        // The view brings MUI; loaded with the first notification, so the sign-in page, which
        // rarely shows one, stays small (docs/product/qualities.md). An empty fallback: it takes a moment.
        <Suspense fallback={null}>
          <NotificationView state={state} onClose={close} />
        </Suspense>
      )}
    </NotificationContext>
  );
}
