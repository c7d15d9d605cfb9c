import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { theme } from '../app/theme';
import type { NotificationAnchor, NotificationSeverity } from './notification-context';

export interface NotificationState {
  /** A new key per notification, so a replacing message gets its own timer and transition. */
  key: number;
  open: boolean;
  message: string;
  severity: NotificationSeverity;
  autoHideDuration: number | null;
  anchorOrigin: NotificationAnchor;
  action: ReactNode;
}

/**
 * The seed's notification (§3, §4) on screen. Its own theme provider: it also shows on the
 * sign-in page, outside the signed-in app's theme.
 */
export function NotificationView({ state, onClose: close }: { state: NotificationState; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ThemeProvider theme={theme}>
      <Snackbar
        key={state.key}
        open={state.open}
        // Timeout, Escape and click-away all close it (docs/product/specification.md §4).
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
    </ThemeProvider>
  );
}
