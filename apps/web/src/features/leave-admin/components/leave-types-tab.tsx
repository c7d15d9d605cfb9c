import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { PRO_RATA_ROUNDINGS, type Gender, type ProRata } from '@staff-portal/shared/leave';
import { leaveTypeInputSchema } from '@staff-portal/shared/leave-admin';
import type { AdminLeaveType, LeaveTypeInput } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { useNotification } from '../../../components/notification-context';
import { QueryState } from '../../../components/query-state';
import { useAdminLeaveTypes } from '../api/get-admin-leave-types';
import { useUpdateLeaveType } from '../api/update-leave-type';
import { FormCheckbox } from '../../../components/form-checkbox';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField } from '../../../components/select-field';
import { showErrorAtField } from '../../../lib/field-error';
import { numberFromText, numberText } from '../../../lib/number-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { leaveAdminNs } from '../../../locales/leave-admin';

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

/** The form's values: numbers as typed, '' for "everyone", "none" or "no cap". */
interface TypeValues extends Record<Flag, boolean> {
  name: string;
  defaultDays: string;
  serviceTiers: { minYears: string; days: string }[];
  eligibleGender: Gender | '';
  minServiceMonths: string;
  proRata: ProRata;
  includesDaysOf: string;
  carryForwardCap: string;
  carryForwardExpiry: string;
}

const shape = leaveTypeInputSchema.shape;
const tier = shape.serviceTiers.unwrap().element.shape;
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());
/** The contract's input as the form fills it, checked as the server will before it is sent. */
const typeFormSchema = z.object({
  name: shape.name,
  defaultDays: numberText(shape.defaultDays),
  serviceTiers: z
    .array(z.object({ minYears: numberText(tier.minYears), days: numberText(tier.days) }))
    .transform((tiers) => (tiers.length === 0 ? null : tiers))
    .pipe(shape.serviceTiers),
  ...Object.fromEntries(FLAGS.map((flag) => [flag, shape[flag]])),
  eligibleGender: z.string().transform(orNull).pipe(shape.eligibleGender),
  minServiceMonths: numberText(shape.minServiceMonths),
  proRata: shape.proRata,
  includesDaysOf: z.string().transform(orNull).pipe(shape.includesDaysOf),
  carryForwardCap: numberText(shape.carryForwardCap, { empty: null }),
  carryForwardExpiry: z.string().transform(orNull).pipe(shape.carryForwardExpiry),
}) as unknown as z.ZodType<LeaveTypeInput, TypeValues>;
const typeResolver = plainResolver(typeFormSchema);

const TYPE_FIELDS = [
  'name',
  'defaultDays',
  ...FLAGS,
  'eligibleGender',
  'minServiceMonths',
  'proRata',
  'includesDaysOf',
  'carryForwardCap',
  'carryForwardExpiry',
] as const;
/** The API's field as the form's: a tier's own field, the tiers as a whole, or one of the rest. */
const typeFieldOf = (apiField: string): Path<TypeValues> | undefined =>
  /^serviceTiers\.\d+\.(minYears|days)$/.test(apiField)
    ? (apiField as Path<TypeValues>)
    : apiField.startsWith('serviceTiers')
      ? 'serviceTiers'
      : TYPE_FIELDS.find((field) => field === apiField);

