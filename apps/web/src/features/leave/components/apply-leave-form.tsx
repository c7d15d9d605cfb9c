import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isAppError } from '@staff-portal/shared/errors';
import { isIsoDate } from '@staff-portal/shared/iso-dates';
import { applyLeaveInputSchema } from '@staff-portal/shared/leave';
import type { ApplyLeaveInput, LeavePreview, LeaveType } from '@staff-portal/shared/leave';
import { ineligibilityOn, type EligibilityPerson } from '@staff-portal/shared/leave-rules';
import { useEffect, useId, useMemo, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useErrorText } from '../../../lib/error-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useApplyLeave } from '../api/apply-leave';
import { useLeavePreview } from '../api/preview-leave';
import { attachmentProblem } from '../attachment-rules';
import { formatDate, formatDayCount, todayIn } from '../../../lib/dates';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { AttachmentPicker } from './attachment-picker';
import { leaveNs } from '../../../locales/leave';
import { showErrorAtField } from '../../../lib/field-error';
import { SelectField } from '../../../components/select-field';

type FormValues = z.input<typeof applyLeaveInputSchema>;

const FIELDS = ['leaveTypeId', 'startDate', 'endDate', 'dayType', 'reason'] as const;
type FieldName = (typeof FIELDS)[number];
const isFormField = (field: string | undefined): field is FieldName =>
  field !== undefined && (FIELDS as readonly string[]).includes(field);

const EMPTY: Required<FormValues> = { leaveTypeId: '', startDate: '', endDate: '', dayType: 0, reason: '' };

/** Quiet time after the last keystroke before the day count is asked for. */
export const PREVIEW_DEBOUNCE_MS = 300;

/**
 * Apply for leave (docs/product/screens.md, docs/product/leave.md): the shared schema checks the
 * form; the server's preview counts working days and the balance after as the user types, and
 * names the rule a request would break at the field it concerns. With the applicant's record,
 * types for the other gender are offered disabled with the reason, and a type that needs more
 * service says from when it can be taken.
 */
