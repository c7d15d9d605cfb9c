import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AccountAction, AccountDetail } from '@staff-portal/shared/access-control';
import { accountChangeRefusal } from '@staff-portal/shared/access-control-rules';
import type { AccountChange } from '@staff-portal/shared/access-control-rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { useAuth } from '../../../lib/auth-context';
import { reasonText } from '../../../lib/error-text';
import { accountName } from '../account-texts';
import { useAccountAction } from '../api/account-action';
import { useDeleteAccount } from '../api/delete-account';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import type { Outcome } from './outcome';
import { accessControlNs } from '../../../locales/access-control';

/** The actions this account offers now (docs/product/screens.md §14), in the order they show. */
export function offeredChanges({ account, signedInOnce }: AccountDetail): AccountChange[] {
  const changes: AccountChange[] = [account.enabled ? 'disable' : 'enable', 'reset-password', 'sign-out'];
  // An invitation is for someone who has never signed in and still holds the temporary password.
  if (!signedInOnce && account.status === 'FORCE_CHANGE_PASSWORD') changes.push('resend-invitation');
  // An account that has been used is disabled, never deleted (decision record 0011).
  if (!signedInOnce) changes.push('delete');
  return changes;
}

const DESTRUCTIVE: readonly AccountChange[] = ['disable', 'delete'];

/**
 * The buttons for what can be done to the account, each behind a confirmation that says what
 * will happen. What the shared rules already refuse for this admin (docs/product/access.md §3)
 * is offered disabled, with the reason; the server checks again, and its refusal (a 403 with a
 * reason) shows in the notification and in the drawer (`onOutcome`), worded in the user's
 * language, and changes nothing.
 */
export function AccountActions({
  detail,
  onDeleted,
  onOutcome,
}: {
  detail: AccountDetail;
  onDeleted: () => void;
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation([accessControlNs, 'errors']);
  const { notify } = useNotification();
  const { user, superAdminUserId } = useAuth();
  const { account } = detail;
  const action = useAccountAction(account.username);
  const remove = useDeleteAccount(account.username);
  const [asking, setAsking] = useState<AccountChange | null>(null);
  // What the confirmation last asked about, kept while it closes so its text does not vanish.
  const [shown, setShown] = useState<AccountChange>('sign-out');
  const ask = (change: AccountChange) => {
    setShown(change);
    setAsking(change);
  };
  const busy = action.isPending || remove.isPending;

  const actor = { id: user?.id ?? '', groups: user?.department ?? [] };
  const target = {
    id: account.username,
    departments: account.departments,
    enabled: account.enabled,
    signedInOnce: detail.signedInOnce,
  };
  // How many ITAdmins remain is the server's to know: that rule is left to it.
  const directory = { superAdminUserId, enabledItAdmins: Number.POSITIVE_INFINITY };
  const changes = offeredChanges(detail).map((change) => ({
    change,
    refusal: accountChangeRefusal(actor, target, change, directory),
  }));
  const reasons = [...new Set(changes.flatMap(({ refusal }) => (refusal === null ? [] : [reasonText(refusal)])))];

  const values = { name: accountName(account), email: account.email };

  const confirm = async (change: AccountChange) => {
    try {
      if (change === 'delete') {
        await remove.mutateAsync();
        onDeleted();
      } else {
        await action.mutateAsync(change satisfies AccountAction);
      }
      const message = t(`actions.${change}.done`, values);
      notify({ message, severity: 'success' });
      onOutcome({ severity: 'success', message });
    } catch (error) {
      // Refused: the notification says why (lib/api-client.ts), and nothing changed.
      onOutcome({ severity: 'error', error });
    } finally {
      setAsking(null);
    }
  };

  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        {changes.map(({ change, refusal }) => (
          <Button
            key={change}
            variant="outlined"
            size="small"
            color={DESTRUCTIVE.includes(change) ? 'error' : 'primary'}
            disabled={refusal !== null || busy}
            onClick={() => ask(change)}
          >
            {t(`actions.${change}.button`)}
          </Button>
        ))}
      </Stack>
      {reasons.map((reason) => (
        <Typography key={reason} variant="body2" color="text.secondary">
          {reason}
        </Typography>
      ))}
      <ConfirmDialog
        open={asking !== null}
        title={t(`actions.${shown}.title`, values)}
        body={t(`actions.${shown}.body`, values)}
        confirmLabel={t(`actions.${shown}.confirm`)}
        cancelLabel={t('cancel')}
        confirmColour={DESTRUCTIVE.includes(shown) ? 'error' : 'primary'}
        busy={busy}
        onConfirm={() => {
          if (asking !== null) void confirm(asking);
        }}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}
