import LogoutIcon from '@mui/icons-material/Logout';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Logo } from '../../components/logo';
import { useNotification } from '../../components/notification-context';
import { useAuth } from '../../lib/auth-context';
import { reportError } from '../../lib/report-error';
import { SIDEBAR_BUTTON_COLUMN_WIDTH, SIDEBAR_COLLAPSED_WIDTH } from '../theme';
import { isNavItemActive, NAV_ITEMS } from './nav-items';
import { sidebarRowSx, visuallyHiddenSx } from './sidebar-styles';
import { UserCard } from './user-card';

const iconColumnSx = {
  width: SIDEBAR_BUTTON_COLUMN_WIDTH,
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
} as const;

function RowLabel({ collapsed, children }: { collapsed: boolean; children: ReactNode }) {
  return (
    <Box component="span" sx={collapsed ? visuallyHiddenSx : { flexGrow: 1, minWidth: 0, pr: 1 }}>
      {children}
    </Box>
  );
}

interface SidebarContentProps {
  /** The icon rail of large screens (theme.ts explains the widths). */
  collapsed: boolean;
  /** The button in the header's button column: collapse/expand, or close the temporary drawer. */
  headerButton: ReactNode;
  /** Called after a navigation from the sidebar: the temporary drawer closes. */
  onNavigate?: (() => void) | undefined;
}

/** Seed §2 "Layout": the navigation, the user card and Sign Out. */
export function SidebarContent({ collapsed, headerButton, onNavigate }: SidebarContentProps) {
  const { t } = useTranslation(['shell', 'common']);
  const { pathname } = useLocation();
  const { user, signOut } = useAuth();
  const { notify } = useNotification();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = () => {
    setSigningOut(true);
    signOut()
      .catch((error: unknown) => {
        reportError(error, notify);
      })
      .finally(() => {
        setSigningOut(false);
      });
  };

  const signOutLabel = signingOut ? t('sidebar.signingOut') : t('sidebar.signOut');

  return (
    // A landmark of its own, so the header, the user card and Sign Out are not left outside every
    // landmark (the navigation proper is the nav inside).
    <Box
      component="aside"
      aria-label={t('sidebar.label')}
      sx={{ display: 'flex', flexDirection: 'column', height: '100%', overflowX: 'hidden' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', minHeight: 64, px: `${SIDEBAR_COLLAPSED_WIDTH / 2}px` }}>
        {!collapsed && (
          <Box sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minWidth: 0 }}>
            <Box sx={iconColumnSx}>
              {/* The name is written beside it: the logo itself says nothing more. */}
              <Logo size={32} alt="" />
            </Box>
            <Typography noWrap sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
              {t('common:appName')}
            </Typography>
          </Box>
        )}
        <Box sx={iconColumnSx}>{headerButton}</Box>
      </Box>
      <Divider sx={{ borderColor: 'rgba(255, 255, 255, 0.16)' }} />

      <Box component="nav" aria-label={t('nav.label')} sx={{ flexGrow: 1, py: 1 }}>
        <List disablePadding sx={{ display: 'grid', gap: 0.5 }}>
          {NAV_ITEMS.map(({ path, labelKey, Icon }) => {
            const active = isNavItemActive(path, pathname);
            const label = t(labelKey);
            return (
              <ListItem key={path} disablePadding>
                <Tooltip title={collapsed ? label : ''} placement="right">
                  <ListItemButton
                    component={RouterLink}
                    to={path}
                    selected={active}
                    // The exact page is "page"; a section the page lies in is "true".
                    aria-current={active ? (pathname === path ? 'page' : 'true') : undefined}
                    onClick={onNavigate}
                    sx={{
                      ...sidebarRowSx,
                      flexGrow: 1,
                      '&.Mui-selected, &.Mui-selected:hover, &.Mui-selected.Mui-focusVisible': {
                        bgcolor: 'secondary.main',
                        color: 'primary.main',
                        fontWeight: 700,
                      },
                    }}
                  >
                    <Box sx={iconColumnSx}>
                      <Icon aria-hidden />
                    </Box>
                    <RowLabel collapsed={collapsed}>{label}</RowLabel>
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            );
          })}
        </List>
      </Box>

      <Divider sx={{ borderColor: 'rgba(255, 255, 255, 0.16)' }} />
      <Box sx={{ display: 'grid', gap: 0.5, py: 1 }}>
        <UserCard user={user} collapsed={collapsed} onNavigate={onNavigate} />
        <Tooltip title={collapsed ? signOutLabel : ''} placement="right">
          <ListItemButton
            component="button"
            onClick={handleSignOut}
            disabled={signingOut}
            sx={{ ...sidebarRowSx, width: 'auto', font: 'inherit', border: 0, bgcolor: 'transparent' }}
          >
            <Box sx={iconColumnSx}>
              <LogoutIcon aria-hidden />
            </Box>
            <RowLabel collapsed={collapsed}>{signOutLabel}</RowLabel>
          </ListItemButton>
        </Tooltip>
      </Box>
    </Box>
  );
}
