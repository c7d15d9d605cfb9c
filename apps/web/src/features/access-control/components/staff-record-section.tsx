import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { unlinkStaffRecordInputSchema } from '@staff-portal/shared/access-control';
import type { AccountDetail, AccountStaffRecord } from '@staff-portal/shared/access-control';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/facts';
import { FormDialog } from '../../../components/form-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useNotification } from '../../../components/notification-context';
import { FormTextField } from '../../../components/form-text-field';
import { showErrorAtField } from '../../../lib/field-error';
import { accountName } from '../account-texts';
import { accessControlKeys } from '../api/access-control-keys';
import { useLinkStaffRecord } from '../api/link-staff-record';
import { useUnlinkStaffRecord } from '../api/unlink-staff-record';
import type { Outcome } from './outcome';
import { accessControlNs } from '../../../locales/access-control';

/** What the page gives a staff record create dialog: the account to prefill it with, and what to do after. */
export interface StaffRecordCreatorProps {
  open: boolean;
  account: { sub: string; email: string; name: string | null };
  onClose: () => void;
  onCreated: (record: { staffId: string; displayName: string }) => void;
}

/**
 * Renders the staff records' own create dialog (the leave administration's, through
 * `POST /leave/admin/staff`): features do not import each other, so the page that composes both
 * (`app/access-control-route.tsx`) passes it in. Without it, Create is not offered.
 */
export type StaffRecordCreator = (props: StaffRecordCreatorProps) => ReactNode;

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function RecordFacts({ record }: { record: AccountStaffRecord }) {
  const { t } = useTranslation(accessControlNs);
  const facts: [string, ReactNode][] = [
    [t('staffRecord.staffId'), record.staffId],
    [t('staffRecord.name'), record.displayName],
    [t('staffRecord.department'), record.departmentCode],
    [
      t('staffRecord.approver'),
      record.approverName === null ? t('staffRecord.noApprover') : `${record.approverName} (${record.approverStaffId})`,
    ],
    [t('staffRecord.recordEmail'), record.email],
  ];
  return <Facts facts={facts} />;
}

/**
 * Asks before unlinking. A record that still has the account's e-mail would be linked again at
 * the next sign-in, so it then asks for the record's new e-mail (decision record 0039).
 */
function UnlinkDialog({
  open,
  detail,
  record,
  onClose,
  onOutcome,
}: {
  open: boolean;
  detail: AccountDetail;
  record: AccountStaffRecord;
  onClose: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation(accessControlNs);
  const { notify } = useNotification();
  const unlink = useUnlinkStaffRecord(detail.account.username);
  const needsEmail = sameEmail(record.email, detail.account.email);
  const { control, handleSubmit, setError, reset } = useForm<{ email: string }>({ defaultValues: { email: '' } });

  // FormDialog does not close while the request is under way.
  const close = () => {
    reset();
    onClose();
  };

  const submit = handleSubmit(({ email }) => {
    let input = {};
    if (needsEmail) {
      const parsed = unlinkStaffRecordInputSchema.safeParse({ email });
      if (!parsed.success || parsed.data.email === undefined || sameEmail(parsed.data.email, detail.account.email)) {
        setError('email', { type: 'validate', message: t('staffRecord.newEmailInvalid') });
        return;
      }
      input = { email: parsed.data.email };
    }
    unlink.mutate(input, {
      onSuccess: () => {
        const message = t('staffRecord.unlinked', { staffId: record.staffId });
        notify({ message, severity: 'success' });
        onOutcome({ severity: 'success', message });
        reset();
        onClose();
      },
      onError: (failure) => {
        // A refused new e-mail is said under it; anything else, on the page.
        if (needsEmail && showErrorAtField(failure, setError, ['email'])) return;
        onOutcome({ severity: 'error', error: failure });
        onClose();
      },
    });
  });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={t('staffRecord.unlinkTitle', { staffId: record.staffId })}
      intro={t('staffRecord.unlinkBody')}
      pending={unlink.isPending}
      submitLabel={t('staffRecord.unlinkSubmit')}
      pendingLabel={t('staffRecord.unlinking')}
      onSubmit={(event) => void submit(event)}
      submitColour="error"
      maxWidth="xs"
      fullScreenOnPhone={false}
    >
      {needsEmail && (
        <>
          <DialogContentText>{t('staffRecord.unlinkNeedsEmail')}</DialogContentText>
          <FormTextField
            control={control}
            name="email"
            fullWidth
            required
            type="email"
            autoComplete="off"
            label={t('staffRecord.newEmail')}
          />
        </>
      )}
    </FormDialog>
  );
}

