import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { SxProps, Theme } from '@mui/material/styles';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { LoadingFallback } from '../../components/loading-fallback';
import { Logo } from '../../components/logo';
import { SIDEBAR_BREAKPOINT, SIDEBAR_RAIL_WIDTH, SIDEBAR_WIDTH } from '../theme';
import { AppBreadcrumb } from './breadcrumb';
import { SidebarContent } from './sidebar';

const SIDEBAR_ID = 'app-sidebar';
const MAIN_ID = 'main-content';
const COLLAPSED_KEY = 'staff-portal.sidebar-collapsed';

function storedCollapsed(): boolean {
  try {
    return globalThis.localStorage?.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberCollapsed(collapsed: boolean): void {
  try {
    globalThis.localStorage?.setItem(COLLAPSED_KEY, String(collapsed));
  } catch {
    // No storage (private browsing): the choice lasts until the page is reloaded.
  }
}

const paperStyles = {
  boxSizing: 'border-box',
  bgcolor: 'primary.main',
  color: 'common.white',
  borderRight: 0,
} as const;

const headerButtonSx: SxProps<Theme> = {
  color: 'inherit',
  '&.Mui-focusVisible': { outline: '2px solid', outlineColor: 'secondary.main' },
};

/** A link that only shows when focused, so keyboard users can jump past the sidebar. */
function SkipLink({ label }: { label: string }) {
  return (
    <Link
      href={`#${MAIN_ID}`}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      {label}
    </Link>
  );
}

/**
 * The common layout of every route (docs/product/specification.md §2): the sidebar (permanent from `lg` up, a temporary
 * drawer opened from a top bar below), the breadcrumb, and the page, with a spinner while its
 * code loads.
 */
export function AppLayout() {
  const { t } = useTranslation(['shell', 'common']);
  const desktop = useMediaQuery((theme: Theme) => theme.breakpoints.up(SIDEBAR_BREAKPOINT), { noSsr: true });
  const [collapsed, setCollapsed] = useState(storedCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);

  const toggleCollapsed = () => {
    setCollapsed((previous) => {
      rememberCollapsed(!previous);
      return !previous;
    });
  };
  const closeDrawer = () => {
    setDrawerOpen(false);
  };

  const railCollapsed = desktop && collapsed;
  const sidebarWidth = railCollapsed ? SIDEBAR_RAIL_WIDTH : SIDEBAR_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100dvh', bgcolor: 'background.default' }}>
      <SkipLink label={t('sidebar.skipToContent')} />

      {desktop ? (
        <Drawer
          variant="permanent"
          sx={(theme) => ({
            width: sidebarWidth,
            flexShrink: 0,
            transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            '& .MuiDrawer-paper': {
              ...paperStyles,
              width: sidebarWidth,
              transition: theme.transitions.create('width', { duration: theme.transitions.duration.shorter }),
            },
          })}
          slotProps={{ paper: { id: SIDEBAR_ID } }}
        >
          <SidebarContent
            collapsed={railCollapsed}
            headerButton={
              <IconButton
                onClick={toggleCollapsed}
                aria-label={railCollapsed ? t('sidebar.expand') : t('sidebar.collapse')}
                aria-controls={SIDEBAR_ID}
                sx={headerButtonSx}
              >
                {railCollapsed ? <ChevronRightIcon /> : <ChevronLeftIcon />}
              </IconButton>
            }
          />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          sx={{ '& .MuiDrawer-paper': { ...paperStyles, width: SIDEBAR_WIDTH } }}
          // MUI makes the temporary drawer's paper a modal dialog, which needs a name.
          slotProps={{ paper: { id: SIDEBAR_ID, 'aria-label': t('sidebar.label') } }}
        >
          <SidebarContent
            collapsed={false}
            onNavigate={closeDrawer}
            headerButton={
              <IconButton onClick={closeDrawer} aria-label={t('sidebar.close')} sx={headerButtonSx}>
                <CloseIcon />
              </IconButton>
            }
          />
        </Drawer>
      )}

      <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        {!desktop && (
          <AppBar position="sticky" elevation={0}>
            <Toolbar sx={{ gap: 1 }}>
              <IconButton
                edge="start"
                color="inherit"
                onClick={() => {
                  setDrawerOpen(true);
                }}
                aria-label={t('sidebar.open')}
                aria-controls={SIDEBAR_ID}
                aria-expanded={drawerOpen}
              >
                <MenuIcon />
              </IconButton>
              <Logo size={28} alt="" />
              <Typography component="div" noWrap sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
                {t('common:appName')}
              </Typography>
            </Toolbar>
          </AppBar>
        )}
        <Box
          component="main"
          id={MAIN_ID}
          // Focusable by the skip link only, not by Tab.
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', outline: 'none' }}
        >
          <Box sx={{ px: { xs: 2, sm: 3 }, pt: { xs: 1.5, sm: 2.5 } }}>
            <AppBreadcrumb />
          </Box>
          <Suspense fallback={<LoadingFallback />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
