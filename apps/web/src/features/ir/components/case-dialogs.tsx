import { isAppError } from '@staff-portal/shared/errors';
import {
  addActionInputSchema,
  assignOfficerInputSchema,
  closeCaseInputSchema,
  reopenCaseInputSchema,
} from '@staff-portal/shared/ir';
import { because } from '@staff-portal/shared/error-reasons';
import { caseDateProblem, LATER_ACTION_TYPES } from '@staff-portal/shared/ir-rules';
import { useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { FieldValues, Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDateField } from '../../../components/date-field';
import { FormDialog } from '../../../components/form-dialog';
import { FormTextField } from '../../../components/form-text-field';
import { useNotification } from '../../../components/notification-context';
import { todayIn } from '../../../lib/dates';
import { errorText } from '../../../lib/error-text';
import { plainResolver } from '../../../lib/plain-resolver';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useAddAction } from '../api/add-action';
import { useAssignOfficer } from '../api/assign-officer';
import { useCloseCase } from '../api/close-case';
import { useOfficers } from '../api/get-officers';
import { useReopenCase } from '../api/reopen-case';
import { actionTypeText } from '../ir-texts';
import { FilesPicker, useFilesProblem } from './files-picker';
import { irNs } from '../../../locales/ir';
import { showErrorAtField } from '../../../lib/field-error';
import { FormSelectField } from '../../../components/select-field';

interface CaseDialogProps {
  caseNo: string;
  open: boolean;
  onClose: () => void;
  /**
   * Once the dialog has gone after its change was made. Closing or reopening a case removes the
   * button that opened the dialog, so focus cannot return there: the page puts it somewhere.
   */
  onDone?: () => void;
}

/** Calls `onDone` when the dialog has gone, if its change was made. */
function useDone(onDone: (() => void) | undefined) {
  const done = useRef(false);
  return {
    succeeded: () => {
      done.current = true;
    },
    exited: () => {
      if (done.current) onDone?.();
      done.current = false;
    },
  };
}

const blank = (value: string) => (value === '' ? undefined : value);

/**
 * A form's schema with the case's rule on one of its dates: between the day the case was opened
 * and today (docs/product/ir.md §2), told at the field before anything is sent, in the words of
 * docs/product/qualities.md §5. The server judges it again.
 */
function withCaseDate<Output extends Record<string, unknown>, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  field: keyof Output & string,
  openedOn: string,
  today: string,
) {
  return schema.superRefine((value, context) => {
    const date = value[field];
    if (typeof date !== 'string') return;
    const problem = caseDateProblem(date, openedOn, today);
    if (problem !== null) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: problem.reason,
        ...because(problem.reason, problem.params),
      });
    }
  });
}

// Add an action -------------------------------------------------------------------------------

interface ActionValues {
  type: string;
  date: string;
  text: string;
}
const actionShape = addActionInputSchema.shape;
const actionSchema = z.object({
  // Not coerced from '': an unchosen type would be 0, which only opening a case writes.
  type: z
    .string()
    .min(1)
    .pipe(actionShape.type as z.ZodType<number, string>),
  date: actionShape.date,
  text: actionShape.text,
});
type ActionOutput = z.output<typeof actionSchema>;

