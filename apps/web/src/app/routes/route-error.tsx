import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { GoHomeButton } from '../../components/back-navigation';
import { StatusPage } from '../../components/status-page';
import { RELOAD_LABEL, ROUTE_ERROR_MESSAGE, ROUTE_ERROR_TITLE } from '../../lib/messages';

/**
 * Shown instead of React Router's developer screen when a page throws or its code cannot be
 * loaded, typically because a new release replaced the hashed files this tab still refers to.
 * Not lazy: it must work exactly when loading a chunk fails.
 */
export function RouteErrorPage() {
  const error = useRouteError();
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
        title={ROUTE_ERROR_TITLE}
        message={ROUTE_ERROR_MESSAGE}
        actions={
          <>
            <Button
              variant="contained"
              startIcon={<RefreshIcon />}
              onClick={() => {
                window.location.reload();
              }}
            >
              {RELOAD_LABEL}
            </Button>
            <GoHomeButton />
          </>
        }
      />
    </Box>
  );
}
