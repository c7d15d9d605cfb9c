import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Centred spinner for anything still loading: a lazy page, the runtime config, the user. */
export function LoadingFallback({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flexGrow: 1, minHeight: '50vh', display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label={label ?? t('loading')} />
    </Box>
  );
}
