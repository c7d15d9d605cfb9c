import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { NOTIFICATION_AUTO_HIDE_MS } from '@staff-portal/shared/constants';
import { useCallback, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NotificationContext } from './notification-context';
import type { NotificationAnchor, NotificationApi, NotificationSeverity, NotifyOptions } from './notification-context';

const DEFAULT_ANCHOR: NotificationAnchor = { vertical: 'bottom', horizontal: 'right' };

interface NotificationState {
  /** A new key per notification, so a replacing message gets its own timer and transition. */
  key: number;
  open: boolean;
  message: string;
  severity: NotificationSeverity;
  autoHideDuration: number | null;
  anchorOrigin: NotificationAnchor;
  action: ReactNode;
}

export function NotificationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<NotificationState | null>(null);
  const { t } = useTranslation();

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
        <Snackbar
          key={state.key}
          open={state.open}
          // Timeout, Escape and click-away all close it (seed §4).
          onClose={close}
          autoHideDuration={state.autoHideDuration}
          // The seed resumes at half the duration after hover or focus. MUI's default is the
          // same today; stating it keeps the behaviour if that default ever changes.
          resumeHideDuration={state.autoHideDuration === null ? undefined : state.autoHideDuration / 2}
          anchorOrigin={state.anchorOrigin}
        >
          <Alert
            variant="filled"
            severity={state.severity}
            // Errors and warnings interrupt a screen reader; confirmations wait their turn.
            role={state.severity === 'error' || state.severity === 'warning' ? 'alert' : 'status'}
            sx={{ width: '100%', alignItems: 'center' }}
            action={
              <>
                {state.action}
                <IconButton
                  size="small"
                  color="inherit"
                  aria-label={t('dismissMessage')}
                  title={t('dismissMessage')}
                  onClick={close}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </>
            }
          >
            {state.message}
          </Alert>
        </Snackbar>
      )}
    </NotificationContext>
  );
}
