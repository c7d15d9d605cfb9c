import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SearchCount } from '@staff-portal/shared/ir';
import { useTranslation } from 'react-i18next';
import { irNs } from '../../../locales/ir';

/** Counts as the user reads them: "1,000" in English, "1,000" or "1.000" as the language writes it. */
const countFormats = new Map<string, Intl.NumberFormat>();
function formatCount(value: number, language: string) {
  const tag = language === 'ms' ? 'ms-MY' : 'en-MY';
  let format = countFormats.get(tag);
  if (format === undefined) {
    format = new Intl.NumberFormat(tag);
    countFormats.set(tag, format);
  }
  return format.format(value);
}

/**
 * Which rows of how many a page shows ("1–25 of 123", or "of more than 1,000" past the count's
 * cap: docs/product/screens.md §10, §11), then previous and next. The rows come with the page;
 * the count is asked for apart, once per search (counting a million members costs more than
 * the search), and shows when it arrives.
 */
export function SearchPager({
  page,
  pageSize,
  shown,
  hasMore,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  /** Rows on this page. */
  shown: number;
  hasMore: boolean;
  total: SearchCount | undefined;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation(irNs);
  const from = (page - 1) * pageSize + 1;
  const language = i18n.resolvedLanguage ?? 'en';
  const range =
    total === undefined || shown === 0
      ? null
      : t(total.more ? 'paging.rangeMore' : 'paging.range', {
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
          aria-label={t('paging.label')}
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'flex-end' }}
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
      )}
    </Stack>
  );
}
