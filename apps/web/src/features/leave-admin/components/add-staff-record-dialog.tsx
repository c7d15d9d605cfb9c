import Autocomplete from '@mui/material/Autocomplete';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import type { StaffRecord } from '@staff-portal/shared/leave';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import { createStaffInputSchema } from '@staff-portal/shared/staff-records';
import type { IdentityAccount } from '@staff-portal/shared/staff-records';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormDateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotification } from '../../../components/notification-context';
import { todayIn } from '../../../lib/dates';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCreateStaff } from '../api/create-staff';
import { useDepartments } from '../api/get-departments';
import { useIdentityAccounts } from '../api/get-identity-accounts';
import { useAllStaff } from '../api/search-staff';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { reasonText } from '../../../lib/error-text';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { WorkingDaysField } from './working-days-field';
import { showErrorAtField } from '../../../lib/field-error';
import { FormSelectField } from '../../../components/select-field';

/** MON–FRI, the usual week (docs/product/leave.md). */
const WEEKDAYS = 0b0011111;

interface Values {
  account: IdentityAccount | null;
  displayName: string;
  email: string;
  departmentCode: string;
  approver: StaffRecord | null;
  joinDate: string;
  gender: 'F' | 'M';
  workingDaysMask: number;
}

/** The API's field names, as the form's. */
const FIELD_OF: Record<string, keyof Values> = {
  identitySub: 'account',
  displayName: 'displayName',
  email: 'email',
  departmentCode: 'departmentCode',
  approverStaffId: 'approver',
  joinDate: 'joinDate',
  gender: 'gender',
  workingDaysMask: 'workingDaysMask',
};

const accountLabel = (account: IdentityAccount) =>
  account.name === null ? account.email : `${account.name} (${account.email})`;

/**
 * Adds a staff leave record for someone who has none (docs/product/screens.md: LeaveAdminPage):
 * the fields of the record form, and optionally the identity account to link it to now. The
 * shared schema checks it as the server will; a refusal lands on the field it names. Once added,
 * the record's own page opens.
 */
