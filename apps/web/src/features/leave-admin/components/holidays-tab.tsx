import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PublicHoliday } from '@staff-portal/shared/leave';
import { holidayInputSchema, MALAYSIAN_STATES, type MalaysianState } from '@staff-portal/shared/leave-admin';
import type { HolidayInput } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { useDeleteHoliday } from '../api/delete-holiday';
import { useAdminHolidays } from '../api/get-admin-holidays';
import { useImportHolidays } from '../api/import-holidays';
import { useSaveHoliday } from '../api/save-holiday';
import { useYearParam, YearSelect } from './year-select';
import { useListParams } from '../../../lib/use-list-params';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField, SelectField } from '../../../components/select-field';
import { showErrorAtField } from '../../../lib/field-error';
import { plainResolver } from '../../../lib/plain-resolver';
import { leaveAdminNs } from '../../../locales/leave-admin';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const STATES = Object.entries(MALAYSIAN_STATES) as [MalaysianState, string][];
/** The regions a holiday is kept for: the whole country, or a state (MY-01 … MY-16). */
const REGIONS: [string, string][] = [
  ['MY', 'MY'],
  ...STATES.map(([code, name]): [string, string] => [`MY-${code}`, `${name} (MY-${code})`]),
];

const holidayResolver = plainResolver(holidayInputSchema);

function HolidayDialog({ holiday, year, onClose }: { holiday?: PublicHoliday; year: number; onClose: () => void }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const save = useSaveHoliday();
  const { control, handleSubmit, setError } = useForm<HolidayInput>({
    defaultValues: {
      date: holiday?.date ?? `${year}-01-01`,
      region: holiday?.region ?? 'MY-14',
      name: holiday?.name ?? '',
    },
    resolver: holidayResolver,
  });

  const submit = handleSubmit((input) =>
    save.mutate(
      { ...(holiday ? { original: { date: holiday.date, region: holiday.region } } : {}), input },
      {
        onSuccess: () => {
          notify({ message: t('saved'), severity: 'success' });
          onClose();
        },
        onError: (error) => showErrorAtField(error, setError, ['date', 'region', 'name']),
      },
    ),
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={holiday ? t('holidays.editTitle') : t('holidays.addTitle')}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('save')}
      onSubmit={(event) => void submit(event)}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <FormDateField control={control} name="date" size="small" label={t('holidays.date')} />
      <FormSelectField
        control={control}
        name="region"
        size="small"
        label={t('holidays.region')}
        options={[
          { value: 'MY', label: 'MY' },
          ...STATES.map(([code, stateName]) => ({ value: `MY-${code}`, label: `MY-${code} ${stateName}` })),
        ]}
      />
      <FormTextField control={control} name="name" size="small" label={t('holidays.name')} />
    </FormDialog>
  );
}

/** The organisation's public holidays of a year: import a state's, add, edit and delete one. */
export function HolidaysTab() {
  const { t, i18n } = useTranslation(leaveAdminNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { notify } = useNotification();
  const [year, setYear] = useYearParam();
  const { params, change } = useListParams();
  // '' every region; MY the nationwide ones; a state its own and the nationwide ones, as they
  // apply to its staff (docs/product/screens.md: LeaveAdminPage).
  const requestedRegion = params.get('region') ?? '';
  const region = REGIONS.some(([code]) => code === requestedRegion) ? requestedRegion : '';
  const regionName = REGIONS.find(([code]) => code === region)?.[1] ?? region;
  const kept = (holiday: PublicHoliday) =>
    region === '' || holiday.region === region || (region !== 'MY' && holiday.region === 'MY');
  const [state, setState] = useState<MalaysianState>('14');
  const holidays = useAdminHolidays(year);
  const importHolidays = useImportHolidays();
  const remove = useDeleteHoliday();
  const [editing, setEditing] = useState<PublicHoliday | 'new'>();
  const [deleting, setDeleting] = useState<PublicHoliday>();

  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        aria-label={t('holidays.importTitle')}
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
        onSubmit={(event) => {
          event.preventDefault();
          importHolidays.mutate(
            { year, state },
            {
              onSuccess: (result) =>
                notify({
                  message: t('holidays.imported', { count: result.imported, region: result.region, year }),
                  severity: 'success',
                }),
            },
          );
        }}
      >
        <YearSelect value={year} onChange={setYear} />
        <SelectField<MalaysianState>
          size="small"
          label={t('holidays.state')}
          value={state}
          onChange={setState}
          options={STATES.map(([code, name]) => ({ value: code, label: name }))}
          sx={{ minWidth: 220 }}
        />
        <Button type="submit" variant="contained" disabled={importHolidays.isPending}>
          {importHolidays.isPending ? t('holidays.importing') : t('holidays.import')}
        </Button>
        <Button variant="outlined" onClick={() => setEditing('new')}>
          {t('holidays.addTitle')}
        </Button>
      </Stack>
      <SelectField
        size="small"
        label={t('holidays.shownFor')}
        value={region}
        onChange={(value) => change({ region: value })}
        options={[
          { value: '', label: t('holidays.everywhere') },
          { value: 'MY', label: t('holidays.nationwide') },
          ...REGIONS.filter(([code]) => code !== 'MY').map(([code, name]) => ({ value: code, label: name })),
        ]}
        helperText={t('holidays.shownForHint')}
        sx={{ maxWidth: 360 }}
      />
      <QueryState
        query={holidays}
        isEmpty={(data) => !data.some(kept)}
        emptyText={region === '' ? t('holidays.empty') : t('holidays.emptyIn', { region: regionName })}
      >
        {(all) => (
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label={t('tabs.holidays')}
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('holidays.columns.date')}</TableCell>
                  <TableCell sx={HIDDEN_ON_PHONE}>{t('holidays.columns.region')}</TableCell>
                  <TableCell>{t('holidays.columns.name')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {all.filter(kept).map((holiday) => (
                  <TableRow key={`${holiday.date}-${holiday.region}`}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(holiday.date, locale)}
                      {/* On a phone the region goes under the date, to leave room for the buttons. */}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {holiday.region}
                      </Typography>
                    </TableCell>
                    <TableCell sx={HIDDEN_ON_PHONE}>{holiday.region}</TableCell>
                    <TableCell>{holiday.name}</TableCell>
                    <TableCell
                      sx={{
                        whiteSpace: 'nowrap',
                        // Stacked on a phone: side by side they push the table past the screen's edge.
                        '& > .MuiButton-root': { display: { xs: 'flex', sm: 'inline-flex' }, minWidth: 0 },
                      }}
                    >
                      <Button
                        size="small"
                        onClick={() => setEditing(holiday)}
                        aria-label={`${t('edit')} ${holiday.name}`}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        onClick={() => setDeleting(holiday)}
                        aria-label={`${t('delete')} ${holiday.name}`}
                      >
                        {t('delete')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </QueryState>
      {editing !== undefined && (
        <HolidayDialog
          {...(editing === 'new' ? {} : { holiday: editing })}
          year={year}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={deleting !== undefined}
        title={
          deleting ? t('holidays.deleteTitle', { name: deleting.name, date: formatDate(deleting.date, locale) }) : ''
        }
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        confirmColour="error"
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              notify({ message: t('holidays.deleted'), severity: 'success' });
              setDeleting(undefined);
            },
          })
        }
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
