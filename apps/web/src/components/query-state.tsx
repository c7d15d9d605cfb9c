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
  if (query.isError) {
    if (isNoStaffRecord(query.error)) return <NoStaffRecord />;
    // A refusal (403, 404) will not change by asking again; anything else might.
    const final = isAppError(query.error) && (query.error.status === 403 || query.error.status === 404);
    return (
      <Alert
        severity={final ? 'info' : 'error'}
        action={
          final ? undefined : (
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          )
        }
      >
        {isAppError(query.error) ? errorText(query.error) : t('loadError')}
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
