import LockResetIcon from '@mui/icons-material/LockReset';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { initialsOf, plainNameOf, validEmailOf } from '@staff-portal/shared/signed-in-user';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../lib/auth-context';
import { AccountPage } from './components/account-page';
import { LanguageSwitch } from './components/language-switch';
import { departmentLabels } from './profile-details';
import type { UpdateUserAttributes } from './user-attributes';
import { accountNs } from '../../locales/account';

function Section({ title, titleId, children }: { title: string; titleId: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ px: { xs: 2.5, sm: 4 }, py: 3 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** `/profile` (docs/product/specification.md §2): name, e-mail, departments, Change Password, and the language switch. */
export function ProfilePage({ updateUserAttributes }: { updateUserAttributes?: UpdateUserAttributes } = {}) {
  const { t } = useTranslation([accountNs, 'common']);
  const { user } = useAuth();
  const departmentId = useId();
  const securityId = useId();
  const languageId = useId();
  const languageHintId = useId();

  // The route guard shows a spinner until the user has loaded; nothing to show meanwhile.
  if (user === null) return null;

  const name = plainNameOf(user);
  const email = validEmailOf(user);
  const departments = departmentLabels(user.department, t('profile.adminSuffix'));

  return (
    <AccountPage title={t('profile.title')}>
      <Card variant="outlined" sx={{ borderRadius: 3 }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 2, sm: 3 }}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, px: { xs: 2.5, sm: 4 }, py: 3 }}
        >
          <Avatar aria-hidden sx={{ width: 72, height: 72, fontSize: 28, fontWeight: 700, bgcolor: 'primary.main' }}>
            {initialsOf(name)}
          </Avatar>
          <Box component="dl" sx={{ m: 0, minWidth: 0, display: 'grid', gap: 1.5 }}>
            <div>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t('profile.name')}
              </Typography>
              <Typography component="dd" variant="h6" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {name}
              </Typography>
            </div>
            <div>
              <Typography component="dt" variant="caption" color="text.secondary">
                {t('profile.email')}
              </Typography>
              <Typography
                component="dd"
                variant="body1"
                sx={{ m: 0, overflowWrap: 'anywhere' }}
                color={email === null ? 'error' : 'text.primary'}
              >
                {email ?? t('common:invalidEmail')}
              </Typography>
            </div>
          </Box>
        </Stack>
        <Divider />
        <Section title={t('profile.department')} titleId={departmentId}>
          {departments.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('profile.noDepartment')}
            </Typography>
          ) : (
            <Box
              component="ul"
              aria-labelledby={departmentId}
              sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
            >
              {departments.map((department) => (
                <li key={department}>
                  <Chip label={department} color="primary" variant="outlined" />
                </li>
              ))}
            </Box>
          )}
        </Section>
        <Divider />
        <Section title={t('profile.security')} titleId={securityId}>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
          >
            <Typography variant="body2" color="text.secondary">
              {t('profile.securityHint')}
            </Typography>
            <Button
              component={RouterLink}
              to="/profile/reset-password"
              variant="contained"
              startIcon={<LockResetIcon />}
              sx={{ flexShrink: 0 }}
            >
              {t('profile.changePassword')}
            </Button>
          </Stack>
        </Section>
        <Divider />
        <Box component="section" aria-labelledby={languageId} sx={{ px: { xs: 2.5, sm: 4 }, py: 3 }}>
          <Typography id={languageId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('profile.language')}
          </Typography>
          <Typography id={languageHintId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('profile.languageHint')}
          </Typography>
          <LanguageSwitch
            labelledBy={languageId}
            describedBy={languageHintId}
            {...(updateUserAttributes === undefined ? {} : { updateUserAttributes })}
          />
        </Box>
      </Card>
    </AccountPage>
  );
}
