import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isNoStaffRecord, NoStaffRecord } from './no-staff-record';
import { errorText } from '../lib/error-text';
import { leaveNs } from '../locales/leave';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown instead of the content when the data is empty. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** A section's loading, error and empty states (docs/product/qualities.md: designed, not blank). */
export function QueryState<T>({ query, isEmpty, emptyText, children }: QueryStateProps<T>) {
  const { t } = useTranslation([leaveNs, 'common']);
  if (query.data !== undefined) {
    if (isEmpty?.(query.data) === true) {
      return (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {emptyText}
        </Typography>
      );
    }
    return <>{children(query.data)}</>;
  }
  // The request failed, for good or so far: the error in place of the content, and never the
  // rows of an earlier filter (lib/list-query.ts). While it is tried again, that is said; once it
  // has failed for good, Try again.
  const error = query.isError ? query.error : query.failureCount > 0 ? query.failureReason : null;
  if (error !== null) {
    if (isNoStaffRecord(error)) return <NoStaffRecord />;
    // A refusal (403, 404) will not change by asking again; anything else might.
    const final = isAppError(error) && (error.status === 403 || error.status === 404);
    const retrying = query.isFetching;
    return (
      <Alert
        severity={final ? 'info' : 'error'}
        action={
          final ? undefined : retrying ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', pr: 1 }}>
              <CircularProgress size={16} color="inherit" aria-hidden />
              <Typography variant="body2">{t('common:retrying')}</Typography>
            </Stack>
          ) : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      >
        {isAppError(error) ? errorText(error) : t('loadError')}
      </Alert>
    );
  }
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
      <CircularProgress size={20} aria-label={t('common:loading')} />
      <Typography color="text.secondary">{t('common:loading')}</Typography>
    </Stack>
  );
}
