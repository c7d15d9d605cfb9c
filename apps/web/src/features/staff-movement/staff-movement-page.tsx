import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { isNoStaffRecord, NoStaffRecord } from '../../components/no-staff-record';
import { useNotification } from '../../components/notification-context';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useDeleteMovement } from './api/delete-movement';
import { useMovementCalendar } from './api/get-movement-calendar';
import { IcalFeedPanel } from './components/ical-feed-panel';
import { MovementDayList } from './components/movement-day-list';
import { MovementGrid } from './components/movement-grid';
import { RecordMovementDialog } from './components/record-movement-dialog';
import { rangeOf } from './format';
import { addDays } from '@staff-portal/shared/iso-dates';
import { formatDate, todayIn } from '../../lib/dates';
import type { CalendarView } from './format';
import { staffMovementNs } from '../../locales/staff-movement';
import { SelectField } from '../../components/select-field';

/** `/shared/hr-services/leave/staff-movement` (StaffMovementPage). */
export function StaffMovementPage() {
  const { t, i18n } = useTranslation([staffMovementNs, 'common']);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const today = todayIn(organisation.timeZone);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [view, setView] = useState<CalendarView>('week');
  const [anchor, setAnchor] = useState(today);
  const [department, setDepartment] = useState<string | undefined>(undefined);
  const [recording, setRecording] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const range = rangeOf(view, anchor);
  const calendar = useMovementCalendar({ ...range, department });
  const remove = useDeleteMovement();
  const step = view === 'day' ? 1 : 7;
  const rangeTextOf = ({ from, to }: { from: string; to: string }) =>
    from === to ? formatDate(from, locale) : t('range', { from: formatDate(from, locale), to: formatDate(to, locale) });
  const rangeText = rangeTextOf(range);
  const data = calendar.data;
  // The grid names the days it shows: while the next range loads, the previous one stays (faded).
  const label = t('gridLabel', { range: rangeTextOf(data ?? range) });
  const shownDepartment = data?.departmentCode ?? department ?? '';
  // Without a staff leave record there is no department to show and no movement to record.
  const noStaffRecord = isNoStaffRecord(calendar.error);

  const confirmDelete = () => {
    if (deleting === null) return;
    remove.mutate(deleting, {
      onSuccess: () => notify({ message: t('deleted'), severity: 'success' }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1400, width: '100%', minWidth: 0 }}>
      <title>{`${t('title')} · ${t('common:appName')}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('intro')}
      </Typography>

      {/* The controls wrap rather than squeeze: with the department picker of an admin they do
          not fit on one line beside the sidebar. */}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { md: 'center' }, justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={view}
            aria-label={t('view.label')}
            onChange={(_event, next: CalendarView | null) => {
              if (next !== null) setView(next);
            }}
          >
            <ToggleButton value="day">{t('view.day')}</ToggleButton>
            <ToggleButton value="week">{t('view.week')}</ToggleButton>
          </ToggleButtonGroup>
          <IconButton aria-label={t(`previous.${view}`)} onClick={() => setAnchor(addDays(anchor, -step))}>
            <ChevronLeftIcon />
          </IconButton>
          <Button variant="outlined" size="small" onClick={() => setAnchor(today)}>
            {t('today')}
          </Button>
          <IconButton aria-label={t(`next.${view}`)} onClick={() => setAnchor(addDays(anchor, step))}>
            <ChevronRightIcon />
          </IconButton>
          <Typography component="p" aria-live="polite" sx={{ fontWeight: 600, ml: 1, whiteSpace: 'nowrap' }}>
            {rangeText}
          </Typography>
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          {data !== undefined && data.departments.length > 1 && (
            <SelectField
              size="small"
              label={t('department')}
              value={shownDepartment}
              onChange={setDepartment}
              options={data.departments.map((d) => ({
                value: d.code,
                label: d.name === d.code ? d.code : `${d.name} (${d.code})`,
              }))}
              sx={{ minWidth: 200 }}
            />
          )}
          {!noStaffRecord && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              onClick={() => setRecording(true)}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {t('record.open')}
            </Button>
          )}
        </Stack>
      </Stack>

      {data !== undefined ? (
        <Box
          aria-busy={calendar.isPlaceholderData}
          sx={{ opacity: calendar.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
        >
          {phone ? (
            <MovementDayList calendar={data} today={today} label={label} onDeleteMovement={setDeleting} />
          ) : (
            <MovementGrid calendar={data} today={today} label={label} onDeleteMovement={setDeleting} />
          )}
        </Box>
      ) : noStaffRecord ? (
        <NoStaffRecord />
      ) : calendar.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void calendar.refetch()}>
              {t('retry')}
            </Button>
          }
        >
          {t('loadError')}
        </Alert>
      ) : (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={20} aria-label={t('common:loading')} />
          <Typography color="text.secondary">{t('common:loading')}</Typography>
        </Stack>
      )}

      {data !== undefined && <IcalFeedPanel departmentCode={data.departmentCode} />}

      <RecordMovementDialog open={recording} date={anchor} onClose={() => setRecording(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('confirmDelete.title')}
        confirmLabel={t('confirmDelete.confirm')}
        cancelLabel={t('confirmDelete.back')}
        confirmColour="error"
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
