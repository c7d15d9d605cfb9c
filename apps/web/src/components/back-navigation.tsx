import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';

/** The seed's "Go Back" button: `steps` entries back in the history. */
export function GoBackButton({ steps = 1 }: { steps?: number }) {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <Button variant="contained" startIcon={<ArrowBackIcon />} onClick={() => void navigate(-steps)}>
      {t('goBack')}
    </Button>
  );
}

/**
 * Not in the seed: a page opened from a bookmark or a pasted link has no history to go back
 * to, so "Go Back" alone would leave the user stranded.
 */
export function GoHomeButton() {
  const { t } = useTranslation();
  return (
    <Button variant="outlined" startIcon={<HomeOutlinedIcon />} component={RouterLink} to="/">
      {t('goHome')}
    </Button>
  );
}
