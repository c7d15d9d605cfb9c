import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import BeachAccessOutlinedIcon from '@mui/icons-material/BeachAccessOutlined';
import ComputerOutlinedIcon from '@mui/icons-material/ComputerOutlined';
import GavelOutlinedIcon from '@mui/icons-material/GavelOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ManageAccountsOutlinedIcon from '@mui/icons-material/ManageAccountsOutlined';
import PersonOutlineOutlinedIcon from '@mui/icons-material/PersonOutlineOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { displayNameOf } from '@staff-portal/shared/signed-in-user';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth-context';
import { HomeLeaveSummary } from '../../features/leave/home-leave-summary';
import { LinkCardGrid, useMayOpen } from '../link-cards';
import { homeNs } from '../../locales/home';

const LEAVE = '/shared/hr-services/leave';

type LinkKey = 'leave' | 'leaveAdmin' | 'accessControl' | 'industrialRelations' | 'itAdmin';

/**
 * Seed §1 "pages listed per department": HR sees the E-Leave System; HRAdmin and ITAdmin also
 * the Access Control Page and the E-Leave System Admin. IR and IT admin follow docs/product/access.md.
 * Each link is shown only when the route's own guard admits the user.
 */
const quickLinks: { key: LinkKey; path: string; icon: ReactNode }[] = [
  { key: 'leave', path: LEAVE, icon: <BeachAccessOutlinedIcon /> },
  { key: 'leaveAdmin', path: '/shared/hr-services/leave/admin', icon: <ManageAccountsOutlinedIcon /> },
  { key: 'accessControl', path: '/shared/access-control', icon: <AdminPanelSettingsOutlinedIcon /> },
  { key: 'industrialRelations', path: '/shared/industrial-relations', icon: <GavelOutlinedIcon /> },
  { key: 'itAdmin', path: '/it-admin', icon: <ComputerOutlinedIcon /> },
];

/**
 * What every signed-in user can open, offered when no page is listed for their departments (the
 * organisation's own department, CLUB, the co-ops) so that home is never a dead end.
 */
const everyoneLinks: { key: 'profile' | 'teamSpace'; path: string; icon: ReactNode }[] = [
  { key: 'profile', path: '/profile', icon: <PersonOutlineOutlinedIcon /> },
  { key: 'teamSpace', path: '/team-space', icon: <GroupsOutlinedIcon /> },
];

/**
 * Home (`/`): a greeting, my leave at a glance where I use E-Leave, and the quick links my
 * departments may open, or, when they may open none, what anyone can do.
 */
export function HomePage() {
  const { t } = useTranslation([homeNs, 'common']);
  const { user } = useAuth();
  const mayOpen = useMayOpen();
  if (user === null) return null;
  const visible = quickLinks
    .filter(({ path }) => mayOpen(path))
    .map(({ key, path, icon }) => ({
      key,
      path,
      icon,
      title: t(`links.${key}.title`),
      description: t(`links.${key}.description`),
    }));
  const fallback = everyoneLinks.map(({ key, path, icon }) => ({
    key,
    path,
    icon,
    title: t(`links.${key}.title`),
    description: t(`links.${key}.description`),
  }));
  const cards = visible.length > 0 ? visible : fallback;

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
      {mayOpen(LEAVE) && <HomeLeaveSummary />}
      <Box component="section" aria-labelledby="home-quick-links">
        <Typography id="home-quick-links" variant="h6" component="h2" sx={{ mb: 2 }}>
          {visible.length > 0 ? t('quickLinks') : t('whatYouCanDo')}
        </Typography>
        <LinkCardGrid cards={cards} openLabel={(page) => t('open', { page })} />
      </Box>
    </Box>
  );
}
