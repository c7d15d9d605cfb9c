import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import type { RuntimeConfig } from '@staff-portal/shared/runtime-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNotification } from '../components/notification-context';
import { NotificationProvider } from '../components/notification-provider';
import { TokenProviderContext, withoutToken } from '../lib/api-client';
import type { TokenProvider } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { reportError } from '../lib/report-error';
import { RuntimeConfigContext } from '../lib/runtime-config';
import { theme } from './theme';

/** Theme and baseline only: enough for screens shown before the app can start. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}

function QueryProvider({ children }: { children: ReactNode }) {
  const { notify } = useNotification();
  // One client for the app's lifetime; `notify` is stable, so capturing it here is safe.
  const [queryClient] = useState(() =>
    createQueryClient({
      onError: (error) => {
        // The API client has already dealt with a refused session (the gate's warning and
        // sign-out, or the error itself where no gate is around); showing it again would only
        // add an error beside the warning.
        if (isAppError(error) && error.status === 401) return;
        reportError(error, notify);
      },
    }),
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

interface AppProviderProps {
  config: RuntimeConfig;
  /**
   * Where API calls get their bearer token. Omitted: no token is sent. The sign-in issue passes
   * Amplify's session token here; keep the function stable (module level or useCallback), as the
   * API clients are rebuilt when it changes.
   */
  getToken?: TokenProvider;
  children: ReactNode;
}

export function AppProvider({ config, getToken = withoutToken, children }: AppProviderProps) {
  return (
    <ThemeRoot>
      <RuntimeConfigContext value={config}>
        <TokenProviderContext value={getToken}>
          <NotificationProvider>
            <QueryProvider>{children}</QueryProvider>
          </NotificationProvider>
        </TokenProviderContext>
      </RuntimeConfigContext>
    </ThemeRoot>
  );
}
