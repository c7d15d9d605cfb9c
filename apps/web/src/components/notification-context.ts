import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';

export type NotificationSeverity = 'success' | 'warning' | 'error' | 'info';

export interface NotificationAnchor {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

/** What a caller may set on one notification (docs/product/specification.md §3 "Notification"). */
export interface NotifyOptions {
  message: string;
  /** Defaults to success, as in the seed. */
  severity?: NotificationSeverity;
  /** Milliseconds; defaults to NOTIFICATION_AUTO_HIDE_MS. `null` keeps it open until dismissed. */
  autoHideDuration?: number | null;
  /** Defaults to bottom-right. */
  anchorOrigin?: NotificationAnchor;
  /** Extra control shown before the close button, e.g. an "Undo" button. */
  action?: ReactNode;
}

export interface NotificationApi {
  /** Shows a notification, replacing the one on screen: the seed shows one at a time. */
  notify: (options: NotifyOptions) => void;
  close: () => void;
}

export const NotificationContext = createContext<NotificationApi | null>(null);

export function useNotification(): NotificationApi {
  const api = useContext(NotificationContext);
  if (api === null) {
    throw new Error('useNotification must be used inside <NotificationProvider>.');
  }
  return api;
}
