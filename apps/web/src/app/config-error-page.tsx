import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { StatusPage } from '../components/status-page';
import { ThemeRoot } from './provider';
// Shown before the app's providers exist, so it initialises the translations itself.
import '../lib/i18n';

/** Shown instead of the app when the runtime config is missing or unusable (docs/product/specification.md §8). */
export function ConfigErrorPage() {
  const { t } = useTranslation(['shell', 'common']);
  return (
    <Box
      component="main"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <StatusPage
        icon={<ReportProblemOutlinedIcon />}
        tone="error"
        title={t('configError.title')}
        message={t('configError.message')}
        actions={
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => {
              window.location.reload();
            }}
          >
            {t('common:reload')}
          </Button>
        }
      />
    </Box>
  );
}

/** The configuration error with the theme it needs: shown instead of the whole app. */
export function ConfigErrorScreen() {
  return (
    <ThemeRoot>
      <ConfigErrorPage />
    </ThemeRoot>
  );
}