export function ApplyLeaveForm({
  leaveTypes,
  person,
}: {
  leaveTypes: readonly LeaveType[];
  person?: EligibilityPerson | undefined;
}) {
  const { t, i18n } = useTranslation(leaveNs);
  const errorText = useErrorText();
  const locale = i18n.resolvedLanguage ?? 'en';
  const { organisation } = useRuntimeConfig();
  const { notify } = useNotification();
  const apply = useApplyLeave();
  const headingId = useId();
  const dayTypeLabelId = useId();

  const activeTypes = useMemo(() => leaveTypes.filter((type) => type.active), [leaveTypes]);
  const { control, register, handleSubmit, setValue, setError, reset, formState } = useForm<
    FormValues,
    unknown,
    ApplyLeaveInput
  >({ defaultValues: EMPTY, resolver: plainResolver(applyLeaveInputSchema), mode: 'onTouched' });
  const watched = useWatch({ control });
  const values = { ...EMPTY, ...watched };
  const leaveType = activeTypes.find((type) => type.id === values.leaveTypeId);
  // Eligibility as the server judges it, on the first day of leave (today until one is chosen).
  const ineligible =
    person === undefined || leaveType === undefined
      ? null
      : ineligibilityOn(leaveType, person, values.startDate === '' ? todayIn(organisation.timeZone) : values.startDate);
  const otherGender = (type: LeaveType) =>
    person !== undefined && type.eligibleGender !== null && type.eligibleGender !== person.gender;
  // Before dates are chosen, say from when a type that needs service can be taken; after, the preview says it at the date.
  const serviceHint =
    ineligible?.reason === 'service' && values.startDate === ''
      ? t('apply.serviceNeeded', {
          type: leaveType!.name,
          months: ineligible.minServiceMonths,
          date: formatDate(ineligible.from, locale),
        })
      : undefined;

  const [file, setFile] = useState<File | null>(null);
  const [attachmentServerError, setAttachmentServerError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  // Half day (AM/PM) only for a one-day request of a type that allows it (docs/product/leave.md).
  const oneDay = values.startDate !== '' && values.startDate === values.endDate;
  const halfDayAllowed = leaveType?.halfDayAllowed === true;
  const halfDayPossible = oneDay && halfDayAllowed;
  useEffect(() => {
    if (!halfDayPossible && values.dayType !== 0) setValue('dayType', 0);
  }, [halfDayPossible, values.dayType, setValue]);

  const attachmentRequired = leaveType?.attachmentRequired === true;
  const problem = file === null ? null : attachmentProblem(file);
  const attachmentError =
    problem === 'type'
      ? t('apply.attachmentType')
      : problem === 'size'
        ? t('apply.attachmentSize')
        : attachmentServerError;
  const attachmentMissing = attachmentRequired && file === null;

  // The preview asks only for an input the schema accepts, once typing pauses.
  const parsed = applyLeaveInputSchema.safeParse(values);
  const debouncedInput = useDebouncedValue(parsed.success ? parsed.data : null, PREVIEW_DEBOUNCE_MS);
  const currentKey = parsed.success ? JSON.stringify(parsed.data) : null;
  const previewInput = debouncedInput !== null && JSON.stringify(debouncedInput) === currentKey ? debouncedInput : null;
  const preview = useLeavePreview(previewInput);
  // A placeholder is the answer for the previous input: fine to keep the figures steady while
  // the new count comes, never to blame a field the user has just changed.
  const previewResult = previewInput === null || preview.isPlaceholderData ? undefined : preview.data;
  const ruleBroken = previewResult !== undefined && !previewResult.ok ? previewResult : null;
  const ruleError = (field: FieldName | 'attachment') =>
    ruleBroken?.field === field ? (errorText(ruleBroken) ?? null) : null;

  const fieldError = (field: FieldName) => formState.errors[field]?.message ?? ruleError(field) ?? undefined;

  const submitting = apply.isPending;
  const submitDisabled = submitting || ruleBroken !== null || problem !== null || attachmentMissing;

  const submit = async (input: ApplyLeaveInput) => {
    setFormError(null);
    setAttachmentServerError(null);
    try {
      const created = await apply.mutateAsync({ input, attachment: file });
      notify({ message: t('apply.submitted', { referenceId: created.referenceId }), severity: 'success' });
      reset({ ...EMPTY, leaveTypeId: input.leaveTypeId });
      setFile(null);
    } catch (error) {
      // The notification already shows the message; put it where the user can fix it, too.
      if (!isAppError(error)) return;
      if (showErrorAtField(error, setError, (field) => (isFormField(field) ? field : undefined))) return;
      const message = errorText(error) ?? error.message;
      if (error.field === 'attachment') setAttachmentServerError(message);
      else setFormError(message);
    }
  };

  const dayTypeHelp =
    !halfDayAllowed && leaveType !== undefined ? t('apply.halfDayNotAllowed') : t('apply.halfDayOneDay');

  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('apply.heading')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void handleSubmit(submit)(event)}
        aria-labelledby={headingId}
      >
        <Stack spacing={2.5}>
          <Controller
            control={control}
            name="leaveTypeId"
            render={({ field }) => (
              <SelectField
                label={t('apply.leaveType')}
                required
                name={field.name}
                value={field.value}
                onChange={(id) => {
                  field.onChange(id);
                  setAttachmentServerError(null);
                }}
                onBlur={field.onBlur}
                inputRef={field.ref}
                error={fieldError('leaveTypeId') !== undefined}
                helperText={fieldError('leaveTypeId') ?? serviceHint}
                options={[
                  { value: '', label: '—', disabled: true },
                  ...activeTypes.map((type) => ({
                    value: type.id,
                    label: otherGender(type)
                      ? t(`apply.forGender.${type.eligibleGender!}`, { type: type.name })
                      : type.name,
                    disabled: otherGender(type),
                  })),
                ]}
              />
            )}
          />

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Controller
              control={control}
              name="startDate"
              render={({ field }) => (
                <DateField
                  label={t('apply.startDate')}
                  required
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  onChange={(start) => {
                    field.onChange(start);
                    // A new start after the end (or no end yet) makes a one-day request to adjust.
                    if (isIsoDate(start) && (values.endDate === '' || values.endDate < start)) {
                      setValue('endDate', start, { shouldValidate: formState.touchedFields.endDate === true });
                    }
                  }}
                  error={fieldError('startDate') !== undefined}
                  helperText={fieldError('startDate')}
                />
              )}
            />
            <Controller
              control={control}
              name="endDate"
              render={({ field }) => (
                <DateField
                  label={t('apply.endDate')}
                  required
                  fullWidth
                  name={field.name}
                  value={field.value}
                  onBlur={field.onBlur}
                  inputRef={field.ref}
                  onChange={field.onChange}
                  min={isIsoDate(values.startDate) ? values.startDate : undefined}
                  error={fieldError('endDate') !== undefined}
                  helperText={fieldError('endDate')}
                />
              )}
            />
          </Stack>

          <FormControl error={fieldError('dayType') !== undefined}>
            <FormLabel id={dayTypeLabelId}>{t('apply.dayType')}</FormLabel>
            <Controller
              control={control}
              name="dayType"
              render={({ field }) => (
                <RadioGroup
                  row
                  aria-labelledby={dayTypeLabelId}
                  name={field.name}
                  value={String(field.value)}
                  onChange={(_, value) => field.onChange(Number(value))}
                >
                  <FormControlLabel value="0" control={<Radio />} label={t('dayType.0')} />
                  <FormControlLabel value="1" control={<Radio />} label={t('dayType.1')} disabled={!halfDayPossible} />
                  <FormControlLabel value="2" control={<Radio />} label={t('dayType.2')} disabled={!halfDayPossible} />
                </RadioGroup>
              )}
            />
            <FormHelperText>{fieldError('dayType') ?? (halfDayPossible ? ' ' : dayTypeHelp)}</FormHelperText>
          </FormControl>

          <TextField
            label={t('apply.reason')}
            // A plain textarea the user may drag taller, not MUI's autosizing one (which every
            // multiline TextField is): that measures its text by forcing a layout of the whole
            // page on every render, 20 ms of each on a slow machine.
            multiline
            rows={3}
            sx={{ '& textarea': { resize: 'vertical' } }}
            {...register('reason')}
            error={fieldError('reason') !== undefined}
            helperText={fieldError('reason')}
            slotProps={{ input: { inputComponent: 'textarea' }, htmlInput: { maxLength: 1000 } }}
          />

          <AttachmentPicker
            file={file}
            onChange={(next) => {
              setFile(next);
              setAttachmentServerError(null);
            }}
            required={attachmentRequired}
            error={attachmentError ?? ruleError('attachment')}
            disabled={submitting}
          />

          <PreviewPanel
            state={
              !parsed.success
                ? 'prompt'
                : previewResult === undefined || preview.isFetching
                  ? 'checking'
                  : previewResult.ok
                    ? 'ready'
                    : 'broken'
            }
            brokenRule={
              ruleBroken === null
                ? undefined
                : isFormField(ruleBroken.field) || ruleBroken.field === 'attachment'
                  ? t('apply.preview.seeField')
                  : errorText(ruleBroken)
            }
            days={previewResult?.ok === true ? formatDayCount(previewResult.preview.days, locale) : undefined}
            available={previewResult?.ok === true ? formatDayCount(previewResult.preview.available, locale) : undefined}
            balanceAfter={previewResult?.ok === true ? previewResult.preview.balanceAfter : undefined}
            years={previewResult?.ok === true ? previewResult.preview.years : []}
            locale={locale}
          />

          {formError !== null && <Alert severity="error">{formError}</Alert>}

          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={submitDisabled}
              startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : undefined}
            >
              {submitting ? t('apply.submitting') : t('apply.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </Box>
  );
}

