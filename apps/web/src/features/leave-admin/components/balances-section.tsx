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
import { adjustmentInputSchema, entitlementInputSchema } from '@staff-portal/shared/leave-admin';
import type { AdminBalance } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useBalanceNotes } from '../../../lib/balance-notes';
import { formatDate, formatDayCount } from '../../../lib/dates';
import { useAddAdjustment } from '../api/add-adjustment';
import { useStaffBalances } from '../api/get-staff-balances';
import { useSetEntitlement } from '../api/set-entitlement';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/select-field';
import { showErrorAtField } from '../../../lib/field-error';
import { numberText } from '../../../lib/number-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { leaveAdminNs } from '../../../locales/leave-admin';

/** The columns of a balance's parts, shown from a tablet up (under the type on a phone). */
const PART = { display: { xs: 'none', sm: 'table-cell' } } as const;

const entitlementShape = entitlementInputSchema.shape;
/** The override ('' is the rule's days) and the days carried into the year, as typed. */
const entitlementFormSchema = z.object({
  entitled: numberText(entitlementShape.entitled, { empty: null }),
  carried: numberText(entitlementShape.carried.unwrap()),
});
interface EntitlementValues {
  entitled: string;
  carried: string;
}
const entitlementResolver = plainResolver(entitlementFormSchema);

function EntitlementDialog({
  staffId,
  year,
  balance,
  onClose,
}: {
  staffId: string;
  year: number;
  balance: AdminBalance;
  onClose: () => void;
}) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const save = useSetEntitlement(staffId);
  const { control, handleSubmit, setError } = useForm<
    EntitlementValues,
    unknown,
    z.output<typeof entitlementFormSchema>
  >({
    defaultValues: {
      entitled: balance.entitledOverride === null ? '' : String(balance.entitledOverride),
      // The days carried into the year, as recorded: after their expiry `carried` is only what
      // of them still counts, and saving that would shrink the record.
      carried: String(balance.carriedForward),
    },
    resolver: entitlementResolver,
  });

  const submit = handleSubmit((input) =>
    save.mutate(
      { year, leaveTypeId: balance.leaveTypeId, ...input },
      {
        onSuccess: () => {
          notify({ message: t('saved'), severity: 'success' });
          onClose();
        },
        onError: (error) => showErrorAtField(error, setError, ['entitled', 'carried']),
      },
    ),
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('balances.editTitle', { type: balance.leaveTypeName, year })}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('saving')}
      onSubmit={(event) => void submit(event)}
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      <FormTextField
        control={control}
        name="entitled"
        label={t('balances.entitled')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        helperText={t('balances.entitledHint')}
      />
      <FormTextField
        control={control}
        name="carried"
        label={t('balances.carried')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
    </FormDialog>
  );
}

const adjustmentShape = adjustmentInputSchema.shape;
/** An adjustment as typed: its type, ± days and reason; the year is the page's. */
const adjustmentFormSchema = z.object({
  leaveTypeId: adjustmentShape.leaveTypeId,
  days: numberText(adjustmentShape.days),
  reason: adjustmentShape.reason,
});
interface AdjustmentValues {
  leaveTypeId: string;
  days: string;
  reason: string;
}
const adjustmentResolver = plainResolver(adjustmentFormSchema);

