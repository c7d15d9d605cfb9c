import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';

/**
 * Shown instead of React Router's developer screen when a page throws or its code cannot be
 * loaded, typically because a new release replaced the hashed files this tab still refers to.
 * Not lazy: it must work exactly when loading a chunk fails.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation(['shell', 'common']);
  useEffect(() => {
    console.error('Route error:', error);
  }, [error]);

  return (
    <Box
      component="main"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <StatusPage
        icon={<ErrorOutlineIcon />}
        tone="error"
        title={t('routeError.title')}
        message={t('routeError.message')}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<RefreshIcon />}
              onClick={() => {
                window.location.reload();
              }}
            >
              {t('common:reload')}
            </Button>
            <GoHomeButton />
          </>
        }
      />
    </Box>
  );
}