/** Adds an action (Action By Officer, Branch or Member) with up to five files (docs/product/ir.md §2). */
export function AddActionDialog({ caseNo, openedOn, open, onClose }: CaseDialogProps & { openedOn: string }) {
  const { t } = useTranslation(irNs);
  const { notify } = useNotification();
  const { organisation } = useRuntimeConfig();
  const add = useAddAction();
  const filesProblem = useFilesProblem();
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | null>(null);
  const today = todayIn(organisation.timeZone);
  const empty = (): ActionValues => ({ type: '', date: todayIn(organisation.timeZone), text: '' });
  const resolver = useMemo(
    () =>
      plainResolver(withCaseDate(actionSchema, 'date', openedOn.slice(0, 10), today)) as unknown as Resolver<
        ActionValues,
        unknown,
        ActionOutput
      >,
    [openedOn, today],
  );
  const { control, handleSubmit, reset, setError } = useForm<ActionValues, unknown, ActionOutput>({
    defaultValues: empty(),
    resolver,
    mode: 'onTouched',
  });

  const chooseFiles = (next: File[]) => {
    setFiles(next);
    setFilesError(filesProblem(next));
  };

  const submit = async (input: ActionOutput) => {
    const problem = filesProblem(files);
    if (problem !== null) {
      setFilesError(problem);
      return;
    }
    try {
      await add.mutateAsync({ caseNo, input, attachments: files });
      notify({ message: t('case.addAction.added', { caseNo }), severity: 'success' });
      onClose();
    } catch (error) {
      showErrorAtField(error, setError, ['type', 'date', 'text']);
      if (isAppError(error) && error.field === 'attachments') setFilesError(errorText(error));
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        reset(empty());
        setFiles([]);
        setFilesError(null);
      }}
      title={t('case.addAction.title', { caseNo })}
      intro={t('case.addAction.intro')}
      pending={add.isPending}
      submitLabel={t('case.addAction.submit')}
      pendingLabel={t('case.addAction.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormSelectField
        control={control}
        name="type"
        required
        autoFocus
        fullWidth
        label={t('case.addAction.type')}
        options={[
          { value: '', label: '' },
          ...LATER_ACTION_TYPES.map((code) => ({ value: String(code), label: actionTypeText(code) })),
        ]}
      />
      <FormDateField
        control={control}
        name="date"
        label={t('case.addAction.date')}
        // docs/product/ir.md §2: between the day the case was opened and today.
        min={openedOn.slice(0, 10)}
        max={todayIn(organisation.timeZone)}
        required
        fullWidth
      />
      <FormTextField
        control={control}
        name="text"
        required
        fullWidth
        multiline
        minRows={4}
        label={t('case.addAction.text')}
      />
      <FilesPicker files={files} onChange={chooseFiles} error={filesError} disabled={add.isPending} />
    </FormDialog>
  );
}

// Close ---------------------------------------------------------------------------------------

interface CloseValues {
  outcome: string;
  closedOn: string;
}
const closeSchema = z.object({
  outcome: closeCaseInputSchema.shape.outcome,
  closedOn: z.string().transform(blank).pipe(closeCaseInputSchema.shape.closedOn),
});
type CloseOutput = z.output<typeof closeSchema>;

/** Closes a pending case with its outcome: it becomes CASE CLOSED. */
export function CloseCaseDialog({ caseNo, openedOn, open, onClose, onDone }: CaseDialogProps & { openedOn: string }) {
  const { organisation } = useRuntimeConfig();
  const { t } = useTranslation(irNs);
  const done = useDone(onDone);
  const { notify } = useNotification();
  const close = useCloseCase(caseNo);
  const empty: CloseValues = { outcome: '', closedOn: '' };
  const today = todayIn(organisation.timeZone);
  const resolver = useMemo(
    () =>
      plainResolver(withCaseDate(closeSchema, 'closedOn', openedOn.slice(0, 10), today)) as unknown as Resolver<
        CloseValues,
        unknown,
        CloseOutput
      >,
    [openedOn, today],
  );
  const { control, handleSubmit, reset, setError } = useForm<CloseValues, unknown, CloseOutput>({
    defaultValues: empty,
    resolver,
    mode: 'onTouched',
  });
  const submit = async (input: CloseOutput) => {
    try {
      await close.mutateAsync(input);
      notify({ message: t('case.close.done', { caseNo }), severity: 'success' });
      done.succeeded();
      onClose();
    } catch (error) {
      showErrorAtField(error, setError, ['outcome', 'closedOn']);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        reset(empty);
        done.exited();
      }}
      title={t('case.close.title', { caseNo })}
      intro={t('case.close.intro')}
      pending={close.isPending}
      submitLabel={t('case.close.submit')}
      pendingLabel={t('case.close.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormTextField
        control={control}
        name="outcome"
        required
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t('case.close.outcome')}
      />
      <FormDateField
        control={control}
        name="closedOn"
        label={t('case.close.closedOn')}
        min={openedOn.slice(0, 10)}
        max={todayIn(organisation.timeZone)}
        fullWidth
        helperText={t('case.close.closedOnHint')}
      />
    </FormDialog>
  );
}

// Reopen --------------------------------------------------------------------------------------

interface ReopenValues {
  reason: string;
}
const reopenResolver = plainResolver(reopenCaseInputSchema) as unknown as Resolver<ReopenValues, unknown, ReopenValues>;

/** Reopens a closed case (IRAdmin), for a reason: it is PENDING again. */
export function ReopenCaseDialog({ caseNo, open, onClose, onDone }: CaseDialogProps) {
  const { t } = useTranslation(irNs);
  const done = useDone(onDone);
  const { notify } = useNotification();
  const reopen = useReopenCase(caseNo);
  const { control, handleSubmit, reset, setError } = useForm<ReopenValues, unknown, ReopenValues>({
    defaultValues: { reason: '' },
    resolver: reopenResolver,
    mode: 'onTouched',
  });
  const submit = async (input: ReopenValues) => {
    try {
      await reopen.mutateAsync(input);
      notify({ message: t('case.reopen.done', { caseNo }), severity: 'success' });
      done.succeeded();
      onClose();
    } catch (error) {
      showErrorAtField(error, setError, ['reason']);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => {
        reset({ reason: '' });
        done.exited();
      }}
      title={t('case.reopen.title', { caseNo })}
      intro={t('case.reopen.intro')}
      pending={reopen.isPending}
      submitLabel={t('case.reopen.submit')}
      pendingLabel={t('case.reopen.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <FormTextField
        control={control}
        name="reason"
        required
        autoFocus
        fullWidth
        multiline
        minRows={3}
        label={t('case.reopen.reason')}
      />
    </FormDialog>
  );
}

// Reassign ------------------------------------------------------------------------------------

interface AssignValues {
  officerId: string;
}
const assignResolver = plainResolver(assignOfficerInputSchema) as unknown as Resolver<
  AssignValues,
  unknown,
  AssignValues
>;

/** Puts another officer in charge (IRAdmin); they are told by e-mail. */
export function ReassignDialog({ caseNo, officerId, open, onClose }: CaseDialogProps & { officerId: string | null }) {
  const { t } = useTranslation(irNs);
  const { notify } = useNotification();
  const officers = useOfficers();
  const assign = useAssignOfficer(caseNo);
  const { control, handleSubmit, reset, setError } = useForm<AssignValues, unknown, AssignValues>({
    values: { officerId: officerId ?? '' },
    resolver: assignResolver,
    mode: 'onTouched',
  });
  // Giving the case to the officer who has it would change nothing.
  const chosen = useWatch({ control, name: 'officerId' });
  const unchanged = officerId !== null && chosen === officerId;
  const current = officers.data?.find((officer) => officer.id === officerId)?.name ?? '';
  const submit = async (input: AssignValues) => {
    try {
      await assign.mutateAsync(input);
      const name = officers.data?.find((officer) => officer.id === input.officerId)?.name ?? '';
      notify({ message: t('case.reassign.done', { caseNo, name }), severity: 'success' });
      onClose();
    } catch (error) {
      showErrorAtField(error, setError, ['officerId']);
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onExited={() => reset({ officerId: officerId ?? '' })}
      title={t('case.reassign.title', { caseNo })}
      intro={t('case.reassign.intro')}
      pending={assign.isPending}
      submitLabel={t('case.reassign.submit')}
      pendingLabel={t('case.reassign.submitting')}
      onSubmit={(event) => void handleSubmit(submit)(event)}
      submitDisabled={unchanged}
    >
      <FormSelectField
        control={control}
        name="officerId"
        required
        autoFocus
        fullWidth
        label={t('case.reassign.officer')}
        helperText={unchanged ? t('case.reassign.same', { name: current }) : undefined}
        options={[
          { value: '', label: '' },
          ...(officers.data ?? []).map((officer) => ({
            value: officer.id,
            label: t('case.reassign.openCases', { name: officer.name, count: officer.openCases }),
          })),
        ]}
      />
    </FormDialog>
  );
}
