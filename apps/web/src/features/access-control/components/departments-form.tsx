import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import type { AccountDetail, DepartmentOption } from '@staff-portal/shared/access-control';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotification } from '../../../components/notification-context';
import { accountName, departmentLabel } from '../account-texts';
import { useSetDepartments } from '../api/set-departments';
import type { Outcome } from './outcome';
import { accessControlNs } from '../../../locales/access-control';

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((name) => b.includes(name));

/**
 * An account's departments as checkboxes, saved as one whole set. Those this admin may not grant
 * or revoke (the server's `grantable` says which: docs/product/access.md §3) stay as they are,
 * disabled. The caller remounts it (its key) when the saved departments change.
 */
export function DepartmentsForm({
  detail,
  departments,
  onOutcome,
}: {
  detail: AccountDetail;
  departments: readonly DepartmentOption[];
  onOutcome: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation(accessControlNs);
  const { notify } = useNotification();
  const { account, grantable } = detail;
  const save = useSetDepartments(account.username);
  const [chosen, setChosen] = useState<readonly string[]>(account.departments);
  const legendId = useId();
  const hintId = useId();

  // Every department there is, and any the account holds that the list does not (yet) name.
  const codes = departments.map((option) => option.code);
  const options = [...codes, ...account.departments.filter((name) => !codes.includes(name))];
  const locked = options.filter((name) => !grantable.includes(name));
  const changed = !sameSet(chosen, account.departments);

  const submit = async () => {
    const next = options.filter((name) => chosen.includes(name));
    try {
      // Awaited rather than in `mutate()`'s callbacks: the refetch after the save remounts this
      // form (its key), and an unmounted form would hear nothing from them.
      await save.mutateAsync({ departments: next });
      const message = t('departments.saved', { name: accountName(account) });
      notify({ message, severity: 'success' });
      onOutcome({ severity: 'success', message });
    } catch (error) {
      // Refused: the notification says why (lib/api-client.ts), and nothing changed.
      onOutcome({ severity: 'error', error });
    }
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <FormControl component="fieldset" aria-describedby={locked.length > 0 ? hintId : undefined}>
        <FormLabel component="legend" id={legendId} sx={{ fontWeight: 600, color: 'text.primary' }}>
          {t('departments.title')}
        </FormLabel>
        <FormGroup row>
          {options.map((name) => (
            <FormControlLabel
              key={name}
              label={departmentLabel(name, departments)}
              disabled={!grantable.includes(name) || save.isPending}
              control={
                <Checkbox
                  checked={chosen.includes(name)}
                  onChange={(event) =>
                    setChosen((previous) =>
                      event.target.checked ? [...previous, name] : previous.filter((held) => held !== name),
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
        {locked.length > 0 && <FormHelperText id={hintId}>{t('departments.protectedHint')}</FormHelperText>}
      </FormControl>
      <Button
        variant="contained"
        size="small"
        disabled={!changed || save.isPending}
        onClick={() => void submit()}
        startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {save.isPending ? t('saving') : t('save')}
      </Button>
    </Stack>
  );
}
