import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';
import { formatCount } from './format-count';

/**
 * The paging under a list whose total is known (docs/product/qualities.md §2): which rows of how
 * many ("1–25 of 123"), the page size and the pages. `page` counts from 1, as the URL does; a page
 * past the end (a link kept while rows went) shows the last one.
 */
export function ListPagination({
  total,
  page,
  pageSize,
  pageSizes,
  onPage,
  onPageSize,
}: {
  total: number;
  page: number;
  pageSize: number;
  /** The page sizes offered; without them, none is (the size is fixed). */
  pageSizes?: readonly number[];
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
}) {
  const { t, i18n } = useTranslation('common');
  const count = (value: number) => formatCount(value, i18n.resolvedLanguage);
  const lastPage = Math.max(Math.ceil(total / pageSize) - 1, 0);
  return (
    <TablePagination
      component="div"
      count={total}
      page={Math.min(Math.max(page - 1, 0), lastPage)}
      rowsPerPage={pageSize}
      rowsPerPageOptions={pageSizes === undefined || onPageSize === undefined ? [] : [...pageSizes]}
      onPageChange={(_, next) => onPage(next + 1)}
      onRowsPerPageChange={(event) => onPageSize?.(Number(event.target.value))}
      labelRowsPerPage={t('list.rowsPerPage')}
      labelDisplayedRows={({ from, to, count: all }) =>
        t('list.range', { from: count(from), to: count(to), count: count(all) })
      }
      getItemAriaLabel={(type) => t(`list.pagination.${type}`)}
      // On a phone the controls wrap under each other instead of running off the edge.
      sx={{
        '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 0, sm: 2 } },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
      }}
    />
  );
}