export function AddStaffRecordDialog({
  open,
  onClose,
  account: prefill,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  /** The identity account to link the record to, its e-mail and name prefilled (from the account page). */
  account?: IdentityAccount | undefined;
  /** What to do once added; by default the record's own page opens. */
  onCreated?: ((record: StaffDetail) => void) | undefined;
}) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const navigate = useNavigate();
  const { organisation } = useRuntimeConfig();
  const create = useCreateStaff();
  const departments = useDepartments();
  const everyone = useAllStaff();
  const [accountSearch, setAccountSearch] = useState('');
  const [accountsOpen, setAccountsOpen] = useState(false);
  const search = useDebouncedValue(accountSearch.trim(), 300);
  const accounts = useIdentityAccounts(search, { enabled: open && accountsOpen });
  const answer = accounts.data;
  const unavailable = answer !== undefined && 'unavailable' in answer ? answer.unavailable : undefined;

  const defaults: Values = {
    account: prefill ?? null,
    displayName: prefill?.name ?? '',
    email: prefill?.email ?? '',
    departmentCode: '',
    approver: null,
    joinDate: todayIn(organisation.timeZone),
    gender: 'F',
    workingDaysMask: WEEKDAYS,
  };
  const { control, handleSubmit, reset, setError, setValue, getValues } = useForm<Values>({
    defaultValues: defaults,
  });
  const picked = useWatch({ control, name: 'account' });

  // FormDialog does not close while the request is under way.
  const close = () => {
    reset(defaults);
    setAccountSearch('');
    onClose();
  };

  const messageFor = (field: keyof Values, fallback: string) =>
    ({
      displayName: t('addStaff.nameRequired'),
      email: t('addStaff.emailInvalid'),
      departmentCode: t('addStaff.departmentRequired'),
      joinDate: t('addStaff.joinDateRequired'),
      workingDaysMask: t('user.atLeastOneDay'),
    })[field as string] ?? fallback;

  const submit = handleSubmit((values) => {
    const parsed = createStaffInputSchema.safeParse({
      displayName: values.displayName,
      email: values.email,
      departmentCode: values.departmentCode,
      approverStaffId: values.approver?.staffId ?? null,
      joinDate: values.joinDate,
      gender: values.gender,
      workingDaysMask: values.workingDaysMask,
      identitySub: values.account?.sub ?? null,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = FIELD_OF[String(issue.path[0])];
        if (field !== undefined) setError(field, { message: messageFor(field, reasonText(issueDetail(issue))) });
      }
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (record) => {
        notify({
          message: t('addStaff.added', { staffId: record.staffId, name: record.displayName }),
          severity: 'success',
        });
        reset(defaults);
        if (onCreated) {
          onCreated(record);
          return;
        }
        onClose();
        void navigate(`/shared/hr-services/leave/admin/${encodeURIComponent(record.staffId)}`);
      },
      onError: (error) => {
        showErrorAtField(error, setError, (field) => FIELD_OF[field]);
      },
    });
  });

  const accountOptions = answer !== undefined && 'accounts' in answer ? answer.accounts : [];

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('addStaff.title')}
      intro={t('addStaff.intro')}
      pending={create.isPending}
      submitLabel={t('addStaff.submit')}
      pendingLabel={t('addStaff.adding')}
      onSubmit={(event) => void submit(event)}
      maxWidth="md"
    >
      <Grid container spacing={2}>
        <Grid size={12}>
          <Controller
            control={control}
            name="account"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={
                  picked === null || accountOptions.some((a) => a.sub === picked.sub)
                    ? accountOptions
                    : [picked, ...accountOptions]
                }
                value={field.value}
                onChange={(_, account) => {
                  field.onChange(account);
                  if (account !== null) {
                    setValue('email', account.email, { shouldValidate: false });
                    if (getValues('displayName').trim() === '' && account.name !== null) {
                      setValue('displayName', account.name);
                    }
                  }
                }}
                onOpen={() => setAccountsOpen(true)}
                onInputChange={(_, text, reason) => {
                  if (reason === 'input') setAccountSearch(text);
                }}
                // The server searches; every option it answers matches.
                filterOptions={(options) => options}
                getOptionLabel={accountLabel}
                isOptionEqualToValue={(option, value) => option.sub === value.sub}
                loading={accounts.isFetching}
                noOptionsText={unavailable === undefined ? t('addStaff.noAccounts') : t('addStaff.accountsUnavailable')}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('addStaff.account')}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message ?? unavailable ?? t('addStaff.accountHint')}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="displayName"
            fullWidth
            required
            label={t('user.name')}
            autoComplete="off"
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="email"
            fullWidth
            required
            type="email"
            label={t('user.email')}
            autoComplete="off"
            // The record must have the picked account's e-mail (the server checks it too):
            // read-only, not disabled, so it stays legible and reachable.
            slotProps={{ htmlInput: { readOnly: picked !== null } }}
            helperText={picked === null ? undefined : t('addStaff.accountEmail')}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="departmentCode"
            fullWidth
            required
            label={t('user.department')}
            options={[
              { value: '', label: t('addStaff.chooseDepartment') },
              ...(departments.data ?? []).map((department) => ({
                value: department.code,
                label:
                  department.name === department.code ? department.code : `${department.code} (${department.name})`,
              })),
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <Controller
            control={control}
            name="approver"
            render={({ field, fieldState }) => (
              <Autocomplete
                options={everyone.data ?? []}
                value={field.value}
                onChange={(_, value) => field.onChange(value)}
                getOptionLabel={(option) => `${option.displayName} (${option.staffId})`}
                isOptionEqualToValue={(option, value) => option.staffId === value.staffId}
                loading={everyone.isPending}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('user.approver')}
                    placeholder={t('user.noApprover')}
                    error={fieldState.error !== undefined}
                    helperText={fieldState.error?.message}
                  />
                )}
              />
            )}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormDateField control={control} name="joinDate" fullWidth required label={t('user.joinDate')} />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormSelectField
            control={control}
            name="gender"
            fullWidth
            label={t('user.gender')}
            options={[
              { value: 'F', label: t('user.genders.F') },
              { value: 'M', label: t('user.genders.M') },
            ]}
          />
        </Grid>
        <Grid size={12}>
          <WorkingDaysField control={control} name="workingDaysMask" />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