/**
 * The account's staff leave record (docs/product/screens.md §14; decision record 0039): the
 * linked one with Unlink, or, when none, the record with the account's e-mail to link (the only
 * one the server would accept) and Create, through the staff records' own dialog.
 */
export function StaffRecordSection({
  detail,
  onOutcome,
  createStaffRecord,
}: {
  detail: AccountDetail;
  onOutcome: (outcome: Outcome) => void;
  createStaffRecord?: StaffRecordCreator | undefined;
}) {
  const { t } = useTranslation(accessControlNs);
  const { notify } = useNotification();
  const queryClient = useQueryClient();
  const { account, staffRecord, suggestedStaffRecord } = detail;
  const link = useLinkStaffRecord(account.username);
  const [unlinking, setUnlinking] = useState(false);
  const [creating, setCreating] = useState(false);
  const name = accountName(account);

  const linkSuggested = (record: AccountStaffRecord) =>
    link.mutate(
      { staffId: record.staffId },
      {
        onSuccess: () => {
          const message = t('staffRecord.linked', { staffId: record.staffId, name });
          notify({ message, severity: 'success' });
          onOutcome({ severity: 'success', message });
        },
        onError: (error) => onOutcome({ severity: 'error', error }),
      },
    );

  return (
    <Stack spacing={1.5}>
      <Typography variant="body2" color="text.secondary">
        {t('staffRecord.intro')}
      </Typography>
      {staffRecord !== null ? (
        <>
          <RecordFacts record={staffRecord} />
          {!staffRecord.active && (
            <Box>
              <Chip label={t('staffRecord.inactive')} size="small" color="warning" />
            </Box>
          )}
          <Box>
            <Button variant="outlined" color="error" onClick={() => setUnlinking(true)}>
              {t('staffRecord.unlink')}
            </Button>
          </Box>
          <UnlinkDialog
            open={unlinking}
            detail={detail}
            record={staffRecord}
            onClose={() => setUnlinking(false)}
            onOutcome={onOutcome}
          />
        </>
      ) : (
        <>
          <Typography variant="body2">{t('staffRecord.none')}</Typography>
          {suggestedStaffRecord !== null && (
            <Alert
              severity="info"
              action={
                <Button
                  color="inherit"
                  size="small"
                  disabled={link.isPending}
                  onClick={() => linkSuggested(suggestedStaffRecord)}
                >
                  {link.isPending
                    ? t('staffRecord.linking')
                    : t('staffRecord.linkSuggested', { staffId: suggestedStaffRecord.staffId })}
                </Button>
              }
            >
              {t('staffRecord.suggested', {
                staffId: suggestedStaffRecord.staffId,
                name: suggestedStaffRecord.displayName,
              })}
            </Alert>
          )}
          {/* A record with the account's e-mail exists: a second one could not have it. */}
          {suggestedStaffRecord === null && createStaffRecord !== undefined && (
            <Box>
              <Button variant="outlined" onClick={() => setCreating(true)}>
                {t('staffRecord.create')}
              </Button>
            </Box>
          )}
        </>
      )}
      {createStaffRecord?.({
        open: creating,
        account: { sub: account.username, email: account.email, name: account.name },
        onClose: () => setCreating(false),
        onCreated: (record) => {
          setCreating(false);
          const message = t('staffRecord.created', { staffId: record.staffId, name: record.displayName });
          onOutcome({ severity: 'success', message });
          void queryClient.invalidateQueries({ queryKey: accessControlKeys.all });
        },
      })}
    </Stack>
  );
}
