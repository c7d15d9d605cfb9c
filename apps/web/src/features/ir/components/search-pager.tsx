import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { irNs } from '../../../locales/ir';

/**
 * Previous and next for a search that has no total (the API says only whether a next page
 * exists: counting a million members on every keystroke costs more than the search).
 */
export function SearchPager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(irNs);
  if (page === 1 && !hasMore) return null;
  return (
    <Stack
      component="nav"
      aria-label={t('paging.label')}
      direction="row"
      spacing={2}
      sx={{ alignItems: 'center', justifyContent: 'flex-end', mt: 2 }}
    >
      <Button startIcon={<NavigateBeforeIcon />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('paging.previous')}
      </Button>
      <Typography variant="body2" aria-live="polite">
        {t('paging.page', { page })}
      </Typography>
      <Button endIcon={<NavigateNextIcon />} disabled={!hasMore} onClick={() => onPage(page + 1)}>
        {t('paging.next')}
      </Button>
    </Stack>
  );
}
