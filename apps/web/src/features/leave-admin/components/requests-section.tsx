import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isAppError } from '@staff-portal/shared/errors';
import type { DayType, LeaveRequest } from '@staff-portal/shared/leave';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
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
import { errorText } from '../../../lib/error-text';
import { leaveAdminNs } from '../../../locales/leave-admin';
import { SelectField } from '../../../components/select-field';

/** A page of their requests (the route's loader asks for the first one with it). */
export const PAGE_SIZE = 10;

function ApplyDialog({ staffId, name, onClose }: { staffId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation(leaveAdminNs);
  const { notify } = useNotification();
  const types = useAdminLeaveTypes();
  const apply = useApplyFor(staffId);
  const active = (types.data ?? []).filter((type) => type.active);
  const [leaveTypeId, setLeaveTypeId] = useState('');
  const [startDate, setStartDate] = useState('');
  const [endDate, setEndDate] = useState('');
  const [dayType, setDayType] = useState<DayType>(0);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field?: string; message: string }>();
  const errorOf = (field: string) => (error?.field === field ? error.message : undefined);
  const typeId = leaveTypeId === '' ? (active[0]?.id ?? '') : leaveTypeId;

  const submit = () => {
    setError(undefined);
    apply.mutate(
      { leaveTypeId: typeId, startDate, endDate: dayType === 0 ? endDate : startDate, dayType, reason },
      {
        onSuccess: (request) => {
          notify({ message: t('requests.applied', { referenceId: request.referenceId, name }), severity: 'success' });
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
      title={t('requests.applyTitle', { name })}
      pending={apply.isPending}
      submitLabel={t('requests.submit')}
      pendingLabel={t('requests.submit')}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      submitDisabled={typeId === ''}
      fullScreenOnPhone={false}
    >
      <SelectField
        size="small"
        label={t('requests.type')}
        value={typeId}
        onChange={setLeaveTypeId}
        options={active.map((type) => ({ value: type.id, label: type.name }))}
        error={errorOf('leaveTypeId') !== undefined}
        helperText={errorOf('leaveTypeId')}
      />
      <SelectField
        size="small"
        label={t('requests.dayType')}
        value={String(dayType)}
        onChange={(value) => setDayType(Number(value) as DayType)}
        options={([0, 1, 2] as const).map((value) => ({
          value: String(value),
          label: t(`requests.dayTypes.t${value}`),
        }))}
        error={errorOf('dayType') !== undefined}
        helperText={errorOf('dayType')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          size="small"
          label={t('requests.startDate')}
          value={startDate}
          onChange={setStartDate}
          error={errorOf('startDate') !== undefined}
          helperText={errorOf('startDate')}
        />
        {dayType === 0 && (
          <DateField
            size="small"
            label={t('requests.endDate')}
            value={endDate}
            onChange={setEndDate}
            error={errorOf('endDate') !== undefined}
            helperText={errorOf('endDate')}
          />
        )}
      </Stack>
      <TextField
        size="small"
        multiline
        minRows={2}
        label={t('requests.reason')}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={errorOf('reason') !== undefined}
        helperText={errorOf('reason')}
      />
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