function AdjustmentForm({ staffId, year, balances }: { staffId: string; year: number; balances: AdminBalance[] }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const add = useAddAdjustment(staffId);
  const { control, handleSubmit, setError, resetField } = useForm<
    AdjustmentValues,
    unknown,
    z.output<typeof adjustmentFormSchema>
  >({
    defaultValues: { leaveTypeId: balances[0]?.leaveTypeId ?? '', days: '', reason: '' },
    resolver: adjustmentResolver,
  });

  const submit = handleSubmit((input) =>
    add.mutate(
      { year, ...input },
      {
        onSuccess: () => {
          notify({ message: t('balances.added'), severity: 'success' });
          resetField('days');
          resetField('reason');
        },
        onError: (error) => showErrorAtField(error, setError, ['leaveTypeId', 'days', 'reason']),
      },
    ),
  );

  return (
    <Stack
      component="form"
      aria-label={t('balances.adjustTitle')}
      spacing={2}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <Typography variant="h6" component="h3">
        {t('balances.adjustTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          name="leaveTypeId"
          size="small"
          label={t('balances.adjustType')}
          options={balances.map((b) => ({ value: b.leaveTypeId, label: b.leaveTypeName }))}
          sx={{ minWidth: 200 }}
        />
        <FormTextField
          control={control}
          name="days"
          size="small"
          label={t('balances.adjustDays')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <FormTextField
          control={control}
          name="reason"
          size="small"
          label={t('balances.adjustReason')}
          helperText={t('balances.adjustHint')}
          sx={{ flexGrow: 1 }}
        />
        <div>
          <Button type="submit" variant="outlined" disabled={add.isPending}>
            {t('add')}
          </Button>
        </div>
      </Stack>
    </Stack>
  );
}

/**
 * A staff member's balances of a year with their parts (approved days taken by today apart from
 * those booked after it), entitlement overrides and adjustments, and why a balance is lower.
 */
export function BalancesSection({ staffId, year }: { staffId: string; year: number }) {
  const { t, i18n } = useTranslation(leaveAdminNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const balances = useStaffBalances(staffId, year);
  const [editing, setEditing] = useState<AdminBalance>();
  const notesOf = useBalanceNotes();
  const days = (value: number) => formatDayCount(value, locale);

  return (
    <QueryState query={balances}>
      {(data) => (
        <Stack spacing={3}>
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              size="small"
              aria-label={t('balances.title')}
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{t('balances.columns.type')}</TableCell>
                  <TableCell align="right">{t('balances.columns.entitled')}</TableCell>
                  <TableCell align="right" sx={PART}>
                    {t('balances.columns.carried')}
                  </TableCell>
                  <TableCell align="right" sx={PART}>
                    {t('balances.columns.adjustments')}
                  </TableCell>
                  <TableCell align="right" sx={PART}>
                    {t('balances.columns.taken')}
                  </TableCell>
                  <TableCell align="right" sx={PART}>
                    {t('balances.columns.booked')}
                  </TableCell>
                  <TableCell align="right" sx={PART}>
                    {t('balances.columns.pending')}
                  </TableCell>
                  <TableCell align="right">{t('balances.columns.available')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {data.balances.map((b) => (
                  <TableRow key={b.leaveTypeId}>
                    <TableCell>
                      {b.leaveTypeName}
                      {/* A phone has no room for the parts' columns: those not 0 go under the type. */}
                      <Typography
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: { xs: 'block', sm: 'none' } }}
                      >
                        {(['carried', 'adjustments', 'taken', 'booked', 'pending'] as const)
                          .filter((part) => b[part] !== 0)
                          .map((part) => `${t(`balances.columns.${part}`)} ${days(b[part])}`)
                          .join(' · ')}
                      </Typography>
                      {notesOf(b).map((note) => (
                        <Typography key={note} variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          {note}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell align="right">
                      {days(b.entitled)}
                      {b.entitled !== b.entitledForYear && (
                        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                          {t('balances.accruedOf', { total: days(b.entitledForYear) })}
                        </Typography>
                      )}
                      {b.entitledOverride !== null && (
                        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                          {t('balances.overridden')}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={PART}>
                      {days(b.carried)}
                      {b.carriedExpiresOn !== null && (
                        <Typography variant="caption" sx={{ display: 'block' }} color="text.secondary">
                          {b.carried < b.carriedForward
                            ? t('balances.lapsed', {
                                carried: days(b.carriedForward),
                                date: formatDate(b.carriedExpiresOn, locale),
                              })
                            : t('balances.expires', { date: formatDate(b.carriedExpiresOn, locale) })}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right" sx={PART}>
                      {days(b.adjustments)}
                    </TableCell>
                    <TableCell align="right" sx={PART}>
                      {days(b.taken)}
                    </TableCell>
                    <TableCell align="right" sx={PART}>
                      {days(b.booked)}
                    </TableCell>
                    <TableCell align="right" sx={PART}>
                      {days(b.pending)}
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 700 }}>
                      {days(b.available)}
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        onClick={() => setEditing(b)}
                        aria-label={`${t('edit')} ${b.leaveTypeName}`}
                        sx={{ minWidth: 0 }}
                      >
                        {t('edit')}
                      </Button>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <AdjustmentForm staffId={staffId} year={year} balances={data.balances} />
          <div>
            <Typography variant="h6" component="h3">
              {t('balances.adjustmentsTitle', { year })}
            </Typography>
            {data.adjustments.length === 0 ? (
              <Typography color="text.secondary">{t('balances.noAdjustments')}</Typography>
            ) : (
              <List dense>
                {data.adjustments.map((a) => (
                  <ListItem key={a.id} disableGutters>
                    <ListItemText
                      primary={a.reason}
                      secondary={t('balances.adjustmentBy', {
                        days: t('dayCount', { count: a.days, value: a.days > 0 ? `+${days(a.days)}` : days(a.days) }),
                        type:
                          data.balances.find((b) => b.leaveTypeId === a.leaveTypeId)?.leaveTypeName ?? a.leaveTypeId,
                        by: a.createdBy,
                        at: formatDate(a.createdAt.slice(0, 10), locale),
                      })}
                    />
                  </ListItem>
                ))}
              </List>
            )}
          </div>
          {editing !== undefined && (
            <EntitlementDialog staffId={staffId} year={year} balance={editing} onClose={() => setEditing(undefined)} />
          )}
        </Stack>
      )}
    </QueryState>
  );
}
