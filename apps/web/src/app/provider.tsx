import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { PickersInputLocaleText } from '@mui/x-date-pickers/locales';
import { isAppError } from '@staff-portal/shared/errors';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/ms';
import { useContext, useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../components/notification-context';
import { SessionLostContext } from '../lib/api-client';
import { createQueryClient } from '../lib/query-client';
import { reportError } from '../lib/report-error';
import { BaseProvider } from './base-provider';
import type { BaseProviderProps } from './base-provider';
import { theme } from './theme';

/** Theme and baseline only: enough for screens shown before the app can start. */
function ThemeRoot({ children }: { children: ReactNode }) {
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

/**
 * The date inputs' calendar (components/date-field.tsx) in the UI language: month and day names,
 * weeks from Monday, and its texts. English is British English, day first like the organisation;
 * the inputs themselves read DD/MM/YYYY in both languages.
 */
const ADAPTER_LOCALES = { en: 'en-gb', ms: 'ms' } as const;

function DateLocalization({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation('common');
  const language = i18n.resolvedLanguage === 'ms' ? 'ms' : 'en';
  const localeText = useMemo<PickersInputLocaleText>(
    () => ({
      openDatePickerDialogue: (date) => (date === null ? t('datePicker.open') : t('datePicker.openSelected', { date })),
      datePickerToolbarTitle: t('datePicker.title'),
      previousMonth: t('datePicker.previousMonth'),
      nextMonth: t('datePicker.nextMonth'),
      calendarViewSwitchingButtonAriaLabel: (view) =>
        view === 'year' ? t('datePicker.toCalendarView') : t('datePicker.toYearView'),
      cancelButtonLabel: t('datePicker.cancel'),
      clearButtonLabel: t('datePicker.clear'),
      okButtonLabel: t('datePicker.ok'),
      todayButtonLabel: t('datePicker.today'),
    }),
    // `t` changes with the language.
    [t],
  );
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={ADAPTER_LOCALES[language]} localeText={localeText}>
      {children}
    </LocalizationProvider>
  );
}

/** The signed-in app's own providers: its theme, the date inputs' calendar and the query client. */
export function SignedInProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeRoot>
      <DateLocalization>
        <QueryProvider>{children}</QueryProvider>
      </DateLocalization>
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
