import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { leavingAfterJoining, staffRecordFieldsSchema } from '@staff-portal/shared/leave';
import type { UpdateStaffInput } from '@staff-portal/shared/leave';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useAllStaff } from '../api/search-staff';
import { useUpdateStaff } from '../api/update-staff';
import { FormSelectField } from '../../../components/select-field';
import { showErrorAtField } from '../../../lib/field-error';
import { plainResolver } from '../../../lib/plain-resolver';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { WorkingDaysField } from './working-days-field';

interface RecordValues {
  departmentCode: string;
  approverStaffId: string | null;
  joinDate: string;
  /** '' when no leaving date is known. */
  leavingDate: string;
  gender: 'F' | 'M';
  workingDaysMask: number;
}
const RECORD_FIELDS = [
  'departmentCode',
  'approverStaffId',
  'joinDate',
  'leavingDate',
  'gender',
  'workingDaysMask',
] as const satisfies readonly (keyof RecordValues)[];

/** The record as the form fills it ('' is no leaving date), checked as the server will. */
const recordFormSchema = staffRecordFieldsSchema
  .extend({
    leavingDate: z
      .string()
      .transform((text) => (text === '' ? null : text))
      .pipe(staffRecordFieldsSchema.shape.leavingDate.unwrap()),
  })
  .refine(leavingAfterJoining.check, leavingAfterJoining);
const recordResolver = plainResolver(recordFormSchema);

/**
 * One staff member's record: the read-only facts and the editable approver, department, join and
 * leaving dates, gender and working days.
 */
export function StaffRecordForm({ detail }: { detail: StaffDetail }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const everyone = useAllStaff();
  const update = useUpdateStaff(detail.staffId, {
    onSaved: () => notify({ message: t('saved'), severity: 'success' }),
  });
  const { control, handleSubmit, setError } = useForm<RecordValues, unknown, UpdateStaffInput>({
    defaultValues: {
      departmentCode: detail.departmentCode,
      approverStaffId: detail.approverStaffId,
      joinDate: detail.joinDate,
      leavingDate: detail.leavingDate ?? '',
      gender: detail.gender,
      workingDaysMask: detail.workingDaysMask,
    },
    resolver: recordResolver,
  });
  const [joinDate, mask] = useWatch({ control, name: ['joinDate', 'workingDaysMask'] });

  const others = (everyone.data ?? []).filter((s) => s.staffId !== detail.staffId);
  const departments = [
    ...new Set([detail.departmentCode, ...(everyone.data ?? []).map((s) => s.departmentCode)]),
  ].sort();

  const save = handleSubmit((input) =>
    update.mutate(input, { onError: (error) => showErrorAtField(error, setError, RECORD_FIELDS) }),
  );

  return (
    <Grid
      container
      spacing={2}
      component="form"
      aria-label={t('user.record')}
      noValidate
      onSubmit={(event) => void save(event)}
    >
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="caption" color="text.secondary">
          {t('user.staffId')}
        </Typography>
        <Typography>{detail.staffId}</Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Typography variant="caption" color="text.secondary">
          {t('user.email')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{detail.email}</Typography>
      </Grid>
      <Grid size={12}>
        <Typography variant="caption" color="text.secondary">
          {t('user.identity')}
        </Typography>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {detail.identitySub === null ? t('user.notLinked') : t('user.linked', { sub: detail.identitySub })}
        </Typography>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelectField
          control={control}
          name="departmentCode"
          fullWidth
          size="small"
          label={t('user.department')}
          options={departments.map((code) => ({ value: code, label: code }))}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Controller
          control={control}
          name="approverStaffId"
          render={({ field, fieldState }) => (
            <Autocomplete
              options={others}
              value={others.find((s) => s.staffId === field.value) ?? null}
              onChange={(_, value) => field.onChange(value?.staffId ?? null)}
              onBlur={field.onBlur}
              getOptionLabel={(option) => `${option.displayName} (${option.staffId})`}
              isOptionEqualToValue={(option, value) => option.staffId === value.staffId}
              loading={everyone.isPending}
              renderInput={(params) => (
                <TextField
                  {...params}
                  inputRef={field.ref}
                  size="small"
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
        <FormDateField control={control} name="joinDate" fullWidth size="small" label={t('user.joinDate')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormDateField
          control={control}
          name="leavingDate"
          fullWidth
          size="small"
          label={t('user.leavingDate')}
          min={joinDate || undefined}
          helperText={t('user.leavingDateHint')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <FormSelectField
          control={control}
          name="gender"
          fullWidth
          size="small"
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
      <Grid size={12}>
        <Button type="submit" variant="contained" disabled={update.isPending || mask === 0}>
          {update.isPending ? t('saving') : t('save')}
        </Button>
      </Grid>
    </Grid>
  );
}
