import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import type { StaffRecord } from '@staff-portal/shared/leave';
import type { StaffDetail } from '@staff-portal/shared/leave-admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useAllStaff } from '../api/search-staff';
import { useUpdateStaff } from '../api/update-staff';
import { errorText } from '../../../lib/error-text';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

const WEEK = [0, 1, 2, 3, 4, 5, 6] as const;

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
  const [departmentCode, setDepartmentCode] = useState(detail.departmentCode);
  const [approverStaffId, setApproverStaffId] = useState<string | null>(detail.approverStaffId);
  const [joinDate, setJoinDate] = useState(detail.joinDate);
  // Empty: no leaving date known.
  const [leavingDate, setLeavingDate] = useState(detail.leavingDate ?? '');
  const [gender, setGender] = useState<'F' | 'M'>(detail.gender);
  const [mask, setMask] = useState(detail.workingDaysMask);
  const [serverError, setServerError] = useState<{ field?: string; message: string }>();

  const others = (everyone.data ?? []).filter((s) => s.staffId !== detail.staffId);
  const departments = [
    ...new Set([detail.departmentCode, ...(everyone.data ?? []).map((s) => s.departmentCode)]),
  ].sort();
  const approver: StaffRecord | null = others.find((s) => s.staffId === approverStaffId) ?? null;
  const errorOf = (field: string) => (serverError?.field === field ? serverError.message : undefined);

  const save = () => {
    setServerError(undefined);
    update.mutate(
      {
        departmentCode,
        approverStaffId,
        joinDate,
        leavingDate: leavingDate === '' ? null : leavingDate,
        gender,
        workingDaysMask: mask,
      },
      {
        onError: (error) => {
          if (isAppError(error))
            setServerError({ ...(error.field ? { field: error.field } : {}), message: errorText(error) });
        },
      },
    );
  };

  return (
    <Grid
      container
      spacing={2}
      component="form"
      aria-label={t('user.record')}
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
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
        <SelectField
          fullWidth
          size="small"
          label={t('user.department')}
          value={departmentCode}
          onChange={setDepartmentCode}
          options={departments.map((code) => ({ value: code, label: code }))}
          error={errorOf('departmentCode') !== undefined}
          helperText={errorOf('departmentCode')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <Autocomplete
          options={others}
          value={approver}
          onChange={(_, value) => setApproverStaffId(value?.staffId ?? null)}
          getOptionLabel={(option) => `${option.displayName} (${option.staffId})`}
          isOptionEqualToValue={(option, value) => option.staffId === value.staffId}
          loading={everyone.isPending}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={t('user.approver')}
              placeholder={t('user.noApprover')}
              error={errorOf('approverStaffId') !== undefined}
              helperText={errorOf('approverStaffId')}
            />
          )}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField
          fullWidth
          size="small"
          label={t('user.joinDate')}
          value={joinDate}
          onChange={setJoinDate}
          error={errorOf('joinDate') !== undefined}
          helperText={errorOf('joinDate')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateField
          fullWidth
          size="small"
          label={t('user.leavingDate')}
          value={leavingDate}
          onChange={setLeavingDate}
          min={joinDate || undefined}
          error={errorOf('leavingDate') !== undefined}
          helperText={errorOf('leavingDate') ?? t('user.leavingDateHint')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <SelectField<'F' | 'M'>
          fullWidth
          size="small"
          label={t('user.gender')}
          value={gender}
          onChange={setGender}
          options={[
            { value: 'F', label: t('user.genders.F') },
            { value: 'M', label: t('user.genders.M') },
          ]}
        />
      </Grid>
      <Grid size={12}>
        <FormControl component="fieldset" error={mask === 0 || errorOf('workingDaysMask') !== undefined}>
          <FormLabel component="legend">{t('user.workingDays')}</FormLabel>
          <FormGroup row>
            {WEEK.map((bit) => (
              <FormControlLabel
                key={bit}
                control={
                  <Checkbox
                    checked={(mask & (1 << bit)) !== 0}
                    onChange={(event) => setMask(event.target.checked ? mask | (1 << bit) : mask & ~(1 << bit))}
                  />
                }
                label={t(`user.days.d${bit}`)}
              />
            ))}
          </FormGroup>
          {(mask === 0 || errorOf('workingDaysMask') !== undefined) && (
            <FormHelperText>{errorOf('workingDaysMask') ?? t('user.atLeastOneDay')}</FormHelperText>
          )}
        </FormControl>
      </Grid>
      <Grid size={12}>
        <Button type="submit" variant="contained" disabled={update.isPending || mask === 0}>
          {update.isPending ? t('saving') : t('save')}
        </Button>
      </Grid>
    </Grid>
  );
}
