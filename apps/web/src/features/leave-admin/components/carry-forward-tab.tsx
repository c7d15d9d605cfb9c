import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CarryForwardPreview, CarryForwardRun } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotification } from '../../../components/notification-context';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { QueryState } from '../../../components/query-state';
import { formatDate, formatDayCount, formatTimestamp } from '../../../lib/dates';
import { useApplyCarryForward } from '../api/apply-carry-forward';
import { useCarryForwardRuns } from '../api/get-carry-forward-runs';
import { usePreviewCarryForward } from '../api/preview-carry-forward';
import { useReverseCarryForward } from '../api/reverse-carry-forward';
import { useThisYear, YearSelect } from './year-select';
import { leaveAdminNs } from '../../../locales/leave-admin';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const sum = (values: number[]) => Math.round(values.reduce((total, value) => total + value, 0) * 10) / 10;

/** Year-end carry-forward: preview, apply, and reverse a run (docs/product/leave.md). */
export function CarryForwardTab() {
  const { t, i18n } = useTranslation(leaveAdminNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const dayCount = (days: number) => t('dayCount', { count: days, value: formatDayCount(days, locale) });
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const [fromYear, setFromYear] = useState(useThisYear() - 1);
  const [preview, setPreview] = useState<CarryForwardPreview>();
  const [confirming, setConfirming] = useState<'apply' | CarryForwardRun>();
  const previewing = usePreviewCarryForward();
  const apply = useApplyCarryForward();
  const reverse = useReverseCarryForward();
  const runs = useCarryForwardRuns();
  const carried = preview?.rows.filter((row) => row.carried > 0) ?? [];

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t('carryForward.intro')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <YearSelect
          label={t('carryForward.fromYear')}
          value={fromYear}
          onChange={(year) => {
            setFromYear(year);
            setPreview(undefined);
          }}
        />
        <Button
          variant="outlined"
          disabled={previewing.isPending}
          onClick={() => previewing.mutate(fromYear, { onSuccess: setPreview })}
        >
          {previewing.isPending ? t('carryForward.previewing') : t('carryForward.preview')}
        </Button>
        <Button
          variant="contained"
          disabled={carried.length === 0 || apply.isPending}
          onClick={() => setConfirming('apply')}
        >
          {t('carryForward.apply', { year: fromYear + 1 })}
        </Button>
      </Stack>

      {preview !== undefined &&
        (carried.length === 0 ? (
          <Alert severity="info">{t('carryForward.noRules')}</Alert>
        ) : (
          <>
            <Typography sx={{ fontWeight: 600 }}>
              {t('carryForward.totals', {
                rows: t('balanceCount', { count: carried.length }),
                days: dayCount(sum(carried.map((row) => row.carried))),
              })}
            </Typography>
            {/* Scrolls (sideways on a phone, down past 480 pixels): focusable, so a keyboard can. */}
            <TableContainer
              tabIndex={0}
              role="region"
              aria-label={t('carryForward.preview')}
              sx={{ overflowX: 'auto', maxHeight: 480 }}
            >
              <Table
                size="small"
                stickyHeader
                aria-label={t('carryForward.preview')}
                sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
              >
                <TableHead>
                  <TableRow>
                    <TableCell>{t('carryForward.columns.staff')}</TableCell>
                    <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                      {t('carryForward.columns.department')}
                    </TableCell>
                    <TableCell sx={HIDDEN_ON_PHONE}>{t('carryForward.columns.type')}</TableCell>
                    <TableCell align="right">{t('carryForward.columns.available')}</TableCell>
                    <TableCell align="right">{t('carryForward.columns.carried')}</TableCell>
                    <TableCell sx={HIDDEN_ON_PHONE}>{t('carryForward.columns.expires')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {carried.map((row) => (
                    <TableRow key={`${row.staffId}-${row.leaveTypeId}`}>
                      <TableCell>
                        {row.staffName}
                        {/* On a phone the type and expiry go under the name: four columns do not fit. */}
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ display: { xs: 'block', sm: 'none' } }}
                        >
                          {row.expiresOn === null
                            ? row.leaveTypeName
                            : `${row.leaveTypeName} · ${t('balances.expires', { date: formatDate(row.expiresOn, locale) })}`}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{row.departmentCode}</TableCell>
                      <TableCell sx={HIDDEN_ON_PHONE}>{row.leaveTypeName}</TableCell>
                      <TableCell align="right">{formatDayCount(row.available, locale)}</TableCell>
                      <TableCell align="right" sx={{ fontWeight: 700 }}>
                        {formatDayCount(row.carried, locale)}
                      </TableCell>
                      <TableCell sx={HIDDEN_ON_PHONE}>
                        {row.expiresOn === null ? t('carryForward.never') : formatDate(row.expiresOn, locale)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          </>
        ))}

      <div>
        <Typography variant="h6" component="h3">
          {t('carryForward.runs')}
        </Typography>
        <QueryState query={runs} isEmpty={(data) => data.length === 0} emptyText={t('carryForward.noRuns')}>
          {(data) => (
            <List dense>
              {data.map((run) => (
                <ListItem
                  key={run.id}
                  disableGutters
                  secondaryAction={
                    run.reversedAt === null ? (
                      <Button size="small" color="error" onClick={() => setConfirming(run)}>
                        {t('carryForward.reverse')}
                      </Button>
                    ) : undefined
                  }
                >
                  <ListItemText
                    primary={t('carryForward.run', {
                      fromYear: run.fromYear,
                      toYear: run.fromYear + 1,
                      rows: t('balanceCount', { count: run.rows }),
                      days: dayCount(run.days),
                      at: formatTimestamp(run.appliedAt, organisation.timeZone),
                    })}
                    secondary={
                      run.reversedAt === null
                        ? undefined
                        : t('carryForward.reversedOn', { at: formatTimestamp(run.reversedAt, organisation.timeZone) })
                    }
                    sx={{ pr: 12 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </QueryState>
      </div>

      <ConfirmDialog
        open={confirming !== undefined}
        title={
          confirming === 'apply'
            ? t('carryForward.applyConfirm', { year: fromYear + 1 })
            : confirming
              ? t('carryForward.reverseConfirm', { year: confirming.fromYear })
              : ''
        }
        confirmLabel={
          confirming === 'apply' ? t('carryForward.apply', { year: fromYear + 1 }) : t('carryForward.reverse')
        }
        cancelLabel={t('cancel')}
        confirmColour={confirming === 'apply' ? 'primary' : 'error'}
        busy={apply.isPending || reverse.isPending}
        onConfirm={() => {
          if (confirming === 'apply') {
            apply.mutate(fromYear, {
              onSuccess: (run) => {
                notify({
                  message: t('carryForward.applied', {
                    rows: t('balanceCount', { count: run.rows }),
                    days: dayCount(run.days),
                  }),
                  severity: 'success',
                });
                setConfirming(undefined);
                setPreview(undefined);
              },
            });
          } else if (confirming) {
            reverse.mutate(confirming.id, {
              onSuccess: () => {
                notify({ message: t('carryForward.reversed'), severity: 'success' });
                setConfirming(undefined);
              },
            });
          }
        }}
        onClose={() => setConfirming(undefined)}
      />
    </Stack>
  );
}
