import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { itAdminNs } from '../../../locales/it-admin';

/**
 * Under a keyset-paged list: how many rows are shown (said to screen readers as it grows) and a
 * button for the next page while there is one.
 */
export function LoadMore({
  shownText,
  hasMore,
  loading,
  onLoad,
}: {
  shownText: string;
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation(itAdminNs);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" role="status">
        {shownText}
      </Typography>
      {hasMore && (
        <Button variant="outlined" onClick={onLoad} disabled={loading}>
          {loading ? t('loadingMore') : t('loadMore')}
        </Button>
      )}
    </Stack>
  );
}
