import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { PublicHoliday } from '@staff-portal/shared/leave';
import { MALAYSIAN_STATES, type MalaysianState } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/dates';
import { useDeleteHoliday } from '../api/delete-holiday';
import { useAdminHolidays } from '../api/get-admin-holidays';
import { useImportHolidays } from '../api/import-holidays';
import { useSaveHoliday } from '../api/save-holiday';
import { useThisYear, YearSelect } from './year-select';
import { errorText } from '../../../lib/error-text';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const STATES = Object.entries(MALAYSIAN_STATES) as [MalaysianState, string][];

function HolidayDialog({ holiday, year, onClose }: { holiday?: PublicHoliday; year: number; onClose: () => void }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const save = useSaveHoliday();
  const [date, setDate] = useState(holiday?.date ?? `${year}-01-01`);
  const [region, setRegion] = useState(holiday?.region ?? 'MY-14');
  const [name, setName] = useState(holiday?.name ?? '');
  const [error, setError] = useState<{ field?: string; message: string }>();
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);

  const submit = () =>
    save.mutate(
      {
        ...(holiday ? { original: { date: holiday.date, region: holiday.region } } : {}),
        input: { date, region, name },
      },
      {
        onSuccess: () => {
          notify({ message: t('saved'), severity: 'success' });
          onClose();
        },
        onError: (e) => {
          if (isAppError(e)) setError({ ...(e.field ? { field: e.field } : {}), message: errorText(e) });
        },
      },
    );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={holiday ? t('holidays.editTitle') : t('holidays.addTitle')}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('save')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <DateField
        size="small"
        label={t('holidays.date')}
        value={date}
        onChange={setDate}
        error={errorOf('date') !== undefined}
        helperText={errorOf('date')}
      />
      <SelectField
        size="small"
        label={t('holidays.region')}
        value={region}
        onChange={setRegion}
        options={[
          { value: 'MY', label: 'MY' },
          ...STATES.map(([code, stateName]) => ({ value: `MY-${code}`, label: `MY-${code} ${stateName}` })),
        ]}
        error={errorOf('region') !== undefined}
        helperText={errorOf('region')}
      />
      <TextField
        size="small"
        label={t('holidays.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errorOf('name') !== undefined}
        helperText={errorOf('name')}
      />
    </FormDialog>
  );
}

/** The organisation's public holidays of a year: import a state's, add, edit and delete one. */
export function HolidaysTab() {
  const { t, i18n } = useTranslation(leaveAdminNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const { notify } = useNotification();
  const [year, setYear] = useState(useThisYear());
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
      <QueryState query={holidays} isEmpty={(data) => data.length === 0} emptyText={t('holidays.empty')}>
        {(data) => (
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
                {data.map((holiday) => (
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
