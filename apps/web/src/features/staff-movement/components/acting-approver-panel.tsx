import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { isIsoDate } from '@staff-portal/shared/iso-dates';
import type { DelegateCandidate, Delegation } from '@staff-portal/shared/staff-movement';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useAddDelegation, useDelegateCandidates, useDelegations, useRemoveDelegation } from '../api/delegations';
import { formatDate, todayIn } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { staffMovementNs } from '../../../locales/staff-movement';

type Field = 'delegateStaffId' | 'fromDate' | 'toDate';

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
  const [delegate, setDelegate] = useState<DelegateCandidate | null>(null);
  const [fromDate, setFromDate] = useState(today);
  const [toDate, setToDate] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const submit = () => {
    const problems: Partial<Record<Field, string>> = {};
    if (delegate === null) problems.delegateStaffId = t('acting.delegateRequired');
    if (fromDate === '') problems.fromDate = t('acting.dateRequired');
    if (toDate === '') problems.toDate = t('acting.dateRequired');
    // Text that is not a date is not compared: the server names it at its field.
    else if (isIsoDate(fromDate) && isIsoDate(toDate) && toDate < fromDate)
      problems.toDate = t('acting.endBeforeStart');
    setErrors(problems);
    if (delegate === null || Object.keys(problems).length > 0) return;
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
          setDelegate(null);
        },
        onError: (error) => {
          if (
            isAppError(error) &&
            (error.field === 'delegateStaffId' || error.field === 'fromDate' || error.field === 'toDate')
          ) {
            setErrors({ [error.field]: errorText(error) });
          }
        },
      },
    );
  };

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

      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Autocomplete
          sx={{ flexGrow: 1, minWidth: 220 }}
          options={candidates.data ?? []}
          value={delegate}
          loading={candidates.isFetching}
          open={pickerOpen}
          onOpen={() => setPickerOpen(true)}
          onClose={() => setPickerOpen(false)}
          onChange={(_event, value) => setDelegate(value)}
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
              label={t('acting.delegate')}
              required
              error={errors.delegateStaffId !== undefined}
              helperText={errors.delegateStaffId ?? t('acting.searchHint')}
            />
          )}
        />
        <DateField
          label={t('acting.fromDate')}
          required
          value={fromDate}
          onChange={setFromDate}
          error={errors.fromDate !== undefined}
          helperText={errors.fromDate}
        />
        <DateField
          label={t('acting.toDate')}
          required
          value={toDate}
          onChange={setToDate}
          error={errors.toDate !== undefined}
          helperText={errors.toDate}
        />
        {/* As tall as the fields beside it on a wide screen (their helper texts hang below). */}
        <Button variant="contained" onClick={submit} disabled={add.isPending} sx={{ height: { md: 56 } }}>
          {t('acting.add')}
        </Button>
      </Stack>
    </Paper>
  );
}
