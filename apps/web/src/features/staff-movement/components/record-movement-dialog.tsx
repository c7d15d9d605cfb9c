import Stack from '@mui/material/Stack';
import { MAX_MOVEMENT_DAYS, MOVEMENT_KINDS, movementInputSchema } from '@staff-portal/shared/staff-movement';
import type { MovementKind } from '@staff-portal/shared/staff-movement';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotification } from '../../../components/notification-context';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useRecordMovement } from '../api/record-movement';
import { zonedIso } from '../../../lib/dates';
import { issueDetail } from '@staff-portal/shared/error-reasons';
import { reasonText } from '../../../lib/error-text';
import { staffMovementNs } from '../../../locales/staff-movement';
import { showErrorAtField } from '../../../lib/field-error';
import { FormSelectField } from '../../../components/select-field';

interface FormValues {
  kind: MovementKind;
  startsAt: string;
  endsAt: string;
  purpose: string;
}

interface Props {
  open: boolean;
  /** The day the form starts on (the one in view), as YYYY-MM-DD. */
  date: string;
  onClose: () => void;
}

/**
 * Records one of my movements. Times are entered and read in the organisation's zone and sent
 * with their offset; the shared schema checks them as the server will, and a refusal from the
 * server lands on the field it names.
 */
export function RecordMovementDialog({ open, date, onClose }: Props) {
  const { t } = useTranslation(staffMovementNs);
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const record = useRecordMovement();
  const defaults: FormValues = { kind: 'meeting', startsAt: `${date}T09:00`, endsAt: `${date}T17:00`, purpose: '' };
  const { control, handleSubmit, reset, setError } = useForm<FormValues>({ values: defaults });

  const close = () => {
    reset(defaults);
    onClose();
  };

  const submit = handleSubmit((values) => {
    const startsAt = zonedIso(values.startsAt, organisation.timeZone);
    const endsAt = zonedIso(values.endsAt, organisation.timeZone);
    if (startsAt === undefined) setError('startsAt', { message: t('record.required') });
    if (endsAt === undefined) setError('endsAt', { message: t('record.required') });
    if (startsAt === undefined || endsAt === undefined) return;
    const parsed = movementInputSchema.safeParse({ ...values, startsAt, endsAt });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof FormValues;
        const message =
          field === 'purpose'
            ? t('record.purposeRequired')
            : field === 'endsAt' && Date.parse(endsAt) <= Date.parse(startsAt)
              ? t('record.endAfterStart')
              : field === 'endsAt'
                ? t('record.tooLong', { count: MAX_MOVEMENT_DAYS })
                : reasonText(issueDetail(issue));
        setError(field, { message });
      }
      return;
    }
    record.mutate(parsed.data, {
      onSuccess: () => {
        notify({ message: t('record.saved'), severity: 'success' });
        close();
      },
      onError: (error) => {
        showErrorAtField(error, setError, (field) => (field in defaults ? (field as keyof FormValues) : undefined));
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('record.title')}
      pending={record.isPending}
      submitLabel={t('record.save')}
      pendingLabel={t('record.save')}
      onSubmit={(event) => void submit(event)}
    >
      <FormSelectField
        control={control}
        name="kind"
        label={t('record.kind')}
        options={MOVEMENT_KINDS.map((kind) => ({ value: kind, label: t(`kind.${kind}`) }))}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {(['startsAt', 'endsAt'] as const).map((name) => (
          <FormTextField
            key={name}
            control={control}
            name={name}
            type="datetime-local"
            label={t(`record.${name}`)}
            required
            fullWidth
            slotProps={{ inputLabel: { shrink: true } }}
          />
        ))}
      </Stack>
      <FormTextField
        control={control}
        name="purpose"
        label={t('record.purpose')}
        required
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
    </FormDialog>
  );
}
