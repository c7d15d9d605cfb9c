import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { reportError } from '../../../lib/report-error';
import { QueryState } from '../../../components/query-state';
import { formatDayCount } from '../../../lib/dates';
import { useDownloadFile } from '../../../lib/download';
import { useUtilisation } from '../api/get-utilisation';
import { useYearParam, YearSelect } from './year-select';
import { leaveAdminNs } from '../../../locales/leave-admin';

/** Narrower cells on a phone, so the day columns fit beside the names. */
const COMPACT_ON_PHONE = { '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } } as const;
/** The staff count is the column a phone can do without (the downloads have it). */
const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** Utilisation by department and leave type for a year, with CSV and XLSX downloads. */
export function ReportsTab() {
  const { t, i18n } = useTranslation(leaveAdminNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { notify } = useNotification();
  const [year, setYear] = useYearParam();
  const report = useUtilisation(year);
  const download = useDownloadFile();
  const [downloading, setDownloading] = useState(false);
  const headings = {
    department: t('reports.columns.department'),
    type: t('reports.columns.type'),
    staff: t('reports.columns.staff'),
    taken: t('reports.columns.taken'),
    pending: t('reports.columns.pending'),
  };

  /** The server writes both files, and audits each download (docs/product/files-mail-logs.md §2). */
  const file = async (format: 'csv' | 'xlsx') => {
    setDownloading(true);
    try {
      await download(
        `/leave/admin/reports/utilisation.${format}?year=${year}&lang=${locale === 'ms' ? 'ms' : 'en'}`,
        `${t('reports.fileName')}-${year}.${format}`,
      );
      notify({ message: t('reports.downloaded'), severity: 'success' });
    } catch (error) {
      if (isAppError(error)) reportError(error, notify);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <YearSelect value={year} onChange={setYear} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={downloading || !report.data || report.data.rows.length === 0}
          onClick={() => void file('csv')}
        >
          {t('reports.csv')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={downloading || !report.data || report.data.rows.length === 0}
          onClick={() => void file('xlsx')}
        >
          {t('reports.xlsx')}
        </Button>
      </Stack>
      <Typography variant="h6" component="h3">
        {t('reports.title')}
      </Typography>
      <QueryState query={report} isEmpty={(data) => data.rows.length === 0} emptyText={t('reports.empty')}>
        {(data) => (
          // Focusable, so a keyboard can scroll it where it is wider than a phone.
          <TableContainer tabIndex={0} role="region" aria-label={t('reports.title')} sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-label={t('reports.title')} sx={COMPACT_ON_PHONE}>
              <TableHead>
                <TableRow>
                  <TableCell>{headings.department}</TableCell>
                  <TableCell>{headings.type}</TableCell>
                  <TableCell align="right" sx={HIDDEN_ON_PHONE}>
                    {headings.staff}
                  </TableCell>
                  <TableCell align="right">{headings.taken}</TableCell>
                  <TableCell align="right">{headings.pending}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={`${row.departmentCode}-${row.leaveTypeId}`}>
                    <TableCell>{row.departmentName}</TableCell>
                    <TableCell>{row.leaveTypeName}</TableCell>
                    <TableCell align="right" sx={HIDDEN_ON_PHONE}>
                      {row.staffCount}
                    </TableCell>
                    <TableCell align="right">{formatDayCount(row.daysTaken, locale)}</TableCell>
                    <TableCell align="right">{formatDayCount(row.daysPending, locale)}</TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={2} sx={{ fontWeight: 700 }}>
                    {t('reports.total')}
                  </TableCell>
                  <TableCell sx={HIDDEN_ON_PHONE} />
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatDayCount(
                      data.rows.reduce((s, r) => s + r.daysTaken, 0),
                      locale,
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {formatDayCount(
                      data.rows.reduce((s, r) => s + r.daysPending, 0),
                      locale,
                    )}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
    </Stack>
  );
}