interface PreviewPanelProps {
  state: 'prompt' | 'checking' | 'ready' | 'broken';
  /** The rule the request breaks, as the server words it. */
  brokenRule: string | undefined;
  days: string | undefined;
  available: string | undefined;
  balanceAfter: number | undefined;
  /** Each year's share of the days and its balance after, for a request over New Year. */
  years: LeavePreview['years'];
  locale: string;
}

/** The live day count and balance after, announced politely as it changes. */
function PreviewPanel({ state, brokenRule, days, available, balanceAfter, years, locale }: PreviewPanelProps) {
  const { t } = useTranslation(leaveNs);
  return (
    <Box
      role="status"
      aria-live="polite"
      aria-label={t('apply.preview.label')}
      sx={{
        bgcolor: 'grey.100',
        borderRadius: 2,
        px: 2,
        py: 1.5,
        minHeight: 56,
        display: 'flex',
        alignItems: 'center',
      }}
    >
      {state === 'prompt' && <Typography color="text.secondary">{t('apply.preview.prompt')}</Typography>}
      {state === 'checking' && <Typography color="text.secondary">{t('apply.preview.checking')}</Typography>}
      {state === 'ready' && years.length > 1 && (
        <Stack spacing={1}>
          <PreviewFigure label={t('apply.preview.days')} value={days ?? ''} />
          {/* Over New Year, each year's days are taken from that year's balance. */}
          <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {years.map((share) => (
              <PreviewFigure
                key={share.year}
                label={t('apply.preview.inYear', { year: share.year })}
                value={t('apply.preview.yearShare', {
                  days: formatDayCount(share.days, locale),
                  available: formatDayCount(share.available, locale),
                  after: formatDayCount(share.balanceAfter, locale),
                })}
                negative={share.balanceAfter < 0}
              />
            ))}
          </Stack>
        </Stack>
      )}
      {state === 'ready' && years.length <= 1 && (
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <PreviewFigure label={t('apply.preview.days')} value={days ?? ''} />
          <PreviewFigure label={t('apply.preview.available')} value={available ?? ''} />
          <PreviewFigure
            label={t('apply.preview.balanceAfter')}
            value={balanceAfter === undefined ? '' : formatDayCount(balanceAfter, locale)}
            negative={balanceAfter !== undefined && balanceAfter < 0}
          />
        </Stack>
      )}
      {state === 'broken' && <Typography color="error">{brokenRule}</Typography>}
    </Box>
  );
}

function PreviewFigure({ label, value, negative = false }: { label: string; value: string; negative?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 700, color: negative ? 'error.main' : 'text.primary' }} component="div">
        {label === '' ? '' : value}
      </Typography>
    </Box>
  );
}
