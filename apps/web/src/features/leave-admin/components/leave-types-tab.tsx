import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
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
import { PRO_RATA_ROUNDINGS, type Gender, type ProRata } from '@staff-portal/shared/leave';
import type { AdminLeaveType } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useAdminLeaveTypes } from '../api/get-admin-leave-types';
import { useUpdateLeaveType } from '../api/update-leave-type';
import { errorText } from '../../../lib/error-text';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

const FLAGS = [
  'attachmentRequired',
  'cancellable',
  'halfDayAllowed',
  'balanceLimited',
  'accruesMonthly',
  'active',
] as const;
type Flag = (typeof FLAGS)[number];

const HIDDEN_ON_PHONE = { display: { xs: 'none', sm: 'table-cell' } } as const;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));

/** Strictly ascending years of service, as the server also checks. */
export const tiersAscending = (tiers: readonly { minYears: number }[]) =>
  tiers.every((tier, index) => index === 0 || tier.minYears > tiers[index - 1]!.minYears);

/**
 * The types this one's allowance may include (one level only, as the server checks): not itself,
 * and offered disabled when another type already includes it or it includes another itself.
 */
function inclusionOptions(type: AdminLeaveType, types: readonly AdminLeaveType[]) {
  return types
    .filter((other) => other.id !== type.id)
    .map((other) => ({
      type: other,
      disabled: other.includesDaysOf !== null || types.some((t) => t.id !== type.id && t.includesDaysOf === other.id),
    }));
}

