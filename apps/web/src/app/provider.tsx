import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useNotification } from '../components/notification-context';
import { createQueryClient } from '../lib/query-client';
import { reportError } from '../lib/report-error';
import { BaseProvider } from './base-provider';
import type { BaseProviderProps } from './base-provider';
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

/** The signed-in app's own providers: its theme and the query client. */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeRoot>
      <QueryProvider>{children}</QueryProvider>
    </ThemeRoot>
  );
}

/** Every provider of the signed-in app at once, for component tests. */
export function AppProvider({ children, ...base }: BaseProviderProps) {
  return (
    <BaseProvider {...base}>
      <SignedInProviders>{children}</SignedInProviders>
    </BaseProvider>
  );
}
