import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { displayNameOf, initialsOf, validEmailOf } from '@staff-portal/shared/signed-in-user';
import type { SignedInUser } from '@staff-portal/shared/signed-in-user';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SIDEBAR_BUTTON_COLUMN_WIDTH } from '../theme';
import { sidebarRowSx, visuallyHiddenSx } from './sidebar-styles';

interface UserCardProps {
  /** Null while the user loads. */
  user: SignedInUser | null;
  collapsed: boolean;
  onNavigate?: (() => void) | undefined;
}

/** Seed §2: the sidebar's user card; a click opens /profile. */
export function UserCard({ user, collapsed, onNavigate }: UserCardProps) {
  const { t } = useTranslation(['shell', 'common']);

  if (user === null) {
    return (
      <Box sx={{ ...sidebarRowSx, display: 'flex', alignItems: 'center', py: 1 }} aria-hidden>
        <Box sx={{ width: SIDEBAR_BUTTON_COLUMN_WIDTH, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <Skeleton variant="circular" width={36} height={36} sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
        </Box>
        {!collapsed && (
          <Box sx={{ flexGrow: 1, pr: 1 }}>
            <Skeleton width="70%" sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
            <Skeleton width="90%" sx={{ bgcolor: 'rgba(255,255,255,0.2)' }} />
          </Box>
        )}
      </Box>
    );
  }

  const name = displayNameOf(user);
  const email = validEmailOf(user) ?? t('common:invalidEmail');
  const label = t('sidebar.openProfile', { name });

  // Collapsed, the card is only an avatar and the tooltip names the link. Expanded, a long name
  // or e-mail is cut short, so the tooltip shows both in full and describes the link with them.
  const full = (
    <>
      <Box component="span" sx={{ display: 'block', fontWeight: 600 }}>
        {name}
      </Box>
      <Box component="span" sx={{ display: 'block' }}>
        {email}
      </Box>
    </>
  );

  return (
    <Tooltip title={collapsed ? label : full} describeChild={!collapsed} placement="right">
      <ListItemButton
        component={RouterLink}
        to="/profile"
        onClick={onNavigate}
        aria-label={label}
        sx={{ ...sidebarRowSx, py: 1 }}
      >
        <Box sx={{ width: SIDEBAR_BUTTON_COLUMN_WIDTH, display: 'grid', placeItems: 'center', flexShrink: 0 }}>
          <Avatar
            aria-hidden
            sx={{ width: 36, height: 36, fontSize: '0.9rem', bgcolor: 'secondary.main', color: 'primary.main' }}
          >
            {initialsOf(name)}
          </Avatar>
        </Box>
        <Box sx={collapsed ? visuallyHiddenSx : { minWidth: 0, flexGrow: 1, pr: 1 }}>
          <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.9rem' }} data-testid="user-card-name">
            {name}
          </Typography>
          <Typography noWrap sx={{ fontSize: '0.78rem', opacity: 0.85 }} data-testid="user-card-email">
            {email}
          </Typography>
        </Box>
      </ListItemButton>
    </Tooltip>
  );
}