function EditTypeDialog({
  type,
  types,
  onClose,
}: {
  type: AdminLeaveType;
  types: readonly AdminLeaveType[];
  onClose: () => void;
}) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const save = useUpdateLeaveType();
  const [name, setName] = useState(type.name);
  const [defaultDays, setDefaultDays] = useState(String(type.defaultDays));
  const [tiers, setTiers] = useState(
    (type.serviceTiers ?? []).map((tier) => ({ minYears: String(tier.minYears), days: String(tier.days) })),
  );
  const [flags, setFlags] = useState<Record<Flag, boolean>>({
    attachmentRequired: type.attachmentRequired,
    cancellable: type.cancellable,
    halfDayAllowed: type.halfDayAllowed,
    balanceLimited: type.balanceLimited,
    accruesMonthly: type.accruesMonthly,
    active: type.active,
  });
  // '' for everyone, as the native select needs a string.
  const [gender, setGender] = useState<Gender | ''>(type.eligibleGender ?? '');
  const [serviceMonths, setServiceMonths] = useState(String(type.minServiceMonths));
  const [proRata, setProRata] = useState<ProRata>(type.proRata);
  const [includesDaysOf, setIncludesDaysOf] = useState(type.includesDaysOf ?? '');
  const [cap, setCap] = useState(type.carryForwardCap === null ? '' : String(type.carryForwardCap));
  const [expiry, setExpiry] = useState(type.carryForwardExpiry ?? '');
  const [error, setError] = useState<{ field?: string; message: string }>();
  const errorOf = (field: string) =>
    error?.field === field || error?.field?.startsWith(`${field}.`) ? error.message : undefined;
  const parsedTiers = tiers.map((tier) => ({ minYears: numberOf(tier.minYears), days: numberOf(tier.days) }));
  const ascending = tiersAscending(parsedTiers);

  const submit = () => {
    setError(undefined);
    save.mutate(
      {
        id: type.id,
        name,
        defaultDays: numberOf(defaultDays),
        serviceTiers: parsedTiers.length === 0 ? null : parsedTiers,
        ...flags,
        eligibleGender: gender === '' ? null : gender,
        minServiceMonths: numberOf(serviceMonths),
        proRata,
        includesDaysOf: includesDaysOf === '' ? null : includesDaysOf,
        carryForwardCap: cap.trim() === '' ? null : numberOf(cap),
        carryForwardExpiry: expiry.trim() === '' ? null : expiry.trim(),
      },
      {
        onSuccess: (saved) => {
          notify({ message: t('types.saved', { name: saved.name }), severity: 'success' });
          onClose();
        },
        onError: (e) => {
          if (isAppError(e)) setError({ ...(e.field ? { field: e.field } : {}), message: errorText(e) });
        },
      },
    );
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('types.editTitle', { id: type.id })}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('saving')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      submitDisabled={!ascending}
    >
      <TextField
        size="small"
        label={t('types.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={errorOf('name') !== undefined}
        helperText={errorOf('name')}
      />
      <TextField
        size="small"
        label={t('types.defaultDays')}
        value={defaultDays}
        onChange={(event) => setDefaultDays(event.target.value)}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        error={errorOf('defaultDays') !== undefined}
        helperText={errorOf('defaultDays')}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {t('types.tiers')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {tiers.length === 0 ? t('types.noTiers') : t('types.tiersHint')}
        </Typography>
        {tiers.map((tier, index) => (
          <Stack key={index} direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              label={t('types.minYears')}
              value={tier.minYears}
              onChange={(event) =>
                setTiers(tiers.map((x, i) => (i === index ? { ...x, minYears: event.target.value } : x)))
              }
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <TextField
              size="small"
              label={t('types.tierDays')}
              value={tier.days}
              onChange={(event) =>
                setTiers(tiers.map((x, i) => (i === index ? { ...x, days: event.target.value } : x)))
              }
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton
              aria-label={t('types.removeTier', { index: index + 1 })}
              onClick={() => setTiers(tiers.filter((_, i) => i !== index))}
            >
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {(!ascending || errorOf('serviceTiers') !== undefined) && (
          <FormHelperText error>{ascending ? errorOf('serviceTiers') : t('types.tiersAscending')}</FormHelperText>
        )}
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => {
            const last = parsedTiers.at(-1);
            setTiers([
              ...tiers,
              { minYears: String(last && Number.isFinite(last.minYears) ? last.minYears + 1 : 0), days: '' },
            ]);
          }}
        >
          {t('types.addTier')}
        </Button>
      </fieldset>
      <Stack>
        {FLAGS.map((flag) => (
          <FormControlLabel
            key={flag}
            control={
              <Checkbox
                checked={flags[flag]}
                onChange={(event) => setFlags({ ...flags, [flag]: event.target.checked })}
              />
            }
            label={t(`types.${flag}`)}
          />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <SelectField<Gender | ''>
          size="small"
          label={t('types.eligibleGender')}
          value={gender}
          onChange={setGender}
          options={[
            { value: '', label: t('types.everyone') },
            { value: 'F', label: t('types.genders.F') },
            { value: 'M', label: t('types.genders.M') },
          ]}
          error={errorOf('eligibleGender') !== undefined}
          helperText={errorOf('eligibleGender')}
          sx={{ minWidth: 180 }}
        />
        <TextField
          size="small"
          label={t('types.minServiceMonths')}
          value={serviceMonths}
          onChange={(event) => setServiceMonths(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          error={errorOf('minServiceMonths') !== undefined}
          helperText={errorOf('minServiceMonths') ?? t('types.minServiceMonthsHint')}
        />
      </Stack>
      <SelectField<ProRata>
        size="small"
        label={t('types.proRata')}
        value={proRata}
        onChange={setProRata}
        options={PRO_RATA_ROUNDINGS.map((rounding) => ({ value: rounding, label: t(`types.proRatas.${rounding}`) }))}
        error={errorOf('proRata') !== undefined}
        helperText={errorOf('proRata') ?? t('types.proRataHint')}
      />
      <SelectField
        size="small"
        label={t('types.includesDaysOf')}
        value={includesDaysOf}
        onChange={setIncludesDaysOf}
        options={[
          { value: '', label: t('types.includesNone') },
          ...inclusionOptions(type, types).map(({ type: other, disabled }) => ({
            value: other.id,
            label: other.name,
            disabled,
          })),
        ]}
        error={errorOf('includesDaysOf') !== undefined}
        helperText={errorOf('includesDaysOf') ?? t('types.includesDaysOfHint')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label={t('types.carryForwardCap')}
          value={cap}
          onChange={(event) => setCap(event.target.value)}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          error={errorOf('carryForwardCap') !== undefined}
          helperText={errorOf('carryForwardCap') ?? t('types.carryForwardCapHint')}
        />
        <TextField
          size="small"
          label={t('types.carryForwardExpiry')}
          value={expiry}
          placeholder="03-31"
          onChange={(event) => setExpiry(event.target.value)}
          error={errorOf('carryForwardExpiry') !== undefined}
          helperText={errorOf('carryForwardExpiry') ?? t('types.carryForwardExpiryHint')}
        />
      </Stack>
    </FormDialog>
  );
}

/** Leave types LVE0001–LVE0022 with their rules; each can be edited. */
export function LeaveTypesTab() {
  const { t } = useTranslation(leaveAdminNs);
  const types = useAdminLeaveTypes();
  const [editing, setEditing] = useState<AdminLeaveType>();

  const rules = (type: AdminLeaveType, types: readonly AdminLeaveType[]) =>
    [
      ...FLAGS.filter((flag) => flag !== 'active' && type[flag]).map((flag) => t(`types.${flag}`)),
      ...(type.eligibleGender === null ? [] : [t(`types.onlyFor.${type.eligibleGender}`)]),
      ...(type.minServiceMonths === 0 ? [] : [t('types.afterService', { months: type.minServiceMonths })]),
      ...(type.proRata === 'off' ? [] : [t(`types.proRated.${type.proRata}`)]),
      ...(type.includesDaysOf === null
        ? []
        : [
            t('types.includes', {
              type: types.find((other) => other.id === type.includesDaysOf)?.name ?? type.includesDaysOf,
            }),
          ]),
    ].join(', ');
  const carry = (type: AdminLeaveType) =>
    type.carryForwardCap === null || type.carryForwardCap === 0
      ? t('types.noCarry')
      : type.carryForwardExpiry === null
        ? t('types.carrySummaryNoExpiry', { cap: type.carryForwardCap })
        : t('types.carrySummary', { cap: type.carryForwardCap, expiry: type.carryForwardExpiry });

  return (
    <QueryState query={types} isEmpty={(data) => data.length === 0} emptyText={t('types.empty')}>
      {(data) => (
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('tabs.types')} sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}>
            <TableHead>
              <TableRow>
                <TableCell sx={HIDDEN_ON_PHONE}>{t('types.columns.id')}</TableCell>
                <TableCell>{t('types.columns.name')}</TableCell>
                <TableCell align="right">{t('types.columns.days')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('types.columns.tiers')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{t('types.columns.flags')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t('types.columns.carryForward')}
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((type) => (
                <TableRow key={type.id}>
                  <TableCell sx={HIDDEN_ON_PHONE}>{type.id}</TableCell>
                  <TableCell>
                    {type.name}
                    {/* On a phone the id goes under the name, so Edit stays on screen. */}
                    <Typography variant="caption" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
                      {type.id}
                    </Typography>
                    {!type.active && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {t('types.inactive')}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{type.defaultDays}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>
                    {(type.serviceTiers ?? []).map((tier) => `${tier.minYears}+: ${tier.days}`).join(' · ') || '-'}
                  </TableCell>
                  <TableCell sx={{ display: { xs: 'none', md: 'table-cell' } }}>{rules(type, data) || '-'}</TableCell>
                  <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{carry(type)}</TableCell>
                  <TableCell>
                    <Button size="small" onClick={() => setEditing(type)} aria-label={`${t('edit')} ${type.name}`}>
                      {t('edit')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {editing !== undefined && (
            <EditTypeDialog type={editing} types={data} onClose={() => setEditing(undefined)} />
          )}
        </TableContainer>
      )}
    </QueryState>
  );
}
