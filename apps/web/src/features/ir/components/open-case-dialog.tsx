import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { isAppError } from '@staff-portal/shared/errors';
import { hasAnyGroup } from '@staff-portal/shared/groups';
import { openCaseInputSchema } from '@staff-portal/shared/ir';
import type { Member } from '@staff-portal/shared/ir';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { DateField } from '../../../components/date-field';
import { useNotification } from '../../../components/notification-context';
import { useAuth } from '../../../lib/auth-context';
import { reasonText, useErrorText } from '../../../lib/error-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { todayIn } from '../../../lib/dates';
import { useCategories } from '../api/get-categories';
import { useOfficers } from '../api/get-officers';
import { useOpenCase } from '../api/open-case';
import { CONTACT_METHOD_CODES, contactMethodText } from '../ir-texts';
import { casePath } from '../paths';
import { irNs } from '../../../locales/ir';

interface Values {
  subject: string;
  categoryId: string;
  contactMethod: string;
  description: string;
  officerId: string;
  openedOn: string;
}
const FIELDS = ['subject', 'categoryId', 'contactMethod', 'description', 'officerId', 'openedOn'] as const;
const isField = (field: string | undefined): field is keyof Values =>
  (FIELDS as readonly (string | undefined)[]).includes(field);

const blank = (value: string) => (value === '' ? undefined : value);
const shape = openCaseInputSchema.shape;
/** The contract's input as a form fills it: '' is no choice (no officer: me; no date: today). */
const formSchema = z.object({
  subject: shape.subject,
  categoryId: shape.categoryId,
  // Not coerced from '': an unchosen method would be 0 (PHONE).
  contactMethod: z
    .string()
    .min(1)
    .pipe(shape.contactMethod as z.ZodType<number, string>),
  description: shape.description,
  officerId: z.string().transform(blank).pipe(shape.officerId),
  openedOn: z.string().transform(blank).pipe(shape.openedOn),
});
type Output = z.output<typeof formSchema>;
const resolver = plainResolver(formSchema) as unknown as Resolver<Values, unknown, Output>;

/**
 * Opens a grievance case for a member (docs/product/ir.md §2): subject, an active category,
 * contact method, description (its Initial Case Fact), officer and date. The officer is the one
 * opening it unless an IR admin names another. Opened, the case itself shows.
 */
export function OpenCaseDialog({ member, open, onClose }: { member: Member; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(irNs);
  const errorText = useErrorText();
  const { notify } = useNotification();
  const navigate = useNavigate();
  const { user, superAdminUserId } = useAuth();
  const { organisation } = useRuntimeConfig();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const introId = useId();
  const categories = useCategories();
  const officers = useOfficers();
  const openCase = useOpenCase();
  const isAdmin =
    user !== null && hasAnyGroup({ id: user.id, groups: user.department }, ['IRAdmin'], { superAdminUserId });
  const amOfficer = officers.data?.some((officer) => officer.id === user?.id) === true;
  const active = (categories.data ?? []).filter((category) => category.active);

  const empty: Values = {
    subject: '',
    categoryId: '',
    contactMethod: '',
    description: '',
    officerId: '',
    openedOn: '',
  };
  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, Output>({
    defaultValues: empty,
    resolver,
    mode: 'onTouched',
  });

  const close = () => {
    if (!openCase.isPending) onClose();
  };

  const submit = async (values: Output) => {
    // Only an officer of the IR departments is the officer of a case they open without naming one.
    if (values.officerId === undefined && !amOfficer) {
      setError('officerId', { type: 'required', message: reasonText({ reason: 'required', params: {} }) });
      return;
    }
    try {
      const caseNo = await openCase.mutateAsync({ memberNo: member.memberNo, ...values });
      notify({ message: t('openCase.opened', { caseNo }), severity: 'success' });
      onClose();
      void navigate(casePath(caseNo));
    } catch (error) {
      // The notification already says it; put it under its field too.
      if (isAppError(error) && isField(error.field)) {
        setError(error.field, { type: 'server', message: errorText(error) ?? error.message });
      }
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      aria-describedby={introId}
      slotProps={{ transition: { onExited: () => reset(empty) } }}
    >
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
        <DialogTitle id={titleId}>{t('openCase.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            {t('openCase.intro', { name: member.name, memberNo: member.memberNo })}
          </DialogContentText>
          <Stack spacing={2.5}>
            <Controller
              control={control}
              name="subject"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  autoFocus
                  required
                  fullWidth
                  label={t('openCase.subject')}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              )}
            />
            <Controller
              control={control}
              name="categoryId"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  required
                  fullWidth
                  label={t('openCase.category')}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ??
                    (categories.isSuccess && active.length === 0 ? t('openCase.noCategories') : undefined)
                  }
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" />
                  {active.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="contactMethod"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  required
                  fullWidth
                  label={t('openCase.contactMethod')}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  <option value="" />
                  {CONTACT_METHOD_CODES.map((code) => (
                    <option key={code} value={String(code)}>
                      {contactMethodText(code)}
                    </option>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="description"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  required
                  fullWidth
                  multiline
                  minRows={4}
                  label={t('openCase.description')}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="officerId"
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  select
                  fullWidth
                  disabled={!isAdmin}
                  required={!amOfficer}
                  label={t('openCase.officer')}
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? (isAdmin ? undefined : t('openCase.officerHint'))}
                  slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                >
                  {/* No officer named: the server makes the one opening the case its officer. */}
                  <option value="">
                    {amOfficer ? t('openCase.me', { name: user?.name ?? '' }) : t('openCase.chooseOfficer')}
                  </option>
                  {(officers.data ?? [])
                    .filter((officer) => officer.id !== user?.id)
                    .map((officer) => (
                      <option key={officer.id} value={officer.id}>
                        {officer.name}
                      </option>
                    ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="openedOn"
              render={({ field, fieldState }) => (
                <DateField
                  label={t('openCase.openedOn')}
                  // docs/product/ir.md §2: a case is opened today or on an earlier day.
                  max={todayIn(organisation.timeZone)}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  inputRef={field.ref}
                  fullWidth
                  error={fieldState.error !== undefined}
                  helperText={fieldState.error?.message ?? t('openCase.openedOnHint')}
                />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={openCase.isPending}>
            {t('cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={openCase.isPending}
            startIcon={openCase.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {openCase.isPending ? t('openCase.submitting') : t('openCase.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
