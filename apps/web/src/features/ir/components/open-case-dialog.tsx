import { hasAnyGroup } from '@staff-portal/shared/groups';
import { openCaseInputSchema } from '@staff-portal/shared/ir';
import type { Member } from '@staff-portal/shared/ir';
import { useForm } from 'react-hook-form';
import type { Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormDateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotification } from '../../../components/notification-context';
import { useAuth } from '../../../lib/auth-context';
import { reasonText } from '../../../lib/error-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { todayIn } from '../../../lib/dates';
import { useCategories } from '../api/get-categories';
import { useOfficers } from '../api/get-officers';
import { useOpenCase } from '../api/open-case';
import { CONTACT_METHOD_CODES, contactMethodText } from '../ir-texts';
import { casePath } from '../paths';
import { irNs } from '../../../locales/ir';
import { showErrorAtField } from '../../../lib/field-error';
import { FormSelectField } from '../../../components/select-field';

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
  const { notify } = useNotification();
  const navigate = useNavigate();
  const { user, superAdminUserId } = useAuth();
  const { organisation } = useRuntimeConfig();
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
      showErrorAtField(error, setError, (field) => (isField(field) ? field : undefined));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => reset(empty)}
      title={t('openCase.title')}
      intro={t('openCase.intro', { name: member.name, memberNo: member.memberNo })}
      pending={openCase.isPending}
      submitLabel={t('openCase.submit')}
      pendingLabel={t('openCase.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormTextField
        control={control}
        name="subject"
        autoFocus
        required
        fullWidth
        label={t('openCase.subject')}
        slotProps={{ htmlInput: { maxLength: 200 } }}
      />
      <FormSelectField
        control={control}
        name="categoryId"
        required
        fullWidth
        label={t('openCase.category')}
        helperText={categories.isSuccess && active.length === 0 ? t('openCase.noCategories') : undefined}
        options={[
          { value: '', label: '' },
          ...active.map((category) => ({ value: category.id, label: category.name })),
        ]}
      />
      <FormSelectField
        control={control}
        name="contactMethod"
        required
        fullWidth
        label={t('openCase.contactMethod')}
        options={[
          { value: '', label: '' },
          ...CONTACT_METHOD_CODES.map((code) => ({ value: String(code), label: contactMethodText(code) })),
        ]}
      />
      <FormTextField
        control={control}
        name="description"
        required
        fullWidth
        multiline
        minRows={4}
        label={t('openCase.description')}
      />
      <FormSelectField
        control={control}
        name="officerId"
        fullWidth
        disabled={!isAdmin}
        required={!amOfficer}
        label={t('openCase.officer')}
        helperText={isAdmin ? undefined : t('openCase.officerHint')}
        options={[
          // No officer named: the server makes the one opening the case its officer.
          { value: '', label: amOfficer ? t('openCase.me', { name: user?.name ?? '' }) : t('openCase.chooseOfficer') },
          ...(officers.data ?? [])
            .filter((officer) => officer.id !== user?.id)
            .map((officer) => ({ value: officer.id, label: officer.name })),
        ]}
      />
      <FormDateField
        control={control}
        name="openedOn"
        label={t('openCase.openedOn')}
        // docs/product/ir.md §2: a case is opened today or on an earlier day.
        max={todayIn(organisation.timeZone)}
        fullWidth
        helperText={t('openCase.openedOnHint')}
      />
    </FormDialog>
  );
}
