import type { AgeingCounts } from '@staff-portal/shared/ir-admin';
import { AGEING_BUCKETS } from '@staff-portal/shared/ir-rules';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { irAdminNs } from '../../../locales/ir-admin';

export interface WorkloadRow {
  key: string;
  name: string;
  open: number;
  ageing: AgeingCounts;
}

/**
 * Open cases per officer, and the same cases stacked by age. Loaded lazily (its own chunk). The
 * table beside it carries the same numbers, the way a screen reader reads them best; the charts
 * stay in the page's reading order under their captions (hiding them would hide the chart's own
 * keyboard focus, which the accessibility check refuses).
 */
export default function WorkloadCharts({ rows }: { rows: WorkloadRow[] }) {
  const { t } = useTranslation(irAdminNs);
  const names = rows.map((row) => row.name);
  const height = Math.max(200, 48 * rows.length + 60);
  return (
    <>
      <figure style={{ margin: 0 }}>
        <Typography component="figcaption" variant="subtitle1">
          {t('officers.workloadTitle')}
        </Typography>
        <BarChart
          layout="horizontal"
          height={height}
          yAxis={[{ scaleType: 'band', data: names, width: 140 }]}
          series={[{ data: rows.map((row) => row.open), label: t('officers.open') }]}
        />
      </figure>
      <figure style={{ margin: 0 }}>
        <Typography component="figcaption" variant="subtitle1">
          {t('officers.ageingTitle')}
        </Typography>
        <BarChart
          layout="horizontal"
          height={height}
          yAxis={[{ scaleType: 'band', data: names, width: 140 }]}
          series={AGEING_BUCKETS.map((bucket) => ({
            data: rows.map((row) => row.ageing[bucket]),
            label: t(`officers.buckets.${bucket}`),
            stack: 'age',
          }))}
        />
      </figure>
    </>
  );
}
