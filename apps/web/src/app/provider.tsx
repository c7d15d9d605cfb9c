import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useNotification } from '../components/notification-context';
import { SessionLostContext } from '../lib/api-client';
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

/**
 * The signed-in session's query client, kept outside React state: React may render the signed-in
 * app twice before showing it (an update from the gate interrupts the first render, whose state
 * is dropped), and the routes' loaders start fetching in the first; both must fill one cache. A
 * new sign-in gets a new client: the last one is emptied and let go when its app unmounts.
 */
let sessionQueryClient: QueryClient | undefined;

function QueryProvider({ children }: { children: ReactNode }) {
  const { notify } = useNotification();
  const onSessionLost = useContext(SessionLostContext);
  // One client for the session; `notify` and the gate's handler are stable, so capturing them
  // here is safe.
  const [queryClient] = useState(
    () =>
      (sessionQueryClient ??= createQueryClient({
        onError: (error) => {
          // A refused session goes to the gate (its warning and sign-out, once however often it
          // is called), as the API client does. A route's prefetch fetches without that client's
          // reporting (app/route-prefetch.ts), so a screen that waited for one hears it here.
          if (isAppError(error) && error.status === 401) {
            if (onSessionLost !== undefined) onSessionLost();
            else reportError(error, notify);
            return;
          }
          reportError(error, notify);
        },
      })),
  );
  useEffect(
    () => () => {
      if (sessionQueryClient === queryClient) sessionQueryClient = undefined;
      queryClient.clear();
    },
    [queryClient],
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
