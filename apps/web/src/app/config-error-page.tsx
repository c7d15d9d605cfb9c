import RefreshIcon from '@mui/icons-material/Refresh';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { StatusPage } from '../components/status-page';
import { CONFIG_ERROR_MESSAGE, CONFIG_ERROR_TITLE, RELOAD_LABEL } from '../lib/messages';

/** Shown instead of the app when the runtime config is missing or unusable (seed §8). */
export function ConfigErrorPage() {
  return (
    <Box
      component="main"
      sx={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', bgcolor: 'background.default' }}
    >
      <StatusPage
        icon={<ReportProblemOutlinedIcon />}
        tone="error"
        title={CONFIG_ERROR_TITLE}
        message={CONFIG_ERROR_MESSAGE}
        actions={
          <Button
            variant="contained"
            startIcon={<RefreshIcon />}
            onClick={() => {
              window.location.reload();
            }}
          >
            {RELOAD_LABEL}
          </Button>
        }
      />
    </Box>
  );
}