const valuesOf = (type: AdminLeaveType): TypeValues => ({
  name: type.name,
  defaultDays: String(type.defaultDays),
  serviceTiers: (type.serviceTiers ?? []).map((t) => ({ minYears: String(t.minYears), days: String(t.days) })),
  attachmentRequired: type.attachmentRequired,
  cancellable: type.cancellable,
  halfDayAllowed: type.halfDayAllowed,
  balanceLimited: type.balanceLimited,
  accruesMonthly: type.accruesMonthly,
  active: type.active,
  eligibleGender: type.eligibleGender ?? '',
  minServiceMonths: String(type.minServiceMonths),
  proRata: type.proRata,
  includesDaysOf: type.includesDaysOf ?? '',
  carryForwardCap: type.carryForwardCap === null ? '' : String(type.carryForwardCap),
  carryForwardExpiry: type.carryForwardExpiry ?? '',
});

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
  const { control, handleSubmit, setError, formState } = useForm<TypeValues, unknown, LeaveTypeInput>({
    defaultValues: valuesOf(type),
    resolver: typeResolver,
  });
  const tiers = useFieldArray({ control, name: 'serviceTiers' });
  const typedTiers = useWatch({ control, name: 'serviceTiers' });
  // Told while typing, and Save waits: the order is the one rule of the tiers as a whole.
  const ascending = tiersAscending(typedTiers.map((typed) => ({ minYears: numberFromText(typed.minYears) })));
  const tiersError = formState.errors.serviceTiers?.message ?? formState.errors.serviceTiers?.root?.message;

  const submit = handleSubmit((input) =>
    save.mutate(
      { id: type.id, ...input },
      {
        onSuccess: (saved) => {
          notify({ message: t('types.saved', { name: saved.name }), severity: 'success' });
          onClose();
        },
        onError: (error) => showErrorAtField(error, setError, typeFieldOf),
      },
    ),
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('types.editTitle', { id: type.id })}
      pending={save.isPending}
      submitLabel={t('save')}
      pendingLabel={t('saving')}
      onSubmit={(event) => void submit(event)}
      submitDisabled={!ascending}
    >
      <FormTextField control={control} name="name" size="small" label={t('types.name')} />
      <FormTextField
        control={control}
        name="defaultDays"
        size="small"
        label={t('types.defaultDays')}
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
        <Typography component="legend" variant="subtitle2">
          {t('types.tiers')}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {tiers.fields.length === 0 ? t('types.noTiers') : t('types.tiersHint')}
        </Typography>
        {tiers.fields.map((row, index) => (
          <Stack key={row.id} direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
            <FormTextField
              control={control}
              name={`serviceTiers.${index}.minYears`}
              size="small"
              label={t('types.minYears')}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormTextField
              control={control}
              name={`serviceTiers.${index}.days`}
              size="small"
              label={t('types.tierDays')}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={t('types.removeTier', { index: index + 1 })} onClick={() => tiers.remove(index)}>
              <DeleteIcon />
            </IconButton>
          </Stack>
        ))}
        {(!ascending || tiersError !== undefined) && (
          <FormHelperText error>{ascending ? tiersError : t('types.tiersAscending')}</FormHelperText>
        )}
        <Button
          size="small"
          startIcon={<AddIcon />}
          sx={{ mt: 1 }}
          onClick={() => {
            // The first tier from year 0; the next a year after the last one, when that is a number.
            const last = typedTiers.at(-1);
            const after =
              last === undefined || last.minYears.trim() === '' ? Number.NaN : numberFromText(last.minYears);
            tiers.append(
              { minYears: String(Number.isFinite(after) ? after + 1 : 0), days: '' },
              { shouldFocus: false },
            );
          }}
        >
          {t('types.addTier')}
        </Button>
      </fieldset>
      <Stack>
        {FLAGS.map((flag) => (
          <FormCheckbox key={flag} control={control} name={flag} label={t(`types.${flag}`)} />
        ))}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          name="eligibleGender"
          size="small"
          label={t('types.eligibleGender')}
          options={[
            { value: '', label: t('types.everyone') },
            { value: 'F', label: t('types.genders.F') },
            { value: 'M', label: t('types.genders.M') },
          ]}
          sx={{ minWidth: 180 }}
        />
        <FormTextField
          control={control}
          name="minServiceMonths"
          size="small"
          label={t('types.minServiceMonths')}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          helperText={t('types.minServiceMonthsHint')}
        />
      </Stack>
      <FormSelectField
        control={control}
        name="proRata"
        size="small"
        label={t('types.proRata')}
        options={PRO_RATA_ROUNDINGS.map((rounding) => ({ value: rounding, label: t(`types.proRatas.${rounding}`) }))}
        helperText={t('types.proRataHint')}
      />
      <FormSelectField
        control={control}
        name="includesDaysOf"
        size="small"
        label={t('types.includesDaysOf')}
        options={[
          { value: '', label: t('types.includesNone') },
          ...inclusionOptions(type, types).map(({ type: other, disabled }) => ({
            value: other.id,
            label: other.name,
            disabled,
          })),
        ]}
        helperText={t('types.includesDaysOfHint')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          control={control}
          name="carryForwardCap"
          size="small"
          label={t('types.carryForwardCap')}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          helperText={t('types.carryForwardCapHint')}
        />
        <FormTextField
          control={control}
          name="carryForwardExpiry"
          size="small"
          label={t('types.carryForwardExpiry')}
          placeholder="03-31"
          helperText={t('types.carryForwardExpiryHint')}
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
