import LockResetIcon from '@mui/icons-material/LockReset';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PASSWORD_CHANGED_ATTRIBUTE } from '@staff-portal/shared/constants';
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useNotification } from '../../components/notification-context';
import { formatDateTime, passwordExpiryShown } from '../../lib/dates';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useAuth } from '../../lib/auth-context';
import { AccountPage } from './components/account-page';
import { PasswordChecklist } from './components/password-checklist';
import { PasswordField } from './components/password-field';
import { amplifyPasswordChange } from './password-change-provider';
import type { PasswordChangeProvider } from './password-change-provider';
import { checkPasswordChange } from './password-change-check';
import type { PasswordChangeValues } from './password-change-check';
import { accountNs } from '../../locales/account';

const EMPTY: PasswordChangeValues = { oldPassword: '', newPassword: '', confirmPassword: '' };

/** The identity provider's own message (docs/product/specification.md §8: "provider message in an error snackbar"). */
function providerMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

interface ChangePasswordPageProps {
  /** Amplify's calls unless a test answers them. */
  provider?: PasswordChangeProvider;
}

/** `/profile/reset-password` (docs/product/specification.md §2 "Change Password page"). */
export function ChangePasswordPage({ provider = amplifyPasswordChange }: ChangePasswordPageProps) {
  const { t, i18n } = useTranslation([accountNs, 'common']);
  const config = useRuntimeConfig();
  const { user, refreshUser } = useAuth();
  const { notify } = useNotification();
  const navigate = useNavigate();
  const checklistId = useId();

  const { control, handleSubmit, formState } = useForm<PasswordChangeValues>({
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const [oldPassword, newPassword, confirmPassword] = useWatch({
    control,
    name: ['oldPassword', 'newPassword', 'confirmPassword'],
  });
  const check = checkPasswordChange({ oldPassword, newPassword, confirmPassword });

  const months = config.auth.passwordExpiryMonths;
  const expired = user?.passwordExpired === true;
  const expiresOn = formatDateTime(passwordExpiryShown(user?.passwordExpiry, months), {
    timeZone: config.organisation.timeZone,
    locale: i18n.resolvedLanguage ?? 'en',
    invalidText: t('common:invalidDate'),
  });
  const required = { required: t('changePassword.required') };

  const submit = async (values: PasswordChangeValues) => {
    try {
      await provider.updatePassword({ oldPassword: values.oldPassword, newPassword: values.newPassword });
    } catch (error) {
      notify({ message: providerMessage(error, t('common:unknownError')), severity: 'error' });
      return;
    }
    try {
      await provider.updateUserAttributes({
        userAttributes: { [PASSWORD_CHANGED_ATTRIBUTE]: new Date().toISOString() },
      });
    } catch {
      notify({ message: t('changePassword.attributeError'), severity: 'error' });
      return;
    }
    // Fresh tokens carry the new last-change date, so the expired state (and its redirect back
    // here) ends before the user lands on /. The password has changed whatever happens here; a
    // lost session is handled by the gate.
    await refreshUser().catch(() => null);
    await navigate('/');
    notify({ message: t('changePassword.success'), severity: 'success' });
  };

  const submitting = formState.isSubmitting;
  return (
    <AccountPage title={t('changePassword.title')}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <Box sx={{ px: { xs: 2.5, sm: 4 }, py: 3 }}>
          {expired && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {t('changePassword.expired')}
            </Alert>
          )}
          <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center' }}>
            <Avatar
              aria-hidden
              sx={{ bgcolor: 'primary.main', width: 44, height: 44, display: { xs: 'none', sm: 'flex' } }}
            >
              <LockResetIcon />
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2">{t('changePassword.expiryPolicy', { months })}</Typography>
              <Typography variant="body2" data-testid="password-expiry" sx={{ mt: 0.5, fontWeight: 600 }}>
                {expired
                  ? t('changePassword.expiredOn', { date: expiresOn })
                  : t('changePassword.expiresOn', { date: expiresOn })}
              </Typography>
            </Box>
          </Stack>
        </Box>
        <Divider />
        <Box
          component="form"
          noValidate
          onSubmit={(event) => void handleSubmit(submit)(event)}
          sx={{ px: { xs: 2.5, sm: 4 }, py: 3 }}
        >
          <Grid container spacing={{ xs: 3, md: 4 }}>
            <Grid size={{ xs: 12, md: 7 }}>
              <Stack spacing={2.5}>
                <PasswordField
                  control={control}
                  name="oldPassword"
                  label={t('changePassword.oldPassword')}
                  autoComplete="current-password"
                  rules={required}
                  autoFocus
                />
                <PasswordField
                  control={control}
                  name="newPassword"
                  label={t('changePassword.newPassword')}
                  autoComplete="new-password"
                  rules={required}
                  problem={check.sameAsOld ? t('changePassword.sameAsOld') : undefined}
                />
                <PasswordField
                  control={control}
                  name="confirmPassword"
                  label={t('changePassword.confirmPassword')}
                  autoComplete="new-password"
                  rules={required}
                />
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 5 }}>
              <Box sx={{ p: 2, borderRadius: 2, bgcolor: 'grey.50', border: 1, borderColor: 'divider' }}>
                <PasswordChecklist id={checklistId} items={check.items} />
              </Box>
            </Grid>
          </Grid>
          <Stack
            direction={{ xs: 'column-reverse', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'flex-end', mt: 4 }}
          >
            {!expired && (
              <Button component={RouterLink} to="/profile" variant="text" disabled={submitting}>
                {t('changePassword.cancel')}
              </Button>
            )}
            <Button
              type="submit"
              variant="contained"
              disabled={!check.canSubmit || submitting}
              startIcon={submitting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            >
              {submitting ? t('changePassword.submitting') : t('changePassword.submit')}
            </Button>
          </Stack>
        </Box>
      </Card>
    </AccountPage>
  );
}
