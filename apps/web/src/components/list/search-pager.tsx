import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format-count';

/** A search's count: exact up to a cap, then `more` (the API stops counting there). */
export interface CappedCount {
  count: number;
  more: boolean;
}

/**
 * The paging under a search whose total may be capped (docs/product/qualities.md §2): which rows
 * of how many a page shows ("1–25 of 123", or "of more than 1,000" past the count's cap:
 * docs/product/screens.md §10, §11), then previous and next. The rows come with the page; the
 * count is asked for apart, once per search (counting a million rows costs more than the search),
 * and shows when it arrives. A list whose total is always known uses ListPagination instead.
 */
export function SearchPager({
  page,
  pageSize,
  shown,
  hasMore,
  total,
  onPage,
}: {
  /** The page shown, counting from 1. */
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  hasMore: boolean;
  total: CappedCount | undefined;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const from = (page - 1) * pageSize + 1;
  const language = i18n.resolvedLanguage ?? 'en';
  const range =
    total === undefined || shown === 0
      ? null
      : t(total.more ? 'list.rangeMore' : 'list.range', {
          from: formatCount(from, language),
          to: formatCount(from + shown - 1, language),
          count: formatCount(total.count, language),
        });
  const paged = page > 1 || hasMore;
  if (range === null && !paged) return null;
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1}
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mt: 2 }}
    >
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {range}
      </Typography>
      {paged && (
        <Stack
          component="nav"
          aria-label={t('list.pagingLabel')}
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
        >
          <Button startIcon={<NavigateBeforeIcon />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t('list.previous')}
          </Button>
          <Typography variant="body2" aria-live="polite">
            {t('list.page', { page })}
          </Typography>
          <Button endIcon={<NavigateNextIcon />} disabled={!hasMore} onClick={() => onPage(page + 1)}>
            {t('list.next')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
