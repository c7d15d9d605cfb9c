import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isIsoDate } from '@staff-portal/shared/iso-dates';
import type { DelegateCandidate, Delegation } from '@staff-portal/shared/staff-movement';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useAddDelegation, useDelegateCandidates, useDelegations, useRemoveDelegation } from '../api/delegations';
import { formatDate, todayIn } from '../../../lib/dates';
import { showErrorAtField } from '../../../lib/field-error';
import { staffMovementNs } from '../../../locales/staff-movement';

interface Values {
  delegate: DelegateCandidate | null;
  fromDate: string;
  toDate: string;
}
/** The API's fields as the form's: the delegate is picked as a whole candidate. */
const fieldOf = (apiField: string): keyof Values | undefined =>
  apiField === 'delegateStaffId' ? 'delegate' : apiField === 'fromDate' || apiField === 'toDate' ? apiField : undefined;

function DelegationLine({
  delegation,
  name,
  onRemove,
}: {
  delegation: Delegation;
  name: string;
  onRemove?: () => void;
}) {
  const { t, i18n } = useTranslation(staffMovementNs);
  const locale = i18n.resolvedLanguage ?? 'en';
  const range = t('range', {
    from: formatDate(delegation.fromDate, locale),
    to: formatDate(delegation.toDate, locale),
  });
  return (
    <Stack
      component="li"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography>{t('acting.entry', { name, range })}</Typography>
        {delegation.active && <Chip size="small" color="success" label={t('acting.activeNow')} />}
      </Stack>
      {onRemove !== undefined && (
        <Button size="small" color="error" aria-label={t('acting.removeLabel', { name })} onClick={onRemove}>
          {t('acting.remove')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * The approver's acting-approver set-up (docs/product/leave.md): who decides my queue while I am away,
 * and for whom I am deciding now. Shown on the LeaveApprovalPage.
 */
export function ActingApproverPanel() {
  const { t } = useTranslation(staffMovementNs);
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const titleId = useId();
  const today = todayIn(organisation.timeZone);
  const delegations = useDelegations();
  const add = useAddDelegation();
  const remove = useRemoveDelegation();
  const [search, setSearch] = useState('');
  const [pickerOpen, setPickerOpen] = useState(false);
  const candidates = useDelegateCandidates(search, pickerOpen);
  const { control, handleSubmit, setError, resetField } = useForm<Values>({
    defaultValues: { delegate: null, fromDate: today, toDate: today },
  });

  const submit = handleSubmit(({ delegate, fromDate, toDate }) => {
    if (delegate === null) return;
    add.mutate(
      { delegateStaffId: delegate.staffId, fromDate, toDate },
      {
        onSuccess: (created) => {
          notify({
            message: t('acting.added', {
              name: created.delegateName,
              from: formatDate(created.fromDate),
              to: formatDate(created.toDate),
            }),
            severity: 'success',
          });
          resetField('delegate');
        },
        onError: (error) => showErrorAtField(error, setError, fieldOf),
      },
    );
  });

  const data = delegations.data;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, mb: 3 }}>
      <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
        {t('acting.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('acting.intro')}
      </Typography>

      {data !== undefined && data.actingFor.length > 0 && (
        <>
          <Typography sx={{ fontWeight: 600 }}>{t('acting.actingFor')}</Typography>
          <Stack
            component="ul"
            aria-label={t('acting.actingFor')}
            spacing={0.5}
            sx={{ listStyle: 'none', p: 0, mb: 2 }}
          >
            {data.actingFor.map((d) => (
              <DelegationLine key={d.id} delegation={d} name={d.approverName} />
            ))}
          </Stack>
        </>
      )}

      <Typography sx={{ fontWeight: 600 }}>{t('acting.mine')}</Typography>
      {data === undefined ? null : data.mine.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('acting.none')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t('acting.mine')} spacing={0.5} sx={{ listStyle: 'none', p: 0, mb: 2 }}>
          {data.mine.map((d) => (
            <DelegationLine
              key={d.id}
              delegation={d}
              name={d.delegateName}
              onRemove={() =>
                remove.mutate(d.id, { onSuccess: () => notify({ message: t('acting.removed'), severity: 'success' }) })
              }
            />
          ))}
        </Stack>
      )}

      <Stack
        component="form"
        aria-label={t('acting.title')}
        noValidate
        onSubmit={(event) => void submit(event)}
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { md: 'flex-start' } }}
      >
        <Controller
          control={control}
          name="delegate"
          rules={{ validate: (value) => value !== null || t('acting.delegateRequired') }}
          render={({ field, fieldState }) => (
            <Autocomplete
              sx={{ flexGrow: 1, minWidth: 220 }}
              options={candidates.data ?? []}
              value={field.value}
              loading={candidates.isFetching}
              open={pickerOpen}
              onOpen={() => setPickerOpen(true)}
              onClose={() => setPickerOpen(false)}
              onChange={(_event, value) => field.onChange(value)}
              onBlur={field.onBlur}
              onInputChange={(_event, value, reason) => {
                if (reason === 'input') setSearch(value.trim());
              }}
              filterOptions={(options) => options}
              getOptionLabel={(option) => `${option.staffName} (${option.departmentCode})`}
              isOptionEqualToValue={(option, value) => option.staffId === value.staffId}
              noOptionsText={t('acting.noOptions')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  label={t('acting.delegate')}
                  required
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? t('acting.searchHint')}
                />
              )}
            />
          )}
        />
        <FormDateField
          control={control}
          name="fromDate"
          rules={{ required: t('acting.dateRequired') }}
          label={t('acting.fromDate')}
          required
        />
        <FormDateField
          control={control}
          name="toDate"
          rules={{
            required: t('acting.dateRequired'),
            // Text that is not a date is not compared: the server names it at its field.
            validate: (toDate, { fromDate }) =>
              !(isIsoDate(fromDate) && isIsoDate(toDate) && toDate < fromDate) || t('acting.endBeforeStart'),
          }}
          label={t('acting.toDate')}
          required
        />
        {/* As tall as the fields beside it on a wide screen (their helper texts hang below). */}
        <Button type="submit" variant="contained" disabled={add.isPending} sx={{ height: { md: 56 } }}>
          {t('acting.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
