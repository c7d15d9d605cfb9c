import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { createAccountInputSchema } from '@staff-portal/shared/access-control';
import type { Account, CreateAccountInput } from '@staff-portal/shared/access-control';
import { grantableDepartments, PROTECTED_DEPARTMENTS } from '@staff-portal/shared/access-control-rules';
import { isAppError } from '@staff-portal/shared/errors';
import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotification } from '../../../components/notification-context';
import { useAuth } from '../../../lib/auth-context';
import { useErrorText } from '../../../lib/error-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { useCreateAccount } from '../api/create-account';
import { departmentLabel } from '../account-texts';
import { useDepartments } from '../api/get-departments';
import { accessControlNs } from '../../../locales/access-control';

type Values = CreateAccountInput;
type Input = z.output<typeof createAccountInputSchema>;

const EMPTY: Values = { email: '', name: '', departments: [] };
const FIELDS: readonly (keyof Values)[] = ['email', 'name', 'departments'];
const isField = (field: string | undefined): field is keyof Values =>
  (FIELDS as readonly (string | undefined)[]).includes(field);

/**
 * Invites a new colleague (docs/product/screens.md §14): e-mail, name and the departments this
 * admin may grant (docs/product/access.md §3: only ITAdmin grants HRAdmin and ITAdmin). The
 * server sends the invitation with a temporary password; the new account then opens.
 */
export function CreateAccountDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (account: Account) => void;
}) {
  const { t } = useTranslation(accessControlNs);
  const errorText = useErrorText();
  const { notify } = useNotification();
  const { user, superAdminUserId } = useAuth();
  const create = useCreateAccount();
  const departments = useDepartments();
  const actor = { id: user?.id ?? '', groups: user?.department ?? [] };
  const all = (departments.data ?? []).map((option) => option.code);
  const offered = grantableDepartments(actor, { superAdminUserId }, all);
  const withheld = all.some((name) => !offered.includes(name) && PROTECTED_DEPARTMENTS.includes(name));

  // The account just created, opened once this dialog has gone: a drawer opening while a dialog
  // still closes can be left hidden from screen readers by the closing one.
  const created = useRef<Account | null>(null);

  const { control, handleSubmit, reset, setError } = useForm<Values, unknown, Input>({
    defaultValues: EMPTY,
    resolver: plainResolver(createAccountInputSchema),
    mode: 'onTouched',
  });

  const submit = async (input: Input) => {
    try {
      const account = await create.mutateAsync(input);
      notify({ message: t('create.sent', { email: account.email }), severity: 'success' });
      created.current = account;
      onClose();
    } catch (error) {
      // The notification already says it; put it under the field it is about, too.
      if (!isAppError(error)) return;
      const exists = error.detail?.reason === 'accountExists';
      const field = exists ? 'email' : error.field;
      // The text names the e-mail; the answer may leave it out, as it is the one just typed.
      const worded =
        exists && error.detail !== undefined
          ? errorText({
              message: error.message,
              detail: { ...error.detail, params: { email: input.email, ...error.detail.params } },
            })
          : errorText(error);
      if (isField(field)) setError(field, { type: 'server', message: worded ?? error.message });
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        reset(EMPTY);
        const account = created.current;
        created.current = null;
        if (account !== null) onCreated(account);
      }}
      title={t('create.title')}
      intro={t('create.intro')}
      pending={create.isPending}
      submitLabel={t('create.submit')}
      pendingLabel={t('create.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormTextField
        control={control}
        name="email"
        fullWidth
        required
        type="email"
        label={t('create.email')}
        autoComplete="off"
      />
      <FormTextField control={control} name="name" fullWidth required label={t('create.name')} autoComplete="off" />
      <Controller
        control={control}
        name="departments"
        render={({ field, fieldState }) => (
          <FormControl component="fieldset" error={fieldState.error !== undefined}>
            <FormLabel component="legend">{t('create.departments')}</FormLabel>
            <FormGroup row>
              {offered.map((name) => (
                <FormControlLabel
                  key={name}
                  label={departmentLabel(name, departments.data ?? [])}
                  control={
                    <Checkbox
                      checked={field.value.includes(name)}
                      onChange={(event) =>
                        field.onChange(
                          event.target.checked
                            ? offered.filter((option) => option === name || field.value.includes(option))
                            : field.value.filter((chosen) => chosen !== name),
                        )
                      }
                    />
                  }
                />
              ))}
            </FormGroup>
            {departments.isSuccess && offered.length === 0 && (
              <FormHelperText>{t('create.noDepartments')}</FormHelperText>
            )}
            {(fieldState.error !== undefined || withheld) && (
              <FormHelperText>{fieldState.error?.message ?? t('create.departmentsHint')}</FormHelperText>
            )}
          </FormControl>
        )}
      />
    </FormDialog>
  );
}
