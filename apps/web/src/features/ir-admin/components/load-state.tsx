import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { irAdminNs } from '../../../locales/ir-admin';

/** A query's loading spinner, or its failure with a retry. */
export function LoadState({ failed, retry }: { failed: boolean; retry: () => void }) {
  const { t } = useTranslation(irAdminNs);
  if (!failed) return <CircularProgress aria-label={t('loading')} />;
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={retry}>
          {t('retry')}
        </Button>
      }
    >
      {t('loadFailed')}
    </Alert>
  );
}
