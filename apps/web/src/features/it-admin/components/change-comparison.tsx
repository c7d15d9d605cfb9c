import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { changeRows } from '../change-rows';
import { itAdminNs } from '../../../locales/it-admin';

const VALUE_CELL = {
  fontFamily: 'monospace',
  fontSize: '0.8125rem',
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
  verticalAlign: 'top',
} as const;

/**
 * An audited change's before and after side by side, one row per field. A changed field is
 * marked in words as well as in colour, so it is told apart without seeing the colour.
 */
export function ChangeComparison({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation(itAdminNs);
  const rows = changeRows(before, after);
  if (rows.length === 0) {
    return <Typography color="text.secondary">{t('activity.detail.noChange')}</Typography>;
  }
  const changed = rows.filter((row) => row.changed).length;
  const shown = (value: string | undefined) =>
    value === undefined ? (
      <Box component="span" sx={{ color: 'text.secondary', fontStyle: 'italic', fontFamily: 'inherit' }}>
        {t('activity.detail.absent')}
      </Box>
    ) : (
      value
    );
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('activity.detail.changedCount', { count: changed })}
      </Typography>
      <TableContainer tabIndex={0} role="region" aria-label={t('activity.detail.change')} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={t('activity.detail.change')} sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '28%' }}>{t('activity.detail.field')}</TableCell>
              <TableCell>{t('activity.detail.before')}</TableCell>
              <TableCell>{t('activity.detail.after')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={row.key}
                data-changed={row.changed ? 'true' : 'false'}
                sx={row.changed ? { backgroundColor: (theme) => alpha(theme.palette.warning.main, 0.14) } : undefined}
              >
                <TableCell component="th" scope="row" sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>
                  <Box component="span" sx={{ fontWeight: row.changed ? 700 : 400 }}>
                    {row.key === '' ? t('activity.detail.value') : row.key}
                  </Box>
                  {row.changed && (
                    <Chip
                      label={t('activity.detail.changed')}
                      size="small"
                      variant="outlined"
                      // Dark text on the tinted row: the warning colour as text reads at 2.7:1 only.
                      sx={{ ml: 1, height: 20, color: 'text.primary', borderColor: 'warning.dark' }}
                    />
                  )}
                </TableCell>
                <TableCell sx={VALUE_CELL}>{shown(row.before)}</TableCell>
                <TableCell sx={VALUE_CELL}>{shown(row.after)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}
