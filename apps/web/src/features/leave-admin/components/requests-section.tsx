import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { applyLeaveInputSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, DayType, LeaveRequest } from '@staff-portal/shared/leave';
import { useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { FormDateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { ListPagination } from '../../../components/list/list-pagination';
import { useNotification } from '../../../components/notification-context';
import { useAdminLeaveTypes } from '../api/get-admin-leave-types';
import { QueryState } from '../../../components/query-state';
import { RemarksDialog } from '../../../components/remarks-dialog';
import { RequestList } from '../../../components/leave-request-list';
import { useApplyFor } from '../api/apply-for';
import { useCancelFor } from '../api/cancel-for';
import { useStaffRequests } from '../api/get-staff-requests';
import { FormTextField } from '../../../components/form-text-field';
import { FormSelectField, SelectField } from '../../../components/select-field';
import { showErrorAtField } from '../../../lib/field-error';
import { plainResolver } from '../../../lib/plain-resolver';
import { leaveAdminNs } from '../../../locales/leave-admin';

/** A page of their requests (the route's loader asks for the first one with it). */
export const PAGE_SIZE = 10;

interface ApplyValues {
  leaveTypeId: string;
  startDate: string;
  endDate: string;
  dayType: DayType;
  reason: string;
}
const APPLY_FIELDS = ['leaveTypeId', 'startDate', 'endDate', 'dayType', 'reason'] as const;
/** A half day (AM or PM) ends on the day it starts: the form shows no end date for it. */
const applyFormSchema = z.preprocess((values) => {
  const typed = values as ApplyValues;
  return typed.dayType === 0 ? typed : { ...typed, endDate: typed.startDate };
}, applyLeaveInputSchema) as unknown as z.ZodType<ApplyLeaveInput, ApplyValues>;
const applyResolver = plainResolver(applyFormSchema);

function ApplyDialog({ staffId, name, onClose }: { staffId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const types = useAdminLeaveTypes();
  const apply = useApplyFor(staffId);
  const active = (types.data ?? []).filter((type) => type.active);
  const firstType = active[0]?.id ?? '';
  const { control, handleSubmit, setError, setValue, getValues } = useForm<ApplyValues, unknown, ApplyLeaveInput>({
    defaultValues: { leaveTypeId: firstType, startDate: '', endDate: '', dayType: 0, reason: '' },
    resolver: applyResolver,
  });
  const dayType = useWatch({ control, name: 'dayType' });
  // The types may come after the dialog opens: the first active one is chosen then.
  useEffect(() => {
    if (getValues('leaveTypeId') === '' && firstType !== '') setValue('leaveTypeId', firstType);
  }, [firstType, getValues, setValue]);

  const submit = handleSubmit((input) =>
    apply.mutate(input, {
      onSuccess: (request) => {
        notify({ message: t('requests.applied', { referenceId: request.referenceId, name }), severity: 'success' });
        onClose();
      },
      onError: (error) => showErrorAtField(error, setError, APPLY_FIELDS),
    }),
  );

  const dateField = (field: 'startDate' | 'endDate', label: string) => (
    <FormDateField control={control} name={field} size="small" label={label} />
  );

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('requests.applyTitle', { name })}
      pending={apply.isPending}
      submitLabel={t('requests.submit')}
      pendingLabel={t('requests.submit')}
      onSubmit={(event) => void submit(event)}
      submitDisabled={firstType === ''}
      fullScreenOnPhone={false}
    >
      <FormSelectField
        control={control}
        name="leaveTypeId"
        size="small"
        label={t('requests.type')}
        options={active.map((type) => ({ value: type.id, label: type.name }))}
      />
      <Controller
        control={control}
        name="dayType"
        render={({ field, fieldState }) => (
          <SelectField
            size="small"
            label={t('requests.dayType')}
            name={field.name}
            inputRef={field.ref}
            value={String(field.value)}
            onChange={(value) => field.onChange(Number(value))}
            onBlur={field.onBlur}
            options={([0, 1, 2] as const).map((value) => ({
              value: String(value),
              label: t(`requests.dayTypes.t${value}`),
            }))}
            error={fieldState.error !== undefined}
            helperText={fieldState.error?.message}
          />
        )}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {dateField('startDate', t('requests.startDate'))}
        {dayType === 0 && dateField('endDate', t('requests.endDate'))}
      </Stack>
      <FormTextField control={control} name="reason" size="small" multiline minRows={2} label={t('requests.reason')} />
    </FormDialog>
  );
}

/** A staff member's requests of a year, with cancel and apply on their behalf. */
export function RequestsSection({ staffId, name, year }: { staffId: string; name: string; year: number }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const [page, setPage] = useState(1);
  const requests = useStaffRequests(staffId, { page, pageSize: PAGE_SIZE, year });
  const cancel = useCancelFor();
  const [applying, setApplying] = useState(false);
  const [cancelling, setCancelling] = useState<LeaveRequest>();

  return (
    <Stack spacing={2}>
      <div>
        <Button variant="contained" onClick={() => setApplying(true)}>
          {t('requests.apply')}
        </Button>
      </div>
      <QueryState query={requests} isEmpty={(data) => data.items.length === 0} emptyText={t('requests.empty')}>
        {(data) => (
          <>
            <RequestList
              requests={data.items}
              label={t('requests.title')}
              actions={(request) =>
                request.status === 0 || request.status === 1 ? (
                  <Button
                    size="small"
                    color="error"
                    // One such button per request: the name says which.
                    aria-label={t('requests.cancelLabel', { referenceId: request.referenceId })}
                    onClick={() => setCancelling(request)}
                  >
                    {t('requests.cancel')}
                  </Button>
                ) : null
              }
            />
            <ListPagination total={data.total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </QueryState>
      {applying && <ApplyDialog staffId={staffId} name={name} onClose={() => setApplying(false)} />}
      <RemarksDialog
        open={cancelling !== undefined}
        title={t('requests.cancelTitle', { referenceId: cancelling?.referenceId ?? '' })}
        body={cancelling?.status === 1 ? t('requests.cancelApproved') : t('requests.cancelPending')}
        remarksLabel={t('requests.remarks')}
        confirmLabel={t('requests.cancel')}
        backLabel={t('requests.back')}
        confirmColour="error"
        busy={cancel.isPending}
        onClose={() => setCancelling(undefined)}
        onConfirm={(remarks) => {
          if (!cancelling) return;
          cancel.mutate(
            { referenceId: cancelling.referenceId, remarks },
            {
              onSuccess: (request) => {
                notify({ message: t('requests.cancelled', { referenceId: request.referenceId }), severity: 'success' });
                setCancelling(undefined);
              },
            },
          );
        }}
      />
    </Stack>
  );
}
