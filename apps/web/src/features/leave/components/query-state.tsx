import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface QueryStateProps<T> {
  query: UseQueryResult<T>;
  /** Shown instead of the content when the data is empty. */
  isEmpty?: (data: T) => boolean;
  emptyText?: string;
  children: (data: T) => ReactNode;
}

/** A section's loading, error and empty states (PRODUCT.md §8: designed, not blank). */
export function QueryState<T>({ query, isEmpty, emptyText, children }: QueryStateProps<T>) {
  const { t } = useTranslation(['leave', 'common']);
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
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadError')}
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
