import type { Workload } from '@staff-portal/shared/ir-admin';
import { AGEING_BUCKETS } from '@staff-portal/shared/ir-rules';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { irAdminNs } from '../../../locales/ir-admin';
import { useWorkload } from '../api/ir-admin-api';
import { QueryState } from '../../../components/query-state';

// The charts library is large: it comes in its own chunk, only when this tab is shown.
const WorkloadCharts = lazy(() => import('./workload-charts'));

/** Workload and ageing of open cases: charts, and the same numbers in a table beside them. */
export function OfficersTab() {
  const workload = useWorkload();
  return <QueryState query={workload}>{(data) => <WorkloadTables workload={data} />}</QueryState>;
}

function WorkloadTables({ workload }: { workload: Workload }) {
  const { t } = useTranslation(irAdminNs);
  const { officers, unassigned, asOf } = workload;
  const rows = [
    ...officers.map((officer) => ({ key: officer.id, name: officer.name, open: officer.open, ageing: officer.ageing })),
    ...(unassigned.open > 0 ? [{ key: 'unassigned', name: t('officers.unassigned'), ...unassigned }] : []),
  ];
  const total = rows.reduce((sum, row) => sum + row.open, 0);
  if (rows.length === 0) return <Typography>{t('officers.none')}</Typography>;
  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Suspense fallback={<CircularProgress aria-label={t('officers.chartLoading')} />}>
          <WorkloadCharts rows={rows} />
        </Suspense>
      </Box>
      <Table size="small" aria-label={t('officers.table')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('officers.officer')}</TableCell>
            <TableCell align="right">{t('officers.open')}</TableCell>
            {AGEING_BUCKETS.map((bucket) => (
              <TableCell key={bucket} align="right">
                {t(`officers.buckets.${bucket}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.key}>
              <TableCell component="th" scope="row">
                {row.name}
              </TableCell>
              <TableCell align="right">{row.open}</TableCell>
              {AGEING_BUCKETS.map((bucket) => (
                <TableCell key={bucket} align="right">
                  {row.ageing[bucket]}
                </TableCell>
              ))}
            </TableRow>
          ))}
          <TableRow>
            <TableCell component="th" scope="row">
              <strong>{t('officers.total')}</strong>
            </TableCell>
            <TableCell align="right">
              <strong>{total}</strong>
            </TableCell>
            {AGEING_BUCKETS.map((bucket) => (
              <TableCell key={bucket} align="right">
                <strong>{rows.reduce((sum, row) => sum + row.ageing[bucket], 0)}</strong>
              </TableCell>
            ))}
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" color="text.secondary">
        {t('officers.asOf', { date: asOf })}
      </Typography>
    </Stack>
  );
}
