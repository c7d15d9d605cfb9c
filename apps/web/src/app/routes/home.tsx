import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { passesGuards } from '@staff-portal/shared/groups';
import { displayNameOf } from '@staff-portal/shared/signed-in-user';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAuth } from '../../features/auth/auth-context';
import { routeTable } from '../route-table';

type LinkKey = 'leave' | 'leaveAdmin' | 'accessControl' | 'industrialRelations' | 'itAdmin';

/**
 * Seed §1 "pages listed per department": HR sees the E-Leave System; HRAdmin and ITAdmin also
 * the Access Control Page and the E-Leave System Admin. IR and IT admin follow PRODUCT.md §3.
 * Each link is shown only when the route's own guard admits the user.
 */
const quickLinks: { key: LinkKey; path: string; icon: ReactNode }[] = [
  { key: 'leave', path: '/shared/hr-services/leave', icon: <BeachAccessOutlinedIcon /> },
  { key: 'leaveAdmin', path: '/shared/hr-services/leave/admin', icon: <ManageAccountsOutlinedIcon /> },
  { key: 'accessControl', path: '/shared/access-control', icon: <AdminPanelSettingsOutlinedIcon /> },
  { key: 'industrialRelations', path: '/shared/industrial-relations', icon: <GavelOutlinedIcon /> },
  { key: 'itAdmin', path: '/it-admin', icon: <ComputerOutlinedIcon /> },
];

function guardsOf(path: string) {
  const entry = routeTable.find((route) => route.path === path);
  if (entry === undefined) throw new Error(`No route ${path} in the route table.`);
  return entry.guards;
}

/** Home (`/`): a greeting and the quick links the user's departments may open. */
export function HomePage() {
  const { t } = useTranslation(['home', 'common']);
  const { user, superAdminUserId } = useAuth();
  if (user === null) return null;
  const holder = { id: user.id, groups: user.department };
  const visible = quickLinks.filter(({ path }) => passesGuards(holder, guardsOf(path), { superAdminUserId }));

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1100, width: '100%' }}>
      <title>{`${t('title')} · ${t('common:appName')}`}</title>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, mb: 1, fontSize: { xs: '1.6rem', sm: '2.125rem' } }}
      >
        {t('greeting', { name: displayNameOf(user) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {visible.length > 0 ? t('intro') : t('noPages')}
      </Typography>
      {visible.length > 0 && (
        <Box component="section" aria-labelledby="home-quick-links">
          <Typography id="home-quick-links" variant="h6" component="h2" sx={{ mb: 2 }}>
            {t('quickLinks')}
          </Typography>
          <Box
            component="ul"
            sx={{
              listStyle: 'none',
              p: 0,
              m: 0,
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
            }}
          >
            {visible.map(({ key, path, icon }) => (
              <li key={key}>
                <Card variant="outlined" sx={{ height: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={path}
                    aria-label={t('open', { page: t(`links.${key}.title`) })}
                    sx={{ height: '100%', alignItems: 'flex-start' }}
                  >
                    <CardContent>
                      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, color: 'primary.main' }}>
                        {icon}
                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
                          {t(`links.${key}.title`)}
                        </Typography>
                      </Stack>
                      <Typography variant="body2" color="text.secondary">
                        {t(`links.${key}.description`)}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}
